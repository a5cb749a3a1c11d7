import { test, expect } from '../support/fixtures.mjs';

const ARTICLES = [
  ['quick-start', 'Quick Start Guide', 'Getting Started'],
  ['best-practices', 'Best Practices', 'Getting Started'],
  ['crop-masking', 'Cropping & Masking', 'Tutorials'],
  ['prompt-guide', 'Using Prompts', 'Tutorials'],
  ['placing-products', 'Placing any product', 'Tutorials'],
  ['catalogue-runs', 'Catalogue runs', 'Tutorials'],
  ['export-results', 'Exporting Results', 'Tutorials'],
  ['faq', 'FAQ', 'Reference'],
  ['troubleshooting', 'Troubleshooting', 'Reference'],
  ['keyboard-shortcuts', 'Keyboard Shortcuts', 'Reference'],
];

const sidebar = (page) => page.getByRole('navigation', { name: 'Documentation' });
const searchBox = (page) => sidebar(page).getByRole('searchbox', { name: 'Search the docs' });

/** Issue 32: every point holds at a desktop's and a phone's width. */
const VIEWPORTS = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];

/** A phone's docs menu: "Browse documentation" opens it once the prerendered page has hydrated. */
async function openDocsDrawer(page) {
  // includeHidden: while the drawer is open the page behind it (this button too) is aria-hidden
  const open = page.getByRole('button', { name: 'Browse documentation', includeHidden: true });
  await expect(async () => {
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
  return page.getByRole('dialog', { name: 'Documentation menu' });
}

/** The spec's eight articles, the providers article, "Placing any product", "Catalogue runs", and the API reference's ten. */
const ARTICLE_COUNT = 21;

test.describe('documentation', () => {
  test('/docs redirects to the quick start guide with the sections in the sidebar', async ({ page }) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs\/quick-start$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeVisible();
    for (const section of ['Getting Started', 'Tutorials', 'Reference', 'API reference']) await expect(sidebar(page).getByRole('heading', { name: section, exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveCount(ARTICLE_COUNT);
    await expect(sidebar(page).getByRole('link', { name: 'Quick Start Guide' })).toHaveAttribute('aria-current', 'page');
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}×${viewport.height}`;

    test(`an unknown article is the 404 page, status 404 (${size}, issue 32)`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const answer = await request.get('/docs/no-such-article', { headers: { accept: 'text/html' } });
      expect(answer.status()).toBe(404);
      expect(await answer.text()).toContain('Page Not Found');
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto('/docs/no-such-article');
      expect(response.status()).toBe(404);
      await expect(page).toHaveURL(/\/docs\/no-such-article$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Quick Start Guide' })).toHaveCount(0);
      // the page works once hydrated: Go Home goes home
      await page.getByRole('button', { name: 'Go Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(errors).toEqual([]);
    });

    test(`Enter in the search box opens the first hit (${size}, issue 32)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/docs/quick-start');
      // on a phone the search is in the docs drawer, opened as a phone user does
      const menu = viewport.width < 768 ? await openDocsDrawer(page) : sidebar(page);
      const search = menu.getByRole('searchbox', { name: 'Search the docs' });
      await search.fill('keyboard');
      // the list is the search's only once it says how many it found (the prerendered page may
      // hydrate after the text is typed, and until then it lists every article)
      await expect(menu.getByRole('heading', { level: 2, name: /^\d+ results?$/ })).toBeVisible();
      const hits = menu.getByRole('link');
      const first = (await hits.first().getAttribute('href')).split('?')[0];
      const title = (await hits.first().evaluate((a) => a.firstChild.textContent)).trim();
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${first}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      if (viewport.width < 768) await expect(page.getByRole('dialog', { name: 'Documentation menu' })).toBeHidden();
    });
  }

  for (const viewport of VIEWPORTS) {
    test(`the breadcrumb is one horizontal line (${viewport.width}×${viewport.height}, issue 32)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/docs/prompt-guide');
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect(crumbs).toHaveCount(3);
      const tops = await crumbs.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(tops).size, `crumb tops ${tops.join(', ')}`).toBe(1);
    });
  }

  test('/docs/prompts and /docs/export resolve to their articles', async ({ page }) => {
    await page.goto('/docs/prompts');
    await expect(page).toHaveURL(/\/docs\/prompt-guide$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Using Prompts' })).toBeVisible();
    await page.goto('/docs/export');
    await expect(page).toHaveURL(/\/docs\/export-results$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Exporting Results' })).toBeVisible();
  });

  for (const [id, title, section] of ARTICLES) {
    test(`/docs/${id}: breadcrumbs, tags and content`, async ({ page }) => {
      await page.goto(`/docs/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      await expect(crumbs).toHaveText(['Docs', section, title]);
      await expect(crumbs.last()).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link').first()).toHaveText(/^#/);
      await expect(page.locator('main article h2').first()).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Docs · VTON Studio`);
    });
  }

  test('articles state how the product works', async ({ page }) => {
    await page.goto('/docs/keyboard-shortcuts');
    const shortcuts = page.getByRole('table', { name: 'Mask editor shortcuts' });
    for (const [keys, action] of [
      ['Space + drag', 'Pan the canvas'],
      ['Ctrl + 0', 'Reset the zoom'],
      ['Ctrl + Z', 'Undo'],
      ['Ctrl + Y', 'Redo'],
      ['Delete', 'Clear the mask'],
    ]) {
      await expect(shortcuts.getByRole('row').filter({ hasText: keys }).first()).toContainText(action);
    }
    await expect(page.locator('main article')).toContainText('On a Mac, use Cmd');
    await page.goto('/docs/troubleshooting');
    await expect(page.getByRole('rowheader', { name: 'No ready models available', exact: true })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'VTON Generation Failed', exact: true })).toBeVisible();
    await page.goto('/docs/crop-masking');
    await expect(page.locator('main article')).toContainText('Size 5 to 100 px (default 20), hardness 0 to 100% (default 80)');
  });

  test('the breadcrumb "Docs" goes back to the start, the pager moves between articles', async ({ page }) => {
    await page.goto('/docs/faq');
    await page.getByRole('navigation', { name: 'More articles' }).getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/docs\/troubleshooting$/);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Docs' }).click();
    await expect(page).toHaveURL(/\/docs\/quick-start$/);
  });

  test('search matches title, description and tags, ignoring case, and says when nothing matches', async ({ page }) => {
    await page.goto('/docs/quick-start');
    await searchBox(page).fill('KEYBOARD');
    await expect(page).toHaveURL(/\/docs\/quick-start\?q=KEYBOARD$/);
    await expect(sidebar(page).getByRole('link')).toHaveCount(1);
    await expect(sidebar(page).getByRole('heading', { name: '1 result' })).toBeVisible();

    await searchBox(page).fill('error message'); // description of Troubleshooting
    await expect(sidebar(page).getByRole('link')).toHaveCount(1);
    await expect(sidebar(page).getByRole('link')).toContainText('Troubleshooting');

    await searchBox(page).fill('png'); // a tag of Exporting Results
    await sidebar(page).getByRole('link', { name: /Exporting Results/ }).click();
    await expect(page).toHaveURL(/\/docs\/export-results\?q=png$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Exporting Results' })).toBeVisible();
    await expect(searchBox(page)).toHaveValue('png');

    await searchBox(page).fill('zebra');
    await expect(sidebar(page).getByText('No articles match “zebra”.')).toBeVisible();
    await searchBox(page).fill('');
    await expect(sidebar(page).getByRole('link')).toHaveCount(ARTICLE_COUNT);
    await expect(page).toHaveURL(/\/docs\/export-results$/);
  });

  test('the API reference: searchable operations from the OpenAPI document, and a quick start that leads to the API keys page', async ({ page }) => {
    await page.goto('/docs/quick-start');
    await searchBox(page).fill('crop a garment');
    await sidebar(page).getByRole('link', { name: /Garments API/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Garments API' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'POST /api/garments/{id}/crop' })).toBeVisible();
    await expect(page.getByText('API key scope: try-on.').first()).toBeVisible();

    await page.goto('/docs/api-quick-start');
    await expect(page.getByRole('heading', { level: 2, name: '2. Upload the garment photo' })).toBeVisible();
    await expect(page.getByText("import createClient from 'openapi-fetch'", { exact: false })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'API keys page' }).first().click();
    // Signed out, the page asks to sign in first.
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('/docs?q=… opens with the search filled', async ({ page }) => {
    await page.goto('/docs?q=Prompt');
    await expect(page).toHaveURL(/\/docs\/quick-start\?q=Prompt$/);
    await expect(searchBox(page)).toHaveValue('Prompt');
    await expect(sidebar(page).getByRole('link', { name: /Using Prompts/ })).toBeVisible();
  });

  test('a tag searches the docs', async ({ page }) => {
    await page.goto('/docs/crop-masking');
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#brush' }).click();
    await expect(searchBox(page)).toHaveValue('brush');
    await expect(sidebar(page).getByRole('link', { name: /Cropping & Masking/ })).toBeVisible();
  });

  test('on a phone the sidebar is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/docs/quick-start');
    await expect(sidebar(page)).toBeHidden();
    const drawer = await openDocsDrawer(page);
    await expect(drawer.getByRole('searchbox')).toBeFocused();
    await drawer.getByRole('searchbox').fill('faq');
    await drawer.getByRole('link', { name: /FAQ/ }).click();
    await expect(page).toHaveURL(/\/docs\/faq\?q=faq$/);
    await expect(drawer).toBeHidden();
    const open = page.getByRole('button', { name: 'Browse documentation' });
    await open.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Documentation menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Browse documentation' })).toBeFocused();
  });

  test('the landing footer links lead into the docs', async ({ page }) => {
    await page.goto('/');
    await page.locator('main footer').getByRole('link', { name: 'Using Prompts' }).click();
    await expect(page).toHaveURL(/\/docs\/prompt-guide$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Using Prompts' })).toBeVisible();
  });
});
