import type { INestApplication } from '@nestjs/common';
import { API_KEY_AUTHORIZE_PATH, API_KEY_ERRORS, API_KEY_PATTERN, API_KEYS_PATH, REVOKED_SESSIONS_PATH, type CreatedApiKey } from '@vton/contracts';
import { startServiceApp } from '@vton/service-kit';
import { decodeJwt } from 'jose';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { API_KEY_VALIDATION } from '../src/api-keys/dto/create-api-key.dto.js';
import { authService } from '../src/app.module.js';
import { BillingService } from '../src/billing/billing.service.js';
import { TokenService } from '../src/tokens/token.service.js';

const RATE_LIMIT = 10;

describe('svc-auth API keys (real Postgres)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-api-keys-'));
  const env = { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem'), API_KEY_RATE_LIMIT: String(RATE_LIMIT), API_KEY_RATE_WINDOW_SECONDS: '3600' };
  let app: INestApplication;
  let url: string;
  let db: DataSource;
  /** Every response body after a key's creation, checked at the end for the key. */
  const seen: string[] = [];
  const keysMade: string[] = [];

  const http = (method: 'get' | 'post' | 'delete', route: string, bearer?: string) => {
    const req = request(url)[method](route);
    if (bearer) req.set('authorization', `Bearer ${bearer}`);
    const originalThen = req.then.bind(req);
    req.then = ((resolve: (r: Response) => unknown, reject: (e: unknown) => unknown) =>
      originalThen((res: Response) => {
        seen.push(JSON.stringify(res.headers) + res.text);
        return resolve(res);
      }, reject)) as typeof req.then;
    return req;
  };

  /** A verified account on the Professional plan (API keys need it; billing.e2e-spec tests that) and a browser sign-in token for it. */
  async function account(): Promise<{ id: number; email: string; token: string }> {
    const email = `keys-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`;
    const [{ id }] = await db.query(`INSERT INTO auth.users (email, password, "isEmailVerified") VALUES ($1, 'not-a-hash', 'true') RETURNING id`, [email]);
    await app.get(BillingService).changePlan(id, { plan: 'professional' }, 'API keys test');
    return { id, email, token: await app.get(TokenService).issue({ id, email }) };
  }

  async function createKey(token: string, body: object = { name: 'Shop sync', scopes: ['try-on'] }): Promise<CreatedApiKey> {
    const res = await request(url).post(API_KEYS_PATH).set('authorization', `Bearer ${token}`).send(body).expect(201);
    keysMade.push(res.body.key);
    return res.body;
  }

  const authorize = (key: string) => http('post', API_KEY_AUTHORIZE_PATH).send({ key });

  beforeAll(async () => {
    ({ app, url } = await startServiceApp(authService, { env }));
    db = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('creates a key shown once in full, then lists it by its prefix with created and last-used times', async () => {
    const seller = await account();
    const created = await createKey(seller.token, { name: '  Shopify sync ', scopes: ['gallery:read', 'try-on', 'try-on'] });
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created).toMatchObject({ name: 'Shopify sync', prefix: created.key.slice(0, 12), scopes: ['gallery:read', 'try-on'], lastUsedAt: null });

    const listed = await http('get', API_KEYS_PATH, seller.token).expect(200);
    expect(listed.body.keys).toEqual([
      { id: created.id, name: 'Shopify sync', prefix: created.key.slice(0, 12), scopes: ['gallery:read', 'try-on'], createdAt: created.createdAt, lastUsedAt: null },
    ]);

    // Only the SHA-256 is stored: no column holds the key.
    const [row] = await db.query('SELECT * FROM auth.api_keys WHERE id = $1', [created.id]);
    expect(row.secretHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));

    await authorize(created.key).expect(200);
    const used = await http('get', API_KEYS_PATH, seller.token).expect(200);
    expect(Date.parse(used.body.keys[0].lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
  });

  it.each([
    ['no name', { name: '   ', scopes: ['try-on'] }, API_KEY_VALIDATION.nameRequired],
    ['a name too long', { name: 'x'.repeat(65), scopes: ['try-on'] }, API_KEY_VALIDATION.nameTooLong],
    ['no scopes', { name: 'k', scopes: [] }, API_KEY_VALIDATION.scopesRequired],
    ['an unknown scope', { name: 'k', scopes: ['admin'] }, API_KEY_VALIDATION.unknownScope],
  ])('refuses %s with 400', async (_what, body, message) => {
    const seller = await account();
    const res = await http('post', API_KEYS_PATH, seller.token).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
  });

  it('answers the other services: the owner, the scopes, a short-lived token for onward calls and the rate left', async () => {
    const seller = await account();
    const created = await createKey(seller.token, { name: 'CI', scopes: ['try-on', 'gallery:write'] });
    const res = await authorize(created.key).expect(200);
    expect(res.body).toMatchObject({
      user: { id: seller.id, email: seller.email },
      keyId: created.id,
      scopes: ['try-on', 'gallery:write'],
      rateLimit: { limit: RATE_LIMIT, remaining: RATE_LIMIT - 1, windowSeconds: 3600 },
    });
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({ sub: String(seller.id), sid: created.id, scope: 'try-on gallery:write' });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it('answers 401 for an unknown or malformed key, and 429 with the window once the key is over its rate', async () => {
    const unknown = `vtk_${'A'.repeat(43)}`;
    expect((await authorize(unknown).expect(401)).body).toMatchObject({ code: 'UNAUTHORIZED', message: API_KEY_ERRORS.invalid });
    await authorize('vtk_short').expect(401);

    const seller = await account();
    const { key } = await createKey(seller.token);
    for (let i = 0; i < RATE_LIMIT; i++) await authorize(key).expect(200);
    const limited = await authorize(key).expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { rateLimit: { limit: RATE_LIMIT, remaining: 0, windowSeconds: 3600 } } });
    expect(limited.body.details.rateLimit.resetSeconds).toBeGreaterThan(0);
    // Another key of the same account has its own count.
    await authorize((await createKey(seller.token)).key).expect(200);
  });

  it('revokes a key: it stops at once, leaves the list, and its id joins the list the other services read', async () => {
    const seller = await account();
    const created = await createKey(seller.token);
    const before = new Date(Date.now() - 1000).toISOString();
    await http('delete', `${API_KEYS_PATH}/${created.id}`, seller.token).expect(204);
    expect((await authorize(created.key).expect(401)).body.message).toBe(API_KEY_ERRORS.revoked);
    expect((await http('get', API_KEYS_PATH, seller.token).expect(200)).body.keys).toEqual([]);
    const revoked = await http('get', `${REVOKED_SESSIONS_PATH}?since=${before}`).expect(200);
    expect(revoked.body.revoked.map((r: { sessionId: string }) => r.sessionId)).toContain(created.id);
    // Revoking twice, or another account's key, is a 404.
    await http('delete', `${API_KEYS_PATH}/${created.id}`, seller.token).expect(404);
    const other = await createKey((await account()).token);
    await http('delete', `${API_KEYS_PATH}/${other.id}`, seller.token).expect(404);
    await authorize(other.key).expect(200);
  });

  it('never lets a key reach the auth routes: no new keys, no password or session changes, not even /me', async () => {
    const seller = await account();
    const { key } = await createKey(seller.token, { name: 'everything', scopes: ['try-on', 'gallery:read', 'gallery:write'] });
    for (const [method, route] of [
      ['post', API_KEYS_PATH],
      ['get', API_KEYS_PATH],
      ['get', '/api/auth/me'],
      ['post', '/api/auth/refresh'],
      ['post', '/api/auth/logout-all'],
    ] as const) {
      const res = await http(method, route, key).send({ name: 'more', scopes: ['try-on'] }).expect(403);
      expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: API_KEY_ERRORS.notAllowed });
    }
    // Nor is the short-lived token a service gets for the key any better.
    const { token } = (await authorize(key).expect(200)).body;
    const onward = await http('post', API_KEYS_PATH, token).send({ name: 'more', scopes: ['try-on'] }).expect(403);
    expect(onward.body.message).toBe(API_KEY_ERRORS.notAllowed);
    expect((await http('get', API_KEYS_PATH, seller.token)).body.keys).toHaveLength(1);
  });

  it('never shows a key again in any answer after the one that created it', () => {
    expect(keysMade.length).toBeGreaterThan(5);
    for (const key of keysMade) for (const body of seen) expect(body).not.toContain(key);
  });
});
