import { test, expect, collectConsoleErrors } from '../support/fixtures.mjs';
import { createVerifiedUser } from '../support/seed.mjs';

// The public pages are prerendered at build time (shell/scripts/prerender.mjs) and hydrated.
const PAGES = [
  {
    path: '/',
    title: 'Product Placement Wizardry · VTON Studio',
    heading: 'Product Placement Wizardry',
    text: ['For e-commerce sellers & content creators', 'No credit card required • 7-day free trial • Cancel anytime', 'Trusted by 1,800+ brands', 'Secure spellcasting'],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy · VTON Studio',
    heading: 'Privacy Policy',
    text: ['What we store', 'Your photos and results are private to your account'],
  },
  {
    path: '/docs/quick-start',
    title: 'Quick Start Guide · Docs · VTON Studio',
    heading: 'Quick Start Guide',
    text: ['Getting Started', 'Create your account', 'Drop your product photo here'],
  },
];

/**
 * Layout shifts without recent input, summed as CLS (window.__cls), and those whose moved
 * elements are all in the page's <main> (window.__mainCls); installed before the first byte.
 */
async function watchLayoutShifts(page) {
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__mainCls = 0;
    new PerformanceObserver((list) => {
      for (const entry of /** @type {LayoutShift[]} */ (list.getEntries())) {
        if (entry.hadRecentInput) continue;
        window.__cls += entry.value;
        if (entry.sources.some((source) => source.node?.parentElement?.closest('main') || source.node?.closest?.('main'))) window.__mainCls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** True once React has attached to the prerendered root (its fiber key is on the element). */
const isHydrated = (page) => page.locator('#root header').evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')));

test.describe('prerendered pages', () => {
  for (const { path, title, heading, text } of PAGES) {
    test(`${path}: the main text is in the HTML the server sends`, async ({ request }) => {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      for (const line of text) expect(html).toContain(line.replace(/&/g, '&amp;'));
      // Styled before any script: styled-components' styles are in the page.
      expect(html).toMatch(/<style data-styled="true"[^>]*>[\s\S]*\S[\s\S]*<\/style>/);
      // No inline executable script: only <script src> and the JSON-LD data block.
      for (const tag of html.match(/<script\b[^>]*>/g)) expect(tag).toMatch(/\bsrc="|type="application\/ld\+json"/);
    });

    test(`${path}: with JavaScript off, a visitor reads the page`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const line of text) await expect(page.getByText(line, { exact: false }).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' })).toBeVisible();
      await context.close();
    });

    test(`${path}: hydrates without a console error or a layout shift`, async ({ page }) => {
      await watchLayoutShifts(page);
      const errors = collectConsoleErrors(page);
      await page.goto(path);
      await expect.poll(() => isHydrated(page)).toBe(true);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => window.__cls)).toBe(0);
    });
  }

  test('after hydration the page is interactive: the pricing toggle and the FAQ answer clicks', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => isHydrated(page)).toBe(true);
    const monthly = page.locator('#pricing').getByRole('button', { name: 'Monthly' });
    await expect(async () => {
      await monthly.click();
      await expect(monthly).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
    }).toPass();
    await expect(page.locator('#pricing').getByRole('article', { name: 'Starter' }).getByTestId('plan-price')).toHaveText('$29');
  });

  test('the landing page runs no app code before it has painted, and a click made before the app took over is not lost', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    // The app's bundle is held back until the visitor has clicked (a slow phone, or a quick visitor).
    let release = () => {};
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const response = await page.goto('/');
    const html = await response.text();
    // The page carries one script: the deferred boot, naming the bundle it loads later; no remote is preloaded.
    const scripts = html.match(/<script\b[^>]*src="[^"]+"[^>]*>/g);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/src="\/deferred-boot\.[0-9a-f]{8}\.js" data-boot="\/main\.[0-9a-f]+\.js"/);
    expect(html).not.toContain('rel="preload" as="script"');
    const monthly = page.locator('#pricing').getByRole('button', { name: 'Monthly' });
    await expect(monthly).toHaveAttribute('aria-pressed', 'false');
    await monthly.click();
    expect(await isHydrated(page)).toBe(false);
    release();
    // Once hydrated, the held click is made again: the toggle switches, once.
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#pricing').getByRole('article', { name: 'Starter' }).getByTestId('plan-price')).toHaveText('$29');
    // A link clicked before the app took over navigates inside the app once it has.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
    // /docs opens its first article.
    await expect(page).toHaveURL(/\/docs\/quick-start$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('signed in, the prerendered landing page switches its calls to action after hydration without errors', async ({ page, baseURL, mailInboxUrl }) => {
    const user = await createVerifiedUser(baseURL, mailInboxUrl, 'prerender');
    await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), user.token);
    await watchLayoutShifts(page);
    const errors = collectConsoleErrors(page);
    const response = await page.goto('/');
    // The HTML is the signed-out page; only the running app knows the visitor.
    expect(await response.text()).toContain('Get Started Free');
    await expect(page.locator('main section').getByRole('link', { name: 'Start Creating' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Account menu for ${user.email}` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    // Nothing on the page moves; in the header the signed-in "Gallery" item appears (spec §2).
    expect(await page.evaluate(() => window.__mainCls)).toBe(0);
  });

  test('a docs article opened with ?q= hydrates, then shows the search', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/docs/quick-start?q=mask');
    await expect(page.getByRole('searchbox', { name: 'Search the docs' })).toHaveValue('mask');
    await expect(page.getByRole('navigation', { name: 'Documentation' }).getByRole('heading', { name: /results?$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown path is answered with the prerendered 404 page and status 404', async ({ request }) => {
    const response = await request.get('/no/such/page', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist.');
    expect(html).toContain('<title>Page Not Found · VTON Studio</title>');
  });

  test('client routes are served the app page, not a prerendered one', async ({ request }) => {
    for (const path of ['/app', '/auth?tab=login', '/docs', '/aurora-demo']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-prerendered');
    }
  });

  test('pages and scripts are sent brotli-compressed', async ({ request }) => {
    const page = await request.fetch('/', { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toBe('br');
    const html = await page.text();
    const script = /<script defer="defer" src="([^"]+)"/.exec(html)[1];
    const asset = await request.fetch(script, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
