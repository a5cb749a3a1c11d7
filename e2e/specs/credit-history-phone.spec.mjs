import { test, expect } from '../support/fixtures.mjs';
import { adjustCredits } from '../support/seed.mjs';
import { signInNewSeller } from '../support/studio-page.mjs';

const PHONE = { width: 390, height: 844 };

/**
 * The credit history on a phone: each entry reads whole on the screen (what, credits, when, the
 * balance after it and what it is about), and neither the page nor the history scrolls sideways.
 */
test('on a phone each credit history entry fits the screen, About included', async ({ page }) => {
  const seller = await signInNewSeller(page, 'ledger-phone');
  const note = 'e2e: credits given back after the catalogue run of the summer collection stopped halfway';
  adjustCredits(seller.email, '+5', note);
  await page.setViewportSize(PHONE);
  await page.goto('/account/billing');
  const ledger = page.getByTestId('ledger');
  const entry = ledger.getByRole('row').filter({ hasText: note });
  await expect(entry).toBeVisible();

  for (const cell of await entry.getByRole('cell').all()) {
    const box = await cell.boundingBox();
    if (!box) continue; // an empty About is not shown
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(entry.getByRole('cell', { name: note })).toBeVisible();
  await expect(entry.getByRole('cell', { name: 'Adjusted', exact: true })).toBeVisible();
  await expect(entry).toContainText('Balance');
  expect(await ledger.evaluate((table) => table.parentElement.scrollWidth - table.parentElement.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
