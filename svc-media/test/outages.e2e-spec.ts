import type { INestApplication } from '@nestjs/common';
import { INTERNAL_MEDIA_PATHS, SERVICE_CREDENTIAL, SERVICE_UNAVAILABLE_MESSAGE } from '@vton/contracts';
import { stoppableObjectStorage, stoppablePostgres } from '@vton/local-stack';
import { startServiceApp } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { Client } from 'minio';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { TokenService, authService } from 'svc-auth/testing';
import { mediaService } from '../src/app.module.js';
import { binary, png } from './helpers.js';

type Stoppable = Awaited<ReturnType<typeof stoppablePostgres>>;

/**
 * svc-media on its own real Postgres and S3 server, which this test stops and starts again:
 * every route that needs the stopped one answers 503 in the error shape with Retry-After (never
 * 500), stores nothing, and works again by itself once it is back.
 */
describe('svc-media when Postgres or the object storage stops (real servers, stopped and restarted)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-media-outage-'));
  const bucket = 'vton-outage';
  let postgres: Stoppable;
  let storage: Awaited<ReturnType<typeof stoppableObjectStorage>>;
  let auth: { app: INestApplication; url: string };
  let media: { app: INestApplication; url: string };
  let token: string;
  const userId = 4242;
  const serviceSecret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    [postgres, storage] = await Promise.all([stoppablePostgres(), stoppableObjectStorage({ bucket })]);
    auth = await startServiceApp(authService, { env: { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem') } });
    media = await startServiceApp(mediaService, {
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        S3_ENDPOINT: storage.endpoint,
        S3_BUCKET: bucket,
        AUTH_JWKS_URL: `${auth.url}/api/auth/.well-known/jwks.json`,
        GENERATION_SERVICE_SECRET: serviceSecret,
      },
    });
    token = await auth.app.get(TokenService).issue({ id: userId, email: 'outage@example.com' });
    photo = await png(40, 30);
    await until(async () => (await request(media.url).get('/api/media/health')).status === 200);
  }, 120_000);

  afterAll(async () => {
    await media?.app.close();
    await auth?.app.close();
    await postgres?.dispose();
    await storage?.dispose();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const http = () => request(media.url);
  const as = (req: request.Test) => req.set('authorization', `Bearer ${token}`);
  let photo: Buffer;
  const uploadGarment = () => as(http().post('/api/garments')).attach('file', photo, 'g.png');
  /** A worker's result save (its PNG streamed to the bucket as it arrives), with svc-generation's service credential. */
  const saveResult = async () => {
    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({ job: 'b5bd43a8-1a47-4d2c-9c54-0e0a7f9d2a11' })
      .setProtectedHeader({ alg: SERVICE_CREDENTIAL.algorithm })
      .setIssuer(SERVICE_CREDENTIAL.issuer)
      .setAudience(SERVICE_CREDENTIAL.audience)
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(serviceSecret));
    return http()
      .post(INTERNAL_MEDIA_PATHS.tryOnResults)
      .set('authorization', `Bearer ${credential}`)
      .attach('file', photo, 'result.png')
      .field('garmentId', '1')
      .field('modelId', '1')
      .field('idempotencyKey', `try-on:outage:${now}`);
  };
  /** The seller's object keys in the private bucket, read with the minio client. */
  const objects = async () => {
    const s3 = new Client({
      endPoint: '127.0.0.1', port: Number(new URL(storage.endpoint).port), useSSL: false,
      accessKey: process.env.S3_ACCESS_KEY!, secretKey: process.env.S3_SECRET_KEY!, pathStyle: true,
    });
    const keys: string[] = [];
    for await (const item of s3.listObjectsV2(bucket, `${userId}/`, true)) keys.push((item as { name: string }).name);
    return keys.sort();
  };

  function expectUnavailable(res: Response): void {
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE, requestId: res.headers['x-request-id'] });
  }

  it('object storage down: uploads and image files answer 503 and store nothing; the database routes keep working; then it recovers', async () => {
    const before = (await uploadGarment().expect(201)).body;
    const rowsBefore = (await as(http().get('/api/models')).expect(200)).body;

    await storage.stop();
    try {
      expectUnavailable(await uploadGarment());
      expectUnavailable(await as(http().post('/api/models')).attach('files', await png(30, 30), 'm.png'));
      expectUnavailable(await saveResult());
      expectUnavailable(await http().get(before.url));
      expectUnavailable(await as(http().post(`/api/garments/${before.id}/crop`)).send({ x: 0, y: 0, width: 20, height: 20, naturalWidth: 40, naturalHeight: 30 }));
      // What needs only the database still answers, with signed URLs.
      expect((await as(http().get(`/api/garments/${before.id}`)).expect(200)).body.url).toMatch(/^\/api\/media\/files\//);
      expect((await as(http().get('/api/models')).expect(200)).body).toEqual(rowsBefore);
      expect((await http().get('/api/media/health').expect(503)).body.details.storage.status).toBe('down');
    } finally {
      await storage.start();
    }

    // Back by itself: the same calls work, and the failed ones left no row.
    const after = (await uploadGarment().expect(201)).body;
    await http().get(before.url).buffer(true).parse(binary as never).expect(200);
    const ids = (await postgresQuery('SELECT id FROM media.garments WHERE "userId" = $1 ORDER BY id', [userId])).map((r) => r.id);
    expect(ids).toEqual([before.id, after.id]);
    expect((await as(http().get('/api/models')).expect(200)).body).toEqual(rowsBefore);
  });

  it('Postgres down: every route that needs it answers 503 and stores nothing; then it recovers', async () => {
    const garment = (await uploadGarment().expect(201)).body;
    const objectsBefore = await objects();

    await postgres.stop();
    try {
      expectUnavailable(await as(http().get('/api/generated-images')));
      expectUnavailable(await as(http().get(`/api/garments/${garment.id}`)));
      expectUnavailable(await uploadGarment());
      expectUnavailable(await saveResult());
      expectUnavailable(await as(http().post('/api/generated-images')).send({ imageUrl: `data:image/png;base64,${(await png(5, 5)).toString('base64')}` }));
      expectUnavailable(await as(http().delete(`/api/generated-images/${garment.id}`)));
      expectUnavailable(await as(http().post(`/api/garments/${garment.id}/crop`)).send({ x: 0, y: 0, width: 20, height: 20, naturalWidth: 40, naturalHeight: 30 }));
      expect((await http().get('/api/media/health').expect(503)).body.details.database.status).toBe('down');
      // Nothing of the refused uploads was left in the bucket.
      expect(await objects()).toEqual(objectsBefore);
    } finally {
      await postgres.start();
    }

    await until(async () => (await as(http().get('/api/generated-images'))).status === 200);
    expect((await as(http().get(`/api/garments/${garment.id}`)).expect(200)).body.id).toBe(garment.id);
    await uploadGarment().expect(201);
  });

  async function postgresQuery(sql: string, params: unknown[]): Promise<{ id: number }[]> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
});

/** Waits for a condition that a restarted server makes true (a deadline, not a timing assertion). */
async function until(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}
