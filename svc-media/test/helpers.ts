import type { INestApplication } from '@nestjs/common';
import { startServiceApp } from '@vton/service-kit';
import { Client } from 'minio';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TokenService, authService } from 'svc-auth/testing';
import { mediaService } from '../src/app.module.js';

/** A small byte limit keeps the over-limit test cheap; an 8K JPEG still fits well below it. */
export const TEST_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const TEST_MAX_DATA_URL_BYTES = 2 * 1024 * 1024;
/** Two files just under TEST_MAX_UPLOAD_BYTES pass it together: the per-request cap is tested with them. */
export const TEST_MAX_UPLOAD_REQUEST_BYTES = 12 * 1024 * 1024;

export interface Seller {
  id: number;
  token: string;
}

/**
 * svc-auth and svc-media started in-process against the real Postgres and S3 server of the
 * jest global setup; svc-media verifies tokens through svc-auth's JWKS as in production.
 */
export class MediaHarness {
  auth!: { app: INestApplication; url: string };
  media!: { app: INestApplication; url: string };
  private readonly keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-media-keys-'));
  readonly s3 = s3Client();

  async start(env: NodeJS.ProcessEnv = {}): Promise<this> {
    this.auth = await startServiceApp(authService, { env: { ...process.env, JWT_KEY_FILE: path.join(this.keyDir, 'key.pem') } });
    this.media = await startServiceApp(mediaService, {
      env: {
        ...process.env,
        AUTH_JWKS_URL: `${this.auth.url}/api/auth/.well-known/jwks.json`,
        MAX_UPLOAD_BYTES: String(TEST_MAX_UPLOAD_BYTES),
        MAX_DATA_URL_BYTES: String(TEST_MAX_DATA_URL_BYTES),
        MAX_UPLOAD_REQUEST_BYTES: String(TEST_MAX_UPLOAD_REQUEST_BYTES),
        ...env,
      },
    });
    await this.untilDatabaseReady();
    return this;
  }

  async stop(): Promise<void> {
    await this.media?.app.close();
    await this.auth?.app.close();
    fs.rmSync(this.keyDir, { recursive: true, force: true });
  }

  /** A new seller: user ids are unique per run, so tests never see each other's records. */
  async seller(): Promise<Seller> {
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    return { id, token: await this.auth.app.get(TokenService).issue({ id, email: `seller-${id}@example.com` }) };
  }

  http() {
    return request(this.media.url);
  }

  /** Every object key under the seller's prefix, read with the minio client. */
  async objectsOf(userId: number): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of this.s3.listObjectsV2(process.env.S3_BUCKET!, `${userId}/`, true)) keys.push((item as { name: string }).name);
    return keys.sort();
  }

  /** Rows per table holding the seller's userId. */
  async rowsOf(userId: number): Promise<Record<string, number>> {
    const db = this.media.app.get(DataSource);
    const counts: Record<string, number> = {};
    for (const table of ['garments', 'models', 'generated_images', 'try_on_results']) {
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "userId" = $1`, [userId]);
      counts[table] = n;
    }
    return counts;
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.media.app.get(DataSource).query(sql, params);
  }

  /** GETs a signed same-origin URL from a record, as the browser's <img> would. */
  fetchSigned(url: string) {
    return this.http().get(url).buffer(true).parse(binary as never);
  }

  private async untilDatabaseReady(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const res = await request(this.media.url).get('/api/media/health');
      if (res.status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('svc-media did not become ready');
  }
}

/** A harness started before the tests of the describe block that calls it, and stopped after them. */
export function startedHarness(env?: NodeJS.ProcessEnv): MediaHarness {
  const harness = new MediaHarness();
  beforeAll(() => harness.start(env));
  afterAll(() => harness.stop());
  return harness;
}

export const NO_ROWS = { garments: 0, models: 0, generated_images: 0, try_on_results: 0 };

export function s3Client(): Client {
  const endpoint = new URL(process.env.S3_ENDPOINT!);
  return new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: false,
    accessKey: process.env.S3_ACCESS_KEY!,
    secretKey: process.env.S3_SECRET_KEY!,
    region: process.env.S3_REGION ?? 'us-east-1',
    pathStyle: true,
  });
}

/** supertest parser keeping any response body as bytes. */
export function binary(res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

// ---- synthetic images (no binary fixtures in the repository) ----

export function solid(width: number, height: number, background: string | { r: number; g: number; b: number; alpha?: number } = '#3366cc', channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

export const jpeg = (w: number, h: number, colour?: string) => solid(w, h, colour).jpeg().toBuffer();
export const png = (w: number, h: number, colour?: string) => solid(w, h, colour).png().toBuffer();
export const webp = (w: number, h: number, colour?: string) => solid(w, h, colour).webp().toBuffer();

/** A PNG whose header claims `width`×`height`: a pixel flood that costs nothing to build. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(8, 8));
  // IHDR starts at byte 8: length(4) 'IHDR'(4) width(4) height(4) ... crc(4) over type+data.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A PNG cut off halfway through its pixel data. */
export async function truncatedPng(): Promise<Buffer> {
  const noise = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const full = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
  return full.subarray(0, Math.floor(full.length * 0.6));
}

/** The colour of one pixel of an image, as [r, g, b]. */
export async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

/** A painted mask at the photo's size: transparent, with opaque lime rectangles where the garment goes. */
export function mask(width: number, height: number, strokes: { left: number; top: number; width: number; height: number }[]): Promise<Buffer> {
  return solid(width, height, { r: 0, g: 0, b: 0, alpha: 0 }, 4)
    .composite(strokes.map((s) => ({ input: { create: { width: s.width, height: s.height, channels: 4 as const, background: '#84cc16' } }, left: s.left, top: s.top })))
    .png()
    .toBuffer();
}

export const bearer = (seller: Seller) => ({ authorization: `Bearer ${seller.token}` });
