import { test, expect } from '../support/fixtures.mjs';

test('/ renders the shell with its navigation and the marketing remote', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Try on' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Docs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Product Placement Wizardry' })).toBeVisible();
});

test('/docs loads the docs remote at the quick-start article', async ({ page }) => {
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs\/quick-start$/);
  await expect(page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path shows the 404 page whose button goes home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).or(page.getByRole('link', { name: 'Go Home' })).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/app while signed out shows Loading... then redirects to /auth', async ({ page }) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth/);
});

test('a remote whose entry fails to load shows a friendly error with a working retry', async ({ page }) => {
  let failing = true;
  await page.route('**/mfe/docs/remoteEntry.js*', (route) => (failing ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
  await page.goto('/docs/quick-start');
  const alert = page.getByRole('alert');
  // The page is prerendered: hydration waits for the remote, and its failure must end in the alert
  // (not in another load on every hydration retry).
  await expect(alert).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
  failing = false;
  await alert.getByRole('button', { name: /try again/i }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('below 768 px the navigation is a side drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: 'Docs' })).toBeHidden();
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Docs' }).or(nav.getByRole('link', { name: 'Docs' }))).toBeVisible();

  // a modal: focus on its first link and kept inside, the page behind hidden, Escape gives focus back to the menu button
  const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
