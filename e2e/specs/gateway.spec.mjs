import { test, expect } from '../support/fixtures.mjs';

const services = [
  { health: '/api/auth/health', docs: '/api/auth/docs-json' },
  { health: '/api/media/health', docs: '/api/media/docs-json' },
  { health: '/api/try-on/health', docs: '/api/try-on/docs-json' },
];

for (const { health, docs } of services) {
  test(`${health} answers ready through the gateway and ${docs} is OpenAPI`, async ({ request }) => {
    const res = await request.get(health);
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe('ok');
    const spec = await request.get(docs);
    expect(spec.status()).toBe(200);
    expect((await spec.json()).openapi).toMatch(/^3\./);
  });
}

test('the shell fetches runtime remote locations as same-origin paths', async ({ request }) => {
  const res = await request.get('/config/remotes.json');
  expect(res.status()).toBe(200);
  const config = await res.json();
  expect(config.remotes.map((r) => r.name).sort()).toEqual(['docs', 'gallery', 'marketing', 'studio']);
  for (const remote of config.remotes) {
    expect(remote.entry).toMatch(/^\/mfe\//);
    expect((await request.get(remote.entry)).status()).toBe(200);
  }
});

test('a protected API call without a token is refused in the product error shape', async ({ request }) => {
  const res = await request.get('/api/auth/me');
  expect(res.status()).toBe(401);
  const body = await res.json();
  expect(body).toMatchObject({ statusCode: 401, code: expect.any(String), message: expect.any(String) });
});
