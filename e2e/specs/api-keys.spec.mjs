import http from 'node:http';
import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, setPlan } from '../support/seed.mjs';

/** The API keys page in the browser: a seller creates a key, copies it, sees it work, and revokes it. */
test.describe('API keys page', () => {
  test('creates a key shown once, copies it, lists it by its prefix, and revokes it so it stops working', async ({ page, context, baseURL, mailInboxUrl }) => {
    const seller = await createVerifiedUser(baseURL, mailInboxUrl, 'api-keys');
    // Keys need Professional or Enterprise, the page's webhooks Enterprise (e2e/specs/credits.spec.mjs: the plan gates).
    setPlan(seller.email, 'enterprise');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), seller.token);

    // From the user menu, as a seller finds it.
    await page.goto('/app');
    await page.getByRole('button', { name: `Account menu for ${seller.email}` }).click();
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/account\/api-keys$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await expect(page.getByText('You have no API keys yet.')).toBeVisible();

    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Key name').fill('Catalog sync');
    await form.getByRole('checkbox', { name: /gallery:read/ }).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByLabel('Your new key “Catalog sync”');
    await expect(shown).toHaveValue(/^vtk_[A-Za-z0-9_-]{43}$/);
    const key = await shown.inputValue();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // Listed by its prefix only, never in full.
    const row = page.getByRole('row', { name: /Catalog sync/ });
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText('try-on, gallery:read');
    await expect(row).toContainText('Never');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('main')).not.toContainText(key);

    // On a phone the keys table scrolls sideways inside its panel; the page itself does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The copied key works on the public routes like the browser's sign-in, with its rate on each answer.
    const models = await page.request.get('/api/models', { headers: { Authorization: `Bearer ${key}` } });
    expect(models.status()).toBe(200);
    expect(models.headers()['ratelimit-policy']).toMatch(/^"api-key";q=\d+;w=\d+$/);
    await page.reload();
    await expect(page.getByRole('row', { name: /Catalog sync/ })).not.toContainText('Never');

    await page.getByRole('button', { name: 'Revoke Catalog sync' }).click();
    await page.getByRole('button', { name: 'Confirm revoking Catalog sync' }).click();
    await expect(page.getByText('You have no API keys yet.')).toBeVisible();
    const revoked = await page.request.get('/api/models', { headers: { Authorization: `Bearer ${key}` } });
    expect(revoked.status()).toBe(401);
    expect(await revoked.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'This API key has been revoked' });
  });

  test('adds a webhook endpoint (secret shown once) and sends it a test event whose delivery shows its status and response code', async ({ page, baseURL, mailInboxUrl }) => {
    const seller = await createVerifiedUser(baseURL, mailInboxUrl, 'webhooks-page');
    setPlan(seller.email, 'enterprise');
    const received = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const url = `http://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/hooks`;
    try {
      await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), seller.token);
      await page.goto('/account/api-keys');
      const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
      await form.getByLabel('Endpoint URL').fill('https://10.0.0.1/hooks');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(form.getByRole('alert')).toContainText('private, loopback or link-local');

      await form.getByLabel('Endpoint URL').fill(url);
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(page.getByLabel(`Signing secret for ${url}`)).toHaveValue(/^whsec_/);
      await page.getByRole('button', { name: 'Done' }).click();

      const endpoint = page.getByRole('listitem', { name: url });
      await expect(endpoint).toContainText('Nothing delivered yet.');
      // the endpoint's card fills the section's width, as the form above it does (no list indent)
      const [card, list] = await Promise.all([endpoint.boundingBox(), page.getByRole('list', { name: 'Webhook endpoints' }).boundingBox()]);
      expect(Math.abs(card.x - list.x), 'the endpoint card is indented').toBeLessThanOrEqual(1);
      await endpoint.getByRole('button', { name: 'Send test event' }).click();
      await expect(endpoint.getByLabel('Last delivery')).toContainText('Delivered', { timeout: 30_000 });
      await expect(endpoint.getByLabel('Last delivery')).toContainText('HTTP 204');
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0].body)).toMatchObject({ type: 'webhook.test' });
      expect(received[0].headers['webhook-signature']).toMatch(/^v1,/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('on the free trial the forms show what they need and where to upgrade, disabled, before anything is filled in', async ({ page, baseURL, mailInboxUrl }) => {
    const seller = await createVerifiedUser(baseURL, mailInboxUrl, 'api-keys-trial');
    await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), seller.token);
    await page.goto('/account/api-keys');

    const keys = page.getByRole('form', { name: 'Create an API key' });
    await expect(keys).toContainText('API keys need the Professional or Enterprise plan. You are on the free trial.');
    await expect(keys.getByLabel('Key name')).toBeDisabled();
    await expect(keys.getByRole('button', { name: 'Create key' })).toBeDisabled();
    const hooks = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await expect(hooks).toContainText('Webhooks need the Enterprise plan. You are on the free trial.');
    await expect(hooks.getByLabel('Endpoint URL')).toBeDisabled();
    await expect(hooks.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();

    // the server still refuses a key to this account (the page is not the only guard)
    const refused = await page.request.post('/api/auth/api-keys', { headers: { Authorization: `Bearer ${seller.token}` }, data: { name: 'x', scopes: ['try-on'] } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'PLAN_REQUIRED', message: 'API keys need the Professional or Enterprise plan.' });

    await keys.getByRole('link', { name: 'See plans and upgrade' }).click();
    await expect(page).toHaveURL(/\/account\/billing\?plan=professional$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plan & credits' })).toBeVisible();

    // once on Enterprise, both forms work
    setPlan(seller.email, 'enterprise');
    await page.goto('/account/api-keys');
    await expect(page.getByRole('form', { name: 'Create an API key' }).getByRole('button', { name: 'Create key' })).toBeEnabled();
    await expect(page.getByRole('form', { name: 'Add a webhook endpoint' }).getByRole('button', { name: 'Add endpoint' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'See plans and upgrade' })).toHaveCount(0);
  });

  test('asks a visitor to sign in first', async ({ page }) => {
    await page.goto('/account/api-keys');
    // the shell, the session check and the redirect's short delay: a loaded CI machine took over 10 s
    await expect(page).toHaveURL(/\/auth$/, { timeout: 30_000 });
  });
});
