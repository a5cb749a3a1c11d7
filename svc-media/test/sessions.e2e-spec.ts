import type { INestApplication } from '@nestjs/common';
import { AUTH_ERRORS } from '@vton/contracts';
import { startServiceApp } from '@vton/service-kit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { authService } from 'svc-auth/testing';
import { mediaService } from '../src/app.module.js';

/**
 * A session ended in svc-auth (sign out of all devices, password reset) stops its tokens here,
 * on another service that verifies tokens only through svc-auth's JWKS and its list of ended
 * sessions: within SESSION_REVOCATIONS_MAX_AGE_SECONDS (20 s by default, 1 s in this test).
 */
describe('ended sessions on svc-media (real svc-auth, real Postgres)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-media-sessions-'));
  let auth: { app: INestApplication; url: string };
  let media: { app: INestApplication; url: string };

  beforeAll(async () => {
    auth = await startServiceApp(authService, { env: { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem') } });
    media = await startServiceApp(mediaService, {
      env: { ...process.env, AUTH_JWKS_URL: `${auth.url}/api/auth/.well-known/jwks.json`, SESSION_REVOCATIONS_MAX_AGE_SECONDS: '1' },
    });
  });

  afterAll(async () => {
    await media?.app.close();
    await auth?.app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  async function signedIn(): Promise<string> {
    const email = `sessions-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await request(auth.url).post('/api/auth/register').send({ email, password: 'Garment1x', confirmPassword: 'Garment1x' }).expect(201);
    await auth.app.get((await import('typeorm')).DataSource).query(`UPDATE auth.users SET "isEmailVerified" = 'true' WHERE email = $1`, [email]);
    return (await request(auth.url).post('/api/auth/login').send({ email, password: 'Garment1x' }).expect(200)).body.token;
  }

  const models = (token: string) => request(media.url).get('/api/models').set('authorization', `Bearer ${token}`);

  it('"Sign out of all devices" ends every earlier token on svc-media too', async () => {
    const token = await signedIn();
    const other = (await request(auth.url).post('/api/auth/refresh').set('authorization', `Bearer ${token}`).expect(200)).body.token;
    await models(token).expect(200);
    await models(other).expect(200);
    await request(auth.url).post('/api/auth/logout-all').set('authorization', `Bearer ${token}`).expect(200);
    for (const ended of [token, other]) {
      const res = await eventually(() => models(ended), (r) => r.status === 401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_ERRORS.sessionEnded });
    }
    // A new sign-in works at once.
    await models(await loginAgain(token)).expect(200);
  });

  it('a sign-out elsewhere leaves this seller’s other sessions working', async () => {
    const first = await signedIn();
    const email = JSON.parse(Buffer.from(first.split('.')[1], 'base64url').toString()).email as string;
    const second = (await request(auth.url).post('/api/auth/login').send({ email, password: 'Garment1x' }).expect(200)).body.token;
    await request(auth.url).post('/api/auth/logout').set('authorization', `Bearer ${second}`).expect(200);
    await eventually(() => models(second), (r) => r.status === 401);
    await models(first).expect(200);
  });

  async function loginAgain(token: string): Promise<string> {
    const email = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).email as string;
    return (await request(auth.url).post('/api/auth/login').send({ email, password: 'Garment1x' }).expect(200)).body.token;
  }
});

/** Asks again until `done` (the revocation list is re-read every second here); a deadline, not a timing assertion. */
async function eventually(call: () => request.Test, done: (res: request.Response) => boolean, timeoutMs = 30_000): Promise<request.Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call();
    if (done(res)) return res;
    if (Date.now() > deadline) throw new Error(`still ${res.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
