import type { INestApplication } from '@nestjs/common';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@vton/contracts';
import { stoppablePostgres } from '@vton/local-stack';
import { startServiceApp } from '@vton/service-kit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { authService } from '../src/app.module.js';

/**
 * svc-auth on its own real Postgres, stopped and started again: sign-in, registration, the
 * current user and the session list answer 503 with Retry-After in the error shape (never 500),
 * store nothing, and work again by themselves once Postgres is back.
 */
describe('svc-auth when Postgres stops (a real server, stopped and restarted)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-outage-'));
  let postgres: Awaited<ReturnType<typeof stoppablePostgres>>;
  let auth: { app: INestApplication; url: string };
  const email = `outage-${Date.now()}@example.com`;
  const password = 'Garment1x';

  beforeAll(async () => {
    postgres = await stoppablePostgres();
    auth = await startServiceApp(authService, { env: { ...process.env, DATABASE_URL: postgres.url, JWT_KEY_FILE: path.join(keyDir, 'key.pem') } });
    await until(async () => (await request(auth.url).get('/api/auth/health')).status === 200);
  }, 120_000);

  afterAll(async () => {
    await auth?.app.close();
    await postgres?.dispose();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  function expectUnavailable(res: Response): void {
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE, requestId: res.headers['x-request-id'] });
  }

  it('answers 503 while Postgres is down and recovers by itself', async () => {
    await request(auth.url).post('/api/auth/register').send({ email, password, confirmPassword: password }).expect(201);
    await auth.app.get(DataSource).query(`UPDATE auth.users SET "isEmailVerified" = 'true' WHERE email = $1`, [email]);
    const token = (await request(auth.url).post('/api/auth/login').send({ email, password }).expect(200)).body.token;

    await postgres.stop();
    const newcomer = `outage-new-${Date.now()}@example.com`;
    try {
      expectUnavailable(await request(auth.url).post('/api/auth/login').send({ email, password }));
      expectUnavailable(await request(auth.url).post('/api/auth/register').send({ email: newcomer, password, confirmPassword: password }));
      expectUnavailable(await request(auth.url).get('/api/auth/me').set('authorization', `Bearer ${token}`));
      expectUnavailable(await request(auth.url).post('/api/auth/forgot-password').send({ email }));
      expectUnavailable(await request(auth.url).get('/api/auth/sessions/revoked'));
      // The public key needs no database.
      await request(auth.url).get('/api/auth/.well-known/jwks.json').expect(200);
      expect((await request(auth.url).get('/api/auth/health').expect(503)).body.details.database.status).toBe('down');
    } finally {
      await postgres.start();
    }

    await until(async () => (await request(auth.url).get('/api/auth/me').set('authorization', `Bearer ${token}`)).status === 200);
    await request(auth.url).post('/api/auth/login').send({ email, password }).expect(200);
    // The registration refused during the outage stored nothing: the address is still free.
    expect(await auth.app.get(DataSource).query('SELECT 1 FROM auth.users WHERE email = $1', [newcomer])).toEqual([]);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}
