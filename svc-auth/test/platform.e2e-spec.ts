import type { INestApplication } from '@nestjs/common';
import { DATABASE_NOT_READY_MESSAGE, MetricsText, startServiceApp } from '@vton/service-kit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { authService } from '../src/app.module.js';
import { TokenService } from '../src/tokens/token.service.js';

// A port nothing listens on: the database of the "database down" instance.
const CLOSED_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:9/vton';

describe('svc-auth platform (real Postgres)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-keys-'));
  const env = { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'jwt-signing-key.pem') };
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startServiceApp(authService, { env }));
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('is ready with its database up, after running its migrations in its own schema', async () => {
    const res = await request(url).get('/api/auth/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
    const ran = await app.get(DataSource).query('SELECT name FROM auth.migrations');
    expect(ran.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['CreateAuthSchema1767225600000', 'CreateUsers1767398400000']));
  });

  it('answers liveness', async () => {
    await request(url).get('/api/auth/health/live').expect(200, { status: 'ok' });
  });

  it('serves the merged OpenAPI 3.1 document of the public API at /api/openapi.json', async () => {
    const res = await request(url).get('/api/openapi.json').expect(200).expect('content-type', /application\/json/);
    expect(res.body).toMatchObject({ openapi: '3.1.0', info: { title: 'VTON Studio API' } });
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/garments', '/api/models/{id}/mask', '/api/try-on/jobs', '/api/generated-images']));
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves its OpenAPI document and UI', async () => {
    const json = await request(url).get('/api/auth/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/auth/me', '/api/auth/.well-known/jwks.json', '/api/auth/health']));
    expect(json.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ui = await request(url).get('/api/auth/docs').redirects(1).expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('publishes its ES256 public key, and the key survives a restart', async () => {
    const res = await request(url).get('/api/auth/.well-known/jwks.json').expect(200);
    expect(res.body.keys).toHaveLength(1);
    const [key] = res.body.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(key).not.toHaveProperty('d');

    const again = await startServiceApp(authService, { env });
    try {
      const second = await request(again.url).get('/api/auth/.well-known/jwks.json').expect(200);
      expect(second.body.keys[0].kid).toBe(key.kid);
    } finally {
      await again.app.close();
    }
  });

  it('answers /api/auth/me with 401 in the error shape without a token', async () => {
    const res = await request(url).get('/api/auth/me').set('x-request-id', 'trace-me-1').expect(401);
    expect(res.headers['x-request-id']).toBe('trace-me-1');
    expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required', requestId: 'trace-me-1' });
  });

  it('answers /api/auth/me with 401 for a valid token whose account does not exist', async () => {
    const token = await app.get(TokenService).issue({ id: 2_000_000_000, email: 'nobody@example.com' });
    const res = await request(url).get('/api/auth/me').auth(token, { type: 'bearer' }).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required' });
  });

  it('answers an unknown route with 404 in the error shape and a generated request id', async () => {
    const res = await request(url).get('/api/auth/nope').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed JSON body with 400 in the error shape', async () => {
    const res = await request(url).post('/api/auth/login').set('content-type', 'application/json').send('{"email":').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', requestId: res.headers['x-request-id'] });
  });

  it('serves GET /metrics outside /api: latency by route pattern and status, errors by code, process metrics', async () => {
    const scrape = async () => {
      const res = await request(url).get('/metrics').expect(200).expect('content-type', /^text\/plain/);
      return new MetricsText(res.text);
    };
    const before = await scrape();
    const count = (metrics: MetricsText, name: string, labels: Record<string, string>) => metrics.value(name, labels) ?? 0;
    // Two ids, one series: the label is the route pattern, never the URL.
    await request(url).delete('/api/auth/api-keys/123').expect(401);
    await request(url).delete('/api/auth/api-keys/456').expect(401);
    await request(url).get('/api/auth/nope').expect(404);
    const after = await scrape();

    const keyRoute = { http_request_method: 'DELETE', http_route: '/api/auth/api-keys/:id' };
    const latency = (m: MetricsText) => count(m, 'http_server_request_duration_seconds_count', { ...keyRoute, http_response_status_code: '401' });
    expect(latency(after) - latency(before)).toBe(2);
    const unauthorized = (m: MetricsText) => count(m, 'http_server_request_errors_total', { ...keyRoute, error_type: 'UNAUTHORIZED' });
    expect(unauthorized(after) - unauthorized(before)).toBe(2);
    const notFound = (m: MetricsText) => count(m, 'http_server_request_errors_total', { http_request_method: 'GET', http_route: 'unmatched', error_type: 'NOT_FOUND' });
    expect(notFound(after) - notFound(before)).toBe(1);
    expect(after.text).not.toMatch(/api-keys\/123|\/api\/auth\/nope/);
    expect(after.value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('starts without its database, stays live and says why it is not ready', async () => {
    const down = await startServiceApp(authService, { env: { ...env, DATABASE_URL: CLOSED_DATABASE_URL } });
    try {
      await request(down.url).get('/api/auth/health/live').expect(200);
      const res = await request(down.url).get('/api/auth/health').expect(503);
      expect(res.body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('database is down'),
        details: { database: { status: 'down' } },
        requestId: expect.any(String),
      });
      // A route that needs the database answers 503 with Retry-After until it is connected, never 500.
      const login = await request(down.url).post('/api/auth/login').send({ email: 'seller@example.com', password: 'correct horse battery' }).expect(503);
      expect(login.headers['retry-after']).toBeDefined();
      expect(login.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: DATABASE_NOT_READY_MESSAGE });
    } finally {
      await down.app.close();
    }
  });
});
