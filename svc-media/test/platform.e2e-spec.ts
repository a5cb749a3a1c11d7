import type { INestApplication } from '@nestjs/common';
import { JWT_AUDIENCE, JWT_ISSUER, routeFor } from '@vton/contracts';
import { MetricsText, startServiceApp } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { SigningKeys, TokenService, authService } from 'svc-auth/testing';
import { mediaService } from '../src/app.module.js';

const b64 = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('svc-media platform (real Postgres, S3 server and svc-auth)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-media-keys-'));
  let auth: { app: INestApplication; url: string };
  let media: { app: INestApplication; url: string };
  let keys: SigningKeys;
  const user = { id: 5, email: 'seller@example.com' };

  beforeAll(async () => {
    auth = await startServiceApp(authService, { env: { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem') } });
    // svc-media verifies tokens only through svc-auth's real JWKS endpoint.
    media = await startServiceApp(mediaService, { env: { ...process.env, AUTH_JWKS_URL: `${auth.url}/api/auth/.well-known/jwks.json` } });
    keys = auth.app.get(SigningKeys);
  });

  afterAll(async () => {
    await media?.app.close();
    await auth?.app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const models = (token?: string) => {
    const req = request(media.url).get('/api/models');
    return token === undefined ? req : req.set('authorization', `Bearer ${token}`);
  };

  const signed = (claims: { iss?: string; aud?: string; exp?: number | string }) => {
    const jwt = new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
      .setSubject(String(user.id))
      .setIssuer(claims.iss ?? JWT_ISSUER)
      .setAudience(claims.aud ?? JWT_AUDIENCE)
      .setIssuedAt();
    return jwt.setExpirationTime(claims.exp ?? '1h').sign(keys.privateKey);
  };

  it('is ready with its database and its bucket up', async () => {
    const res = await request(media.url).get('/api/media/health').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, storage: { status: 'up', bucket: process.env.S3_BUCKET } },
    });
  });

  it('answers liveness and serves its OpenAPI document', async () => {
    await request(media.url).get('/api/media/health/live').expect(200);
    const json = await request(media.url).get('/api/media/docs-json').expect(200);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/models', '/api/media/health']));
  });

  it('says storage is down when the bucket is unreachable', async () => {
    const noStorage = await startServiceApp(mediaService, { env: { ...process.env, S3_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      const res = await request(noStorage.url).get('/api/media/health').expect(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { storage: { status: 'down' }, database: { status: 'up' } } });
    } finally {
      await noStorage.app.close();
    }
  });

  it('serves GET /metrics outside /api: latency by route pattern and status, errors by code', async () => {
    const token = await auth.app.get(TokenService).issue(user);
    const scrape = async () => new MetricsText((await request(media.url).get('/metrics').expect(200).expect('content-type', /^text\/plain/)).text);
    const before = await scrape();
    for (const id of [2_000_000_001, 2_000_000_002]) {
      const res = await request(media.url).get(`/api/garments/${id}`).set('authorization', `Bearer ${token}`).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    await request(media.url).get('/api/garments/not-a-number').set('authorization', `Bearer ${token}`).expect(400);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) => (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
    const garment = { http_request_method: 'GET', http_route: '/api/garments/:id' };
    expect(delta('http_server_request_duration_seconds_count', { ...garment, http_response_status_code: '404' })).toBe(2);
    expect(delta('http_server_request_errors_total', { ...garment, error_type: 'NOT_FOUND' })).toBe(2);
    expect(delta('http_server_request_errors_total', { ...garment, error_type: 'INVALID_INPUT' })).toBe(1);
    expect(after.text).not.toContain('2000000001');
    // The scrape is not for the outside: the routing table (gateway, Ingress) has no /metrics.
    expect(routeFor('/metrics')).toBe('shell');
  });

  describe('JWT guard', () => {
    it('rejects a request without a token', async () => {
      const res = await models().expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', requestId: expect.any(String) });
    });

    it("accepts svc-auth's token, checked through svc-auth's JWKS", async () => {
      const token = await auth.app.get(TokenService).issue(user);
      await models(token).expect(200, []);
    });

    it('rejects a tampered token', async () => {
      const [header, , signature] = (await auth.app.get(TokenService).issue(user)).split('.');
      const forged = b64({ sub: '1', email: 'admin@example.com', iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 });
      await models(`${header}.${forged}.${signature}`).expect(401);
    });

    it("rejects alg none and HS256 signed with svc-auth's public key", async () => {
      const payload = b64({ sub: '5', email: user.email, iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 });
      await models(`${b64({ alg: 'none', typ: 'JWT', kid: keys.kid })}.${payload}.`).expect(401);
      const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: keys.kid });
      const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }) as string;
      const mac = createHmac('sha256', publicPem).update(`${hsHeader}.${payload}`).digest('base64url');
      await models(`${hsHeader}.${payload}.${mac}`).expect(401);
    });

    it('rejects an expired token', async () => {
      const res = await models(await signed({ exp: Math.floor(Date.now() / 1000) - 60 })).expect(401);
      expect(res.body.message).toBe('Token expired');
    });

    it('rejects a token for another audience or from another issuer', async () => {
      await models(await signed({ aud: 'someone-else' })).expect(401);
      await models(await signed({ iss: 'https://evil.example' })).expect(401);
    });

    it('rejects a token signed by an unknown key', async () => {
      const { generateKeyPairSync } = await import('node:crypto');
      const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const token = await new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'ES256', kid: 'stranger' })
        .setSubject('5').setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setExpirationTime('1h')
        .sign(stranger);
      await models(token).expect(401);
    });
  });
});
