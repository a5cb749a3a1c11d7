import { test, expect } from '../support/fixtures.mjs';

/** Every page of spec §2 (and the account pages beyond it), as a browser asks for it; an unknown path is the 404 page. */
const HTML_ROUTES = [
  '/', '/app', '/gallery', '/auth', '/auth?tab=login', '/verify-email?token=x', '/reset-password?token=x',
  '/docs', '/docs/quick-start', '/storyboard', '/inpaint', '/enhance', '/terms', '/privacy', '/cookies', '/gdpr',
  '/aurora-demo', '/no-such-page', '/mfe/studio/index.html',
];
const statusOf = (route) => (route === '/no-such-page' ? 404 : 200);

const directivesOf = (csp) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

for (const route of HTML_ROUTES) {
  test(`${route} is served with a strict CSP, no framing, a referrer policy and nosniff`, async ({ request }) => {
    const res = await request.get(route, { headers: { accept: 'text/html' } });
    expect(res.status()).toBe(statusOf(route));
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    const csp = res.headers()['content-security-policy'];
    expect(csp).toBeTruthy();
    const directives = directivesOf(csp);
    // 'wasm-unsafe-eval' compiles WebAssembly (the studio's pose model) and allows no JavaScript eval
    expect(directives['script-src'].slice(0, 2)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    for (const source of directives['script-src'].slice(2)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  });
}

test('an injected inline script does not run, while the page (federated remote, styled-components) renders', async ({ page, cspViolations }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Product Placement Wizardry' })).toBeVisible();
  const ran = await page.evaluate(() => new Promise((resolve) => {
    window.__injected = false;
    document.addEventListener('securitypolicyviolation', () => resolve('blocked'), { once: true });
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.appendChild(script);
    setTimeout(() => resolve(window.__injected ? 'ran' : 'blocked'), 500);
  }));
  expect(ran).toBe('blocked');
  // That refusal is the one violation this test caused on purpose.
  expect(cspViolations.every((text) => /inline script/i.test(text))).toBe(true);
  cspViolations.length = 0;
});

test('API answers are in the error shape for unknown paths and never cached', async ({ request }) => {
  const res = await request.get('/api/no-such-thing', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  const me = await request.get('/api/auth/me');
  expect(me.headers()['cache-control']).toBe('no-store');
  expect(me.headers()['x-content-type-options']).toBe('nosniff');
});
