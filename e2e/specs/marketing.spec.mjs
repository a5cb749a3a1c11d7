import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser } from '../support/seed.mjs';

const PLANS = {
  Starter: { monthly: '$29', yearly: '$228', crossed: '$348', saving: 'Save $120 per year', button: 'Start Free Trial' },
  Professional: { monthly: '$89', yearly: '$708', crossed: '$1,068', saving: 'Save $360 per year', button: 'Start Professional' },
  Enterprise: { monthly: '$249', yearly: '$2,388', crossed: '$2,988', saving: 'Save $600 per year', button: 'Contact Sales' },
};

const FEATURES = {
  Starter: ['50 generation credits/month', '4K export quality', 'basic background templates', 'standard processing speed', 'email support'],
  Professional: ['500 credits/month', '4K export', 'premium backgrounds & effects', 'priority processing', 'API access included'],
  Enterprise: ['unlimited credits', '4K export + RAW formats', 'custom brand templates', 'dedicated account manager', 'full API & webhook access'],
};
const SIXTH_FEATURE = { Starter: 'commercial license', Professional: 'priority support & training', Enterprise: 'white-label solutions' };

const main = (page) => page.locator('main');

test.describe('landing page', () => {
  test('shows hero, benefits, pricing, testimonials, FAQ, closing call to action and footer in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Placement Wizardry' })).toBeVisible();
    const order = await main(page).evaluate((root) =>
      Array.from(root.querySelectorAll('h1, h2, footer')).filter((el) => !el.closest('footer') || el.tagName === 'FOOTER').map((el) => (el.tagName === 'FOOTER' ? 'footer' : el.textContent)),
    );
    expect(order).toEqual([
      'Product Placement Wizardry',
      'A photo studio that fits in your browser',
      'Simple pricing for every catalog',
      'Sellers and creators love the magic',
      'Frequently asked questions',
      'Ready to dress your catalog?',
      'footer',
    ]);
    await expect(page).toHaveTitle('Product Placement Wizardry · VTON Studio');
  });

  test('hero: badge, bullets, note and a real before/after demo with sized images', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    for (const text of ['For e-commerce sellers & content creators', 'Any product works', 'No size limits', '4K export quality', 'No credit card required • 7-day free trial • Cancel anytime']) {
      await expect(hero.getByText(text, { exact: true })).toBeVisible();
    }
    for (const label of ['Before', 'Garment', 'After']) await expect(hero.getByText(label, { exact: true })).toBeVisible();
    const images = hero.locator('img');
    await expect(images).toHaveCount(3);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      await expect(img).toHaveAttribute('alt', /.+/);
      await expect.poll(() => img.evaluate((/** @type {HTMLImageElement} */ el) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(images.nth(2)).toHaveAttribute('alt', /Try-on result/);
  });

  test('benefits: three cards from the product claims', async ({ page }) => {
    await page.goto('/');
    const benefits = page.locator('#benefits');
    await expect(benefits.getByRole('listitem')).toHaveCount(3);
    for (const title of ['About 80% cheaper than a shoot', 'Results in 30-60 seconds', 'Up to 4K, no size limits']) {
      await expect(benefits.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
  });

  test('pricing: yearly by default with Save 35%, the toggle arithmetic for all three plans', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    const yearly = pricing.getByRole('button', { name: /Yearly/ });
    const monthly = pricing.getByRole('button', { name: 'Monthly' });
    await expect(yearly).toHaveAttribute('aria-pressed', 'true');
    await expect(yearly.getByText('Save 35%')).toBeVisible();

    const expectYearly = async () => {
      for (const [name, p] of Object.entries(PLANS)) {
        const card = pricing.getByRole('article', { name });
        await expect(card.getByTestId('plan-price')).toHaveText(p.yearly);
        await expect(card.getByText('/year', { exact: true })).toBeVisible();
        await expect(card.getByTestId('plan-crossed-out')).toHaveText(p.crossed);
        await expect(card.getByTestId('plan-crossed-out')).toHaveCSS('text-decoration-line', 'line-through');
        await expect(card.getByTestId('plan-saving')).toHaveText(p.saving);
      }
    };
    await expectYearly();

    await monthly.click();
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await expect(yearly).toHaveAttribute('aria-pressed', 'false');
    for (const [name, p] of Object.entries(PLANS)) {
      const card = pricing.getByRole('article', { name });
      await expect(card.getByTestId('plan-price')).toHaveText(p.monthly);
      await expect(card.getByText('/month', { exact: true })).toBeVisible();
      await expect(card.getByTestId('plan-crossed-out')).toHaveCount(0);
    }

    await yearly.click();
    await expectYearly();
  });

  test('pricing: personas, five features then "+1 more features", Most Popular, buttons to sign-up and the trust row', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    const personas = { Starter: 'test the waters', Professional: 'scale your campaigns', Enterprise: 'power your business' };
    for (const [name, p] of Object.entries(PLANS)) {
      const card = pricing.getByRole('article', { name });
      await expect(card.getByText(personas[name], { exact: true })).toBeVisible();
      for (const feature of FEATURES[name]) await expect(card.getByText(feature, { exact: true })).toBeVisible();
      await expect(card.getByText(SIXTH_FEATURE[name], { exact: true })).toHaveCount(0);
      await expect(card.getByText('+1 more features')).toBeVisible();
      // Signed out, every plan leads to sign-up (no SALES_EMAIL here for Contact Sales; signed in: credits.spec.mjs).
      await expect(card.getByRole('link', { name: p.button })).toHaveAttribute('href', '/auth?tab=register');
    }
    await expect(pricing.getByText('Most Popular')).toHaveCount(1);
    await expect(pricing.getByRole('article', { name: 'Professional' }).getByText('Most Popular')).toBeVisible();
    await expect(pricing.getByText('Trusted by 1,800+ brands')).toBeVisible();
    await expect(pricing.getByRole('list', { name: 'Platforms our customers sell on' }).getByRole('listitem')).toHaveCount(5);
  });

  test('testimonials: four cards with five stars, quote, name and role', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('#testimonials').getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveText('★★★★★');
      await expect(card.locator('blockquote')).toHaveText(/.{40,}/);
      await expect(card.locator('strong')).toHaveText(/\w+ \w+/);
    }
    await expect(cards.first()).toContainText('Founder, Thread & Thimble');
  });

  test('FAQ: eight items, one open at a time, the open one closes on click, keyboard works', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(8);
    const open = faq.locator('button[aria-expanded="true"]');
    await expect(open).toHaveCount(0);

    await questions.nth(0).click();
    await expect(open).toHaveCount(1);
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    const panelId = await questions.nth(0).getAttribute('aria-controls');
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    await expect(page.locator(`[id="${panelId}"]`)).toContainText('JPG, PNG and WebP');

    await questions.nth(4).click();
    await expect(open).toHaveCount(1);
    await expect(questions.nth(4)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${panelId}"]`)).toBeHidden();

    await questions.nth(4).click();
    await expect(open).toHaveCount(0);

    await questions.nth(6).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(6)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByRole('region', { name: 'Is there a free trial, and can I cancel?' })).toContainText('7-day free trial');
    await page.keyboard.press('Space');
    await expect(open).toHaveCount(0);
  });

  test('closing call to action and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Secure spellcasting', { exact: true })).toBeVisible();
    await expect(page.getByText('14-day magic guarantee', { exact: true })).toBeVisible();
    const footer = page.locator('main footer');
    const columns = {
      'Getting Started': [['Quick Start Guide', '/docs/quick-start'], ['Best Practices', '/docs/best-practices'], ['Start Creating', '/app'], ['FAQ', '/docs/faq']],
      Tutorials: [['Cropping & Masking', '/docs/crop-masking'], ['Using Prompts', '/docs/prompts'], ['Exporting Results', '/docs/export']],
      Legal: [['Terms of Service', '/terms'], ['Privacy Policy', '/privacy'], ['Cookie Policy', '/cookies'], ['GDPR', '/gdpr']],
    };
    for (const [column, links] of Object.entries(columns)) {
      const nav = footer.getByRole('navigation', { name: column });
      await expect(nav.getByRole('heading', { name: column })).toBeVisible();
      for (const [label, href] of links) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} VTON Studio`);
  });

  test('signed out, both calls to action read "Get Started Free" and open registration', async ({ page }) => {
    await page.goto('/');
    const ctas = main(page).getByRole('link', { name: 'Get Started Free' });
    await expect(ctas).toHaveCount(2);
    await expect(main(page).locator('section').getByRole('link', { name: 'Start Creating' })).toHaveCount(0);
    await ctas.first().click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await page.goto('/');
    await ctas.last().click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test('signed in, both calls to action read "Start Creating" and open the workspace', async ({ page, baseURL, mailInboxUrl }) => {
    const user = await createVerifiedUser(baseURL, mailInboxUrl, 'landing');
    await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), user.token);
    await page.goto('/');
    const ctas = main(page).locator('section').getByRole('link', { name: 'Start Creating' });
    await expect(ctas).toHaveCount(2);
    await expect(main(page).getByRole('link', { name: 'Get Started Free' })).toHaveCount(0);
    await ctas.first().click();
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/');
    await ctas.last().click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('loads only the marketing remote, without layout shift', async ({ page }) => {
    const scripts = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of /** @type {LayoutShift[]} */ (list.getEntries())) if (!entry.hadRecentInput) window.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Placement Wizardry' })).toBeVisible();
    // Left alone, the page loads its app a few seconds after the load event (shell/scripts/deferred-boot.js).
    await expect.poll(() => scripts.some((path) => path.startsWith('/mfe/marketing/'))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /^\/mfe\/(studio|gallery|docs)\//.test(path))).toEqual([]);
    expect(await page.evaluate(() => window.__cls)).toBeLessThan(0.05);
  });

  test('the served HTML carries title, description, Open Graph and the WebSite JSON-LD with the docs search', async ({ request }) => {
    const response = await request.get('/', { headers: { accept: 'text/html' } });
    expect(response.ok()).toBe(true);
    const html = await response.text();
    expect(html).toContain('<title>Product Placement Wizardry · VTON Studio</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]*30-60 seconds[^"]*"/);
    expect(html).toMatch(/<meta property="og:title" content="Product Placement Wizardry · VTON Studio"/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    const data = JSON.parse(block[1]);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('WebSite');
    expect(data.potentialAction['@type']).toBe('SearchAction');
    expect(data.potentialAction.target.urlTemplate).toBe('/docs?q={search_term_string}');
    expect(data.potentialAction['query-input']).toBe('required name=search_term_string');
  });
});

test.describe('legal, placeholder and demo pages', () => {
  for (const [path, title, section, fact] of [
    ['/terms', 'Terms of Service', '4. Acceptable use', 'You must have the right to use every photo you upload'],
    ['/privacy', 'Privacy Policy', 'What we store', 'Your photos and results are private to your account'],
    ['/cookies', 'Cookie Policy', 'What we keep in your browser', 'auth_token (local storage, strictly necessary)'],
    ['/gdpr', 'GDPR', 'Your rights', 'Erasure: delete results from your gallery yourself'],
  ]) {
    test(`${path} shows the ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await expect(page.locator('main article')).toContainText(fact);
      await expect(page).toHaveTitle(`${title} · VTON Studio`);
    });
  }

  test('the privacy policy covers e-mail addresses and photos', async ({ page }) => {
    await page.goto('/privacy');
    const article = page.locator('main article');
    await expect(article).toContainText('your e-mail address');
    await expect(article).toContainText('garment photos and model photos');
    await expect(article).toContainText('salted one-way hash');
  });

  for (const [path, title, line] of [
    ['/storyboard', 'Storyboard', 'Create visual narratives and story sequences'],
    ['/inpaint', 'Inpaint', 'Remove and replace objects in images seamlessly'],
    ['/enhance', 'Enhance', 'Improve image quality and add stunning effects'],
  ]) {
    test(`${path} announces "${line}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(line, { exact: true })).toBeVisible();
    });
  }

  test('/aurora-demo animates, and holds still for reduced motion', async ({ page }) => {
    await page.goto('/aurora-demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora demo' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Motion' })).toContainText('Motion is on');
    const animations = () => page.locator('main [aria-hidden="true"]').evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect((await animations()).some((name) => name !== 'none')).toBe(true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByRole('status').filter({ hasText: 'Motion' })).toContainText('Motion is paused');
    expect((await animations()).every((name) => name === 'none')).toBe(true);
  });

  test('an unknown path still shows the 404 page', async ({ page }) => {
    await page.goto('/pricing-typo');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Home' })).toBeVisible();
  });
});
