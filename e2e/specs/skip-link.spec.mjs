import { test, expect } from '../support/fixtures.mjs';
import { signInNewSeller } from '../support/studio-page.mjs';

/**
 * "Skip to content" on every kind of page: the first Tab reaches it, it shows, and Enter moves focus
 * past the navigation to the page's main landmark, so the next Tab is inside the page itself.
 */
async function skipsToContent(page, path) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // hidden until reached: nothing of it is in the viewport
  expect(await skip.evaluate((el) => el.getBoundingClientRect().bottom <= 0)).toBe(true);

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
}

test('the skip link on the marketing site and the docs (signed out)', async ({ page }) => {
  await skipsToContent(page, '/');
  await skipsToContent(page, '/docs/quick-start');
});

test('the skip link in the studio, the catalogue and the gallery (signed in)', async ({ page }) => {
  await signInNewSeller(page, 'skiplink');
  await page.setViewportSize({ width: 1440, height: 900 });
  await skipsToContent(page, '/app');
  await skipsToContent(page, '/app/runs');
  await skipsToContent(page, '/gallery');
});
