import type { INestApplication } from '@nestjs/common';
import { MetricsText, startServiceApp } from '@vton/service-kit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { TokenService, authService } from 'svc-auth/testing';
import { generationService } from '../src/app.module.js';

describe('svc-generation platform (real Postgres and svc-auth)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-generation-keys-'));
  let auth: { app: INestApplication; url: string };
  let generation: { app: INestApplication; url: string };
  let token: string;

  beforeAll(async () => {
    auth = await startServiceApp(authService, { env: { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem') } });
    const env: NodeJS.ProcessEnv = { ...process.env, AUTH_JWKS_URL: `${auth.url}/api/auth/.well-known/jwks.json` };
    delete env.VTON_API_URL;
    // svc-media absent (not the default 3002, where a developer's npm start may be running one).
    env.MEDIA_SERVICE_URL = 'http://127.0.0.1:9';
    generation = await startServiceApp(generationService, { env });
    token = await auth.app.get(TokenService).issue({ id: 9, email: 'seller@example.com' });
  });

  afterAll(async () => {
    await generation?.app.close();
    await auth?.app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('is ready with its database up, and live', async () => {
    const res = await request(generation.url).get('/api/try-on/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
    await request(generation.url).get('/api/try-on/health/live').expect(200);
  });

  it('serves its OpenAPI document', async () => {
    const json = await request(generation.url).get('/api/try-on/docs-json').expect(200);
    expect(json.body.paths['/api/try-on/generate'].post).toBeDefined();
  });

  it('requires a token to generate', async () => {
    await request(generation.url).post('/api/try-on/generate').send({ garmentId: 1, modelIds: [1] }).expect(401);
  });

  it('answers an invalid request with 400, its issues and the first issue as the message', async () => {
    const res = await request(generation.url)
      .post('/api/try-on/generate')
      .auth(token, { type: 'bearer' })
      .send({ garmentId: 'shirt', modelIds: [] })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: res.body.issues[0].message,
      issues: [
        { path: ['garmentId'], message: expect.stringContaining('garmentId') },
        { path: ['modelIds'], message: expect.stringContaining('modelIds') },
      ],
      requestId: res.headers['x-request-id'],
    });
  });

  it('needs no VTON_API_URL: the built-in compositor is the default provider, so the request goes on to §5’s checks (svc-media, absent here)', async () => {
    const res = await request(generation.url)
      .post('/api/try-on/generate')
      .auth(token, { type: 'bearer' })
      .send({ garmentId: 1, modelIds: [2, 3] })
      .expect(503);
    expect(res.body).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The media service is not reachable',
    });
  });

  it('answers 404 in the error shape for an unknown route', async () => {
    const res = await request(generation.url).get('/api/try-on/unknown').set('x-request-id', 'gen-404').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', requestId: 'gen-404' });
  });

  it("serves the kit's HTTP figures with its own at GET /metrics: latency by route pattern, errors by code, every series with its role", async () => {
    const scrape = async () => new MetricsText((await request(generation.url).get('/metrics').expect(200).expect('content-type', /^text\/plain/)).text);
    const before = await scrape();
    for (const id of [2_000_000_001, 2_000_000_002]) await request(generation.url).get(`/api/try-on/jobs/${id}`).auth(token, { type: 'bearer' }).expect(404);
    await request(generation.url).post('/api/try-on/generate').auth(token, { type: 'bearer' }).send({ garmentId: 'shirt', modelIds: [] }).expect(400);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) => (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
    const job = { http_request_method: 'GET', http_route: '/api/try-on/jobs/:id', role: 'api' };
    expect(delta('http_server_request_duration_seconds_count', { ...job, http_response_status_code: '404' })).toBe(2);
    expect(delta('http_server_request_errors_total', { ...job, error_type: 'NOT_FOUND' })).toBe(2);
    expect(delta('http_server_request_errors_total', { http_request_method: 'POST', http_route: '/api/try-on/generate', error_type: 'VALIDATION_FAILED' })).toBe(1);
    expect(after.text).not.toContain('2000000001');
    // svc-generation's own figures and the process metrics are in the same scrape, once each.
    expect(after.value('generation_event_streams', { role: 'api' })).toBe(0);
    expect(after.series.filter((s) => s.name === 'process_cpu_user_seconds_total')).toEqual([expect.objectContaining({ labels: { role: 'api' } })]);
  });
});
