import { test, expect } from '../support/fixtures.mjs';
import { signInNewSeller } from '../support/studio-page.mjs';

/** The focus ring where a button shows it: its outline, or none. */
/** How a button looks apart from the ring: its border and fill. */
const look = (locator) => locator.evaluate((el) => { const style = getComputedStyle(el); return `${style.borderColor} ${style.backgroundColor}`; });
const ring = (locator) => locator.evaluate((el) => { const style = getComputedStyle(el); return style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineColor}`; });

test.describe('Plan & credits with the keyboard', () => {
  test('the billing period buttons show the focus ring on the chosen period as on the other, and which one is chosen without it', async ({ page }) => {
    await signInNewSeller(page, 'plan-keyboard');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/account/billing');
    const period = page.getByRole('group', { name: 'Billing period' });
    const monthly = period.getByRole('button', { name: 'Monthly' });
    const yearly = period.getByRole('button', { name: /^Yearly/ });
    // Yearly is chosen by default
    await expect(yearly).toHaveAttribute('aria-pressed', 'true');
    await expect(monthly).toHaveAttribute('aria-pressed', 'false');

    await monthly.focus();
    await page.keyboard.press('Tab');
    await expect(yearly).toBeFocused();
    const focusRing = await ring(yearly);
    await page.keyboard.press('Shift+Tab');
    await expect(monthly).toBeFocused();
    // the same ring on both: the chosen one's look does not stand in for (or hide) the focus
    expect(await ring(monthly)).toBe(focusRing);
    expect(focusRing).not.toBe('none');
    // and with the focus elsewhere, the chosen period still shows, without a ring
    await page.keyboard.press('Enter');
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('heading', { level: 1, name: 'Plan & credits' }).click();
    expect(await ring(monthly)).toBe('none');
    expect(await ring(yearly)).toBe('none');
    expect(await look(monthly)).not.toBe(await look(yearly));
    await expect(page.getByText('per month, billed monthly').first()).toBeVisible();
  });
});
