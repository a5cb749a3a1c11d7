import type { TryOnRun } from '@vton/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import request from 'supertest';
import yauzl from 'yauzl';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Platform, until, type App } from './helpers.js';

const PRODUCTS = 20;
const MODELS = 10;
/** Model photos of random noise: a result is as large as its photo (PNG cannot shrink noise), ~1.7 MB each. */
const SIDE = 800;
/** The API process may grow this much while it streams an archive many times larger. */
const MAX_GROWTH_BYTES = 96 * 1024 * 1024;

/** A photo of noise whose centre (where the VTON stub reads its behaviour) is the "ok" colour. */
async function noisePhoto(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(SIDE * SIDE * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  const [r, g, b] = FAULT_COLOURS.ok;
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .composite([{ input: { create: { width: 120, height: 120, channels: 3, background: { r, g, b } } }, left: SIDE / 2 - 60, top: SIDE / 2 - 60 }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The entries of a ZIP on disk, read lazily (names and sizes, never the whole file). */
async function entriesOf(file: string): Promise<{ name: string; size: number }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(file, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))));
  const entries: { name: string; size: number }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push({ name: entry.fileName, size: entry.uncompressedSize });
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return entries;
}

/**
 * The archive of a 200-cell run (20 products × 10 model photos, ~350 MB of results) is streamed:
 * the API process (this one) grows by a bounded amount while it sends it, far less than the
 * archive, because each result flows from svc-media through the ZIP to the client.
 */
describe('a run archive streams with bounded memory (real API, worker, svc-media, S3)', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-archive-'));
  let api: App;
  let worker: App;

  beforeAll(async () => {
    await platform.start();
    await vton.start();
    const env = { VTON_API_URL: vton.url, VTON_CONCURRENCY: '8', WORKER_CONCURRENCY: '8', COMPOSE_CONCURRENCY: '2' };
    api = await platform.generation(env);
    worker = await platform.worker(env);
  });

  afterAll(async () => {
    await worker?.app.close();
    await api?.app.close();
    await vton.stop();
    await platform.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('200 results, ~350 MB, stream with the process growing by less than 96 MB', async () => {
    const token = await platform.token(3101);
    const seed = new MediaSeeder(platform.media.url, token);
    const garments = [];
    for (let i = 0; i < PRODUCTS; i++) garments.push(await seed.croppedGarment([20 + i * 10, 60, 200], { filename: `product ${String(i + 1).padStart(2, '0')}.png` }));
    const models = [];
    for (let i = 0; i < MODELS; i++) models.push(await seed.model(await noisePhoto(i + 1), { filename: `model-${i + 1}.png`, rect: { left: 300, top: 300, width: 200, height: 200 } }));

    const run = (await request(api.url).post('/api/try-on/runs').auth(token, { type: 'bearer' }).send({ garmentIds: garments.map((g) => g.id), modelIds: models.map((m) => m.id), prompt: '' }).expect(201))
      .body as TryOnRun;
    expect(run.counts.total).toBe(200);
    await until(
      async () => ((await request(api.url).get(`/api/try-on/runs/${run.id}`).auth(token, { type: 'bearer' })).body as TryOnRun).status === 'completed',
      'the 200-cell run completed',
      600_000,
    );

    const file = path.join(dir, 'run.zip');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const res = await fetch(`${api.url}/api/try-on/runs/${run.id}/archive`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
    } finally {
      clearInterval(sampler);
    }
    const size = fs.statSync(file).size;
    const growth = peak - before;
    console.log(`run archive: ${(size / 1024 / 1024).toFixed(0)} MB streamed; RSS ${(before / 1024 / 1024).toFixed(0)} MB before, peak +${(growth / 1024 / 1024).toFixed(1)} MB`);
    expect(size).toBeGreaterThan(300 * 1024 * 1024);
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);

    const entries = await entriesOf(file);
    expect(entries).toHaveLength(201);
    expect(entries[entries.length - 1].name).toBe('manifest.csv');
    const names = entries.slice(0, 200).map((e) => e.name);
    expect(new Set(names).size).toBe(200);
    expect(names).toContain('product 01__model-1.png');
    expect(names).toContain('product 20__model-10.png');
    for (const entry of entries.slice(0, 200)) expect(entry.size).toBeGreaterThan(1024 * 1024);
  }, 900_000);
});
