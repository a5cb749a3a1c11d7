import { API_KEY_ERRORS, API_KEYS_PATH, WEBHOOK_ERRORS, WEBHOOKS_PATH } from '@vton/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FakeDns } from './fake-dns.js';
import { Platform, type App } from './helpers.js';

/**
 * Webhook endpoints on the real svc-generation (real Postgres), with host names resolved through
 * a DNS server the test controls: what may be added, and what is refused at once.
 */
describe('webhook endpoints (real svc-generation, real Postgres)', () => {
  const platform = new Platform();
  const dns = new FakeDns();
  let production: App;
  let local: App;

  beforeAll(async () => {
    await platform.start();
    await dns.start();
    dns.records.set('hooks.shop.test', ['93.184.216.34']);
    dns.records.set('inside.shop.test', ['10.1.2.3']);
    dns.records.set('metadata.shop.test', ['169.254.169.254']);
    dns.records.set('mixed.shop.test', ['93.184.216.34', 'fd00::1']);
    production = await platform.generation({ WEBHOOK_DNS_SERVERS: dns.server, WEBHOOKS_LOCAL_MODE: 'false' });
    local = await platform.generation({ WEBHOOK_DNS_SERVERS: dns.server, WEBHOOKS_LOCAL_MODE: 'true' });
  });

  afterAll(async () => {
    await local?.app.close();
    await production?.app.close();
    await dns.stop();
    await platform.stop();
  });

  const seller = () => platform.token(2_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const add = (app: App, token: string, url: string, events = ['job.completed']) =>
    request(app.url).post(WEBHOOKS_PATH).set('authorization', `Bearer ${token}`).send({ url, events });

  it('adds an HTTPS endpoint on a public address: the secret is shown once, then the list shows it without', async () => {
    const token = await seller();
    const res = await add(production, token, 'https://hooks.shop.test/vton', ['job.completed', 'model.failed']).expect(201);
    expect(res.body).toMatchObject({ url: 'https://hooks.shop.test/vton', events: ['job.completed', 'model.failed'], disabledAt: null, lastDelivery: null });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await request(production.url).get(WEBHOOKS_PATH).set('authorization', `Bearer ${token}`).expect(200);
    expect(listed.body.endpoints).toEqual([{ id: res.body.id, url: 'https://hooks.shop.test/vton', events: ['job.completed', 'model.failed'], createdAt: res.body.createdAt, disabledAt: null, lastDelivery: null }]);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);
    await request(production.url).get(`${WEBHOOKS_PATH}/${res.body.id}/deliveries`).set('authorization', `Bearer ${token}`).expect(200, { deliveries: [] });
  });

  it.each([
    ['a private address', 'https://10.0.0.8/hook', WEBHOOK_ERRORS.privateAddress],
    ['cloud metadata (link-local)', 'https://169.254.169.254/latest/meta-data', WEBHOOK_ERRORS.privateAddress],
    ['loopback outside local mode', 'https://127.0.0.1:8443/hook', WEBHOOK_ERRORS.privateAddress],
    ['a name that resolves inside', 'https://inside.shop.test/hook', WEBHOOK_ERRORS.privateAddress],
    ['a name that resolves to link-local', 'https://metadata.shop.test/hook', WEBHOOK_ERRORS.privateAddress],
    ['a name with one inside address among public ones', 'https://mixed.shop.test/hook', WEBHOOK_ERRORS.privateAddress],
    ['a name that does not resolve', 'https://nowhere.shop.test/hook', WEBHOOK_ERRORS.unresolvable],
    ['plain HTTP', 'http://hooks.shop.test/hook', WEBHOOK_ERRORS.notHttps],
    ['http://localhost outside local mode', 'http://localhost:9000/hook', WEBHOOK_ERRORS.notHttps],
    ['credentials in the URL', 'https://me:pw@hooks.shop.test/hook', WEBHOOK_ERRORS.credentials],
  ])('refuses %s with 400 naming the url field', async (_what, url, message) => {
    const res = await add(production, await seller(), url).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message, issues: [{ path: ['url'], message }] });
  });

  it('takes http://localhost while running locally, but still no private addresses', async () => {
    const token = await seller();
    await add(local, token, 'http://localhost:9000/hook').expect(201);
    await add(local, token, 'http://127.0.0.1:9000/hook').expect(201);
    expect((await add(local, token, 'http://10.0.0.8/hook').expect(400)).body.message).toBe(WEBHOOK_ERRORS.notHttpsLocal);
    expect((await add(local, token, 'https://inside.shop.test/hook').expect(400)).body.message).toBe(WEBHOOK_ERRORS.privateAddress);
  });

  it('keeps at most 5 endpoints, and deletes only your own', async () => {
    const token = await seller();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await add(production, token, `https://hooks.shop.test/${i}`).expect(201)).body.id);
    expect((await add(production, token, 'https://hooks.shop.test/6').expect(409)).body).toMatchObject({ code: 'CONFLICT', message: WEBHOOK_ERRORS.tooMany });
    await request(production.url).delete(`${WEBHOOKS_PATH}/${ids[0]}`).set('authorization', `Bearer ${await seller()}`).expect(404);
    await request(production.url).delete(`${WEBHOOKS_PATH}/${ids[0]}`).set('authorization', `Bearer ${token}`).expect(204);
    await add(production, token, 'https://hooks.shop.test/6').expect(201);
  });

  it('refuses 400 for bad events, and 403 to an API key: endpoints are managed from the studio only', async () => {
    const token = await seller();
    expect((await add(production, token, 'https://hooks.shop.test/x', []).expect(400)).body.message).toBe('Choose at least one event');
    await add(production, token, 'https://hooks.shop.test/x', ['job.started']).expect(400);

    const [{ id }] = await platform.auth.app.get(DataSource).query(`INSERT INTO auth.users (email, password, "isEmailVerified") VALUES ($1, 'x', 'true') RETURNING id`, [
      `hooks-${Date.now()}-${Math.random()}@example.com`,
    ]);
    const owner = await platform.token(id);
    const { key } = (await request(platform.auth.url).post(API_KEYS_PATH).set('authorization', `Bearer ${owner}`).send({ name: 'k', scopes: ['try-on'] }).expect(201)).body;
    const res = await add(production, key, 'https://hooks.shop.test/key').expect(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: API_KEY_ERRORS.notAllowed });
    await request(production.url).get(WEBHOOKS_PATH).set('authorization', `Bearer ${key}`).expect(403);
  });
});
