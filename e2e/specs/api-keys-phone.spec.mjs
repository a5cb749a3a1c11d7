import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, setPlan } from '../support/seed.mjs';

/** The API keys page on a phone: code in its text wraps between words, never through one. */
test('on a phone the header a key is sent in wraps between its words, not inside “vtk_”', async ({ page, baseURL, mailInboxUrl }) => {
  const seller = await createVerifiedUser(baseURL, mailInboxUrl, 'api-keys-phone');
  setPlan(seller.email, 'professional');
  await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), seller.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account/api-keys');
  const header = page.locator('code', { hasText: 'Authorization: Bearer vtk_…' });
  await expect(header).toBeVisible();
  // Each word of the code is on one line: a Range over it has a single line's boxes.
  const splitWords = await header.evaluate((code) => {
    const text = /** @type {Text} */ (code.firstChild);
    const split = [];
    for (const match of text.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
      if (tops.size > 1) split.push(match[0]);
    }
    return split;
  });
  expect(splitWords).toEqual([]);
});
