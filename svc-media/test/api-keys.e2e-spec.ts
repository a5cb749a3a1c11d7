import type { INestApplication } from '@nestjs/common';
import { API_KEY_AUTHORIZE_PATH, API_KEY_ERRORS, API_KEYS_PATH, type ApiKeyScope } from '@vton/contracts';
import { startServiceApp } from '@vton/service-kit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { BillingService, TokenService, authService } from 'svc-auth/testing';
import { mediaService } from '../src/app.module.js';
import { jpeg } from './helpers.js';

const RATE_LIMIT = 8;

/**
 * Personal API keys on svc-media, a service that checks them only through svc-auth: the scopes
 * of each route, 401 for unknown and revoked keys, the per-key rate limit with its headers, and
 * the onward token a key's calls get (which stops within the revocation list's age).
 */
describe('API keys on svc-media (real svc-auth, real Postgres and S3)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-media-api-keys-'));
  let auth: { app: INestApplication; url: string };
  let media: { app: INestApplication; url: string };

  beforeAll(async () => {
    auth = await startServiceApp(authService, {
      env: { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem'), API_KEY_RATE_LIMIT: String(RATE_LIMIT), API_KEY_RATE_WINDOW_SECONDS: '3600' },
    });
    media = await startServiceApp(mediaService, {
      env: { ...process.env, AUTH_JWKS_URL: `${auth.url}/api/auth/.well-known/jwks.json`, SESSION_REVOCATIONS_MAX_AGE_SECONDS: '1' },
    });
  });

  afterAll(async () => {
    await media?.app.close();
    await auth?.app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  /** A verified seller's browser token, and a key with `scopes` made on the API keys page's route. */
  async function sellerWithKey(...scopes: ApiKeyScope[]): Promise<{ token: string; key: string; keyId: string }> {
    const email = `media-keys-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const [{ id }] = await auth.app.get(DataSource).query(`INSERT INTO auth.users (email, password, "isEmailVerified") VALUES ($1, 'x', 'true') RETURNING id`, [email]);
    // API keys need the Professional plan (svc-auth's billing tests cover the gate).
    await auth.app.get(BillingService).changePlan(id, { plan: 'professional' }, 'svc-media API keys test');
    const token = await auth.app.get(TokenService).issue({ id, email });
    const res = await request(auth.url).post(API_KEYS_PATH).set('authorization', `Bearer ${token}`).send({ name: 'test', scopes }).expect(201);
    return { token, key: res.body.key, keyId: res.body.id };
  }

  const as = (bearer: string) => ({
    get: (route: string) => request(media.url).get(route).set('authorization', `Bearer ${bearer}`),
    post: (route: string) => request(media.url).post(route).set('authorization', `Bearer ${bearer}`),
    delete: (route: string) => request(media.url).delete(route).set('authorization', `Bearer ${bearer}`),
  });

  it('lets a try-on key upload and read garments, with the rate it has left on every answer', async () => {
    const { key } = await sellerWithKey('try-on');
    const upload = await as(key).post('/api/garments').attach('file', await jpeg(64, 48), 'shirt.jpg').expect(201);
    expect(upload.headers['ratelimit-policy']).toBe(`"api-key";q=${RATE_LIMIT};w=3600`);
    expect(upload.headers.ratelimit).toMatch(new RegExp(`^"api-key";r=${RATE_LIMIT - 1};t=\\d+$`));
    const read = await as(key).get(`/api/garments/${upload.body.id}`).expect(200);
    expect(read.body).toMatchObject({ id: upload.body.id, width: 64, height: 48 });
    expect(read.headers.ratelimit).toMatch(new RegExp(`^"api-key";r=${RATE_LIMIT - 2};`));
    await as(key).get('/api/models').expect(200);
  });

  it('answers 403 in the error shape for a route outside the key’s scopes', async () => {
    const gallery = await sellerWithKey('gallery:read');
    await as(gallery.key).get('/api/generated-images').expect(200);
    const upload = await as(gallery.key).post('/api/garments').attach('file', await jpeg(32, 32), 'a.jpg').expect(403);
    expect(upload.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: API_KEY_ERRORS.missingScope(['try-on']) });
    const remove = await as(gallery.key).delete('/api/generated-images/1').expect(403);
    expect(remove.body.message).toBe(API_KEY_ERRORS.missingScope(['gallery:write']));

    const tryOn = await sellerWithKey('try-on');
    const list = await as(tryOn.key).get('/api/generated-images').expect(403);
    expect(list.body).toMatchObject({ code: 'FORBIDDEN', message: API_KEY_ERRORS.missingScope(['gallery:read']) });
    // The browser's sign-in keeps every right.
    await as(tryOn.token).get('/api/generated-images').expect(200);
  });

  it('answers 401 for unknown, malformed and revoked keys; a revoked key stops at once', async () => {
    for (const bad of [`vtk_${'x'.repeat(43)}`, 'vtk_tooshort']) {
      const res = await as(bad).get('/api/models').expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: API_KEY_ERRORS.invalid });
    }
    const { token, key, keyId } = await sellerWithKey('try-on');
    await as(key).get('/api/models').expect(200);
    await request(auth.url).delete(`${API_KEYS_PATH}/${keyId}`).set('authorization', `Bearer ${token}`).expect(204);
    const revoked = await as(key).get('/api/models').expect(401);
    expect(revoked.body).toMatchObject({ code: 'UNAUTHORIZED', message: API_KEY_ERRORS.revoked });
  });

  it('answers 429 in the error shape with Retry-After and RateLimit headers once the key is over its rate', async () => {
    const { key, token } = await sellerWithKey('try-on');
    for (let i = 0; i < RATE_LIMIT; i++) await as(key).get('/api/models').expect(200);
    const limited = await as(key).get('/api/models').expect(429);
    expect(limited.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringContaining(`${RATE_LIMIT} requests per 3600 seconds`) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.headers.ratelimit).toBe(`"api-key";r=0;t=${retryAfter}`);
    expect(limited.headers['ratelimit-policy']).toBe(`"api-key";q=${RATE_LIMIT};w=3600`);
    // The limit is the key's, not the account's: the browser goes on.
    await as(token).get('/api/models').expect(200);
  });

  it('accepts the onward token a service gets for a key, within its scopes, until the key is revoked', async () => {
    const { token, key, keyId } = await sellerWithKey('gallery:read');
    const onward = (await request(auth.url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(200)).body.token as string;
    await as(onward).get('/api/generated-images').expect(200);
    await as(onward).get('/api/models').expect(403);
    await request(auth.url).delete(`${API_KEYS_PATH}/${keyId}`).set('authorization', `Bearer ${token}`).expect(204);
    // svc-media reads svc-auth's list of ended sessions and revoked keys every second here.
    const res = await eventually(() => as(onward).get('/api/generated-images'), (r) => r.status === 401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: API_KEY_ERRORS.revoked });
  });
});

async function eventually(call: () => request.Test, done: (res: request.Response) => boolean): Promise<request.Response> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await call();
    if (done(res) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
