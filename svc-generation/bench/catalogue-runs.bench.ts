import type { TryOnJob, TryOnRun } from '@vton/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import request from 'supertest';
import { FAULT_COLOURS, FaultyVton, freePort, MediaSeeder, Platform, solidPng, until, waitForJob, type WorkerProcess } from '../test/helpers.js';

/**
 * Figures of catalogue runs for BENCHMARKS.md (issue 31), through the queue as `npm start` runs it
 * (workers as their own processes): (6) a 10 × 10 run, then a 20 × 10 run, against the local
 * compositor taking a fixed 2 s per answer with VTON_CONCURRENCY=10 — each one's wall time against
 * its floor of waves of 10 — and another seller's one-model try-on started while each runs;
 * (7) svc-generation's API process (its own process here) streaming the archive of a 200-result run:
 * its resident memory before and at the peak, against the archive's size. BENCH_RUN_PARTS=6 or 7 runs one part.
 */
const PARTS = new Set((process.env.BENCH_RUN_PARTS || '6,7').split(',').map(Number));
const DELAY_MS = 2000;
const print = (line = '') => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The local compositor as `npm start` runs it (its own process, from dist/). */
async function startEngine(delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('dist/local-engine/main.js')], { env: { ...process.env, ENGINE_PORT: String(port), ENGINE_DELAY_MS: String(delayMs) }, stdio: 'ignore' });
  await until(() => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false), 'the local compositor answers', 30_000);
  return { url: `http://127.0.0.1:${port}/v1/try-on`, close: () => stop(child) };
}

/** svc-generation's API as its own process (dist/main.js), so its memory is its own. */
async function startApi(env: NodeJS.ProcessEnv): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('dist/main.js')], { env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await until(() => fetch(`${url}/api/try-on/health`).then((r) => r.ok, () => false), 'the API answers', 60_000);
  return { url, pid: child.pid!, close: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A process's resident memory, from /proc. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** A photo of noise (a result is then as large as its photo), its centre the stub's "ok" colour. */
async function noisePhoto(side: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  const [r, g, b] = FAULT_COLOURS.ok;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .composite([{ input: { create: { width: 120, height: 120, channels: 3, background: { r, g, b } } }, left: side / 2 - 60, top: side / 2 - 60 }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

it('catalogue runs benchmark', async () => {
  const platform = await new Platform().start();
  const closers: (() => Promise<unknown>)[] = [];
  try {
    if (PARTS.has(6)) {
      const engine = await startEngine(DELAY_MS);
      closers.push(engine.close);
      const env = { VTON_API_URL: engine.url, VTON_CONCURRENCY: '10', WORKER_CONCURRENCY: '8', MAX_QUEUED_MODELS_PER_ACCOUNT: '100', LOG_LEVEL: 'warn' };
      const api = await platform.generation(env);
      closers.push(() => api.app.close());
      const workers: WorkerProcess[] = [await platform.spawnWorker(env, 'bench-worker-1'), await platform.spawnWorker(env, 'bench-worker-2')];
      closers.push(() => Promise.all(workers.map((w) => w.kill('SIGTERM'))));
      const token = await platform.token(6101);
      const seed = new MediaSeeder(platform.media.url, token);
      const garments = [];
      for (let i = 0; i < 20; i++) garments.push(await seed.croppedGarment([20 + i * 10, 60, 200], { filename: `product-${i + 1}.png` }));
      const models = [];
      for (let i = 0; i < 10; i++) models.push(await seed.model(await solidPng(900, 1200, [120 + i, 110, 100]), { filename: `model-${i + 1}.png` }));
      const other = await platform.token(6102);
      const otherSeed = new MediaSeeder(platform.media.url, other);
      const otherGarment = await otherSeed.croppedGarment([200, 40, 40]);
      const otherModel = await otherSeed.model(await solidPng(900, 1200, [90, 90, 90]));

      // The figure (10 × 10), then the run its scale rule names (20 × 10), one after the other.
      for (const products of [10, 20]) {
        const cells = products * models.length;
        const started = performance.now();
        const run = (await request(api.url).post('/api/try-on/runs').auth(token, { type: 'bearer' }).send({ garmentIds: garments.slice(0, products).map((g) => g.id), modelIds: models.map((m) => m.id), prompt: '' }).expect(201))
          .body as TryOnRun;
        // Another seller's single try-on, a moment into the run.
        await new Promise((r) => setTimeout(r, DELAY_MS / 2));
        const otherStarted = performance.now();
        const job = (await request(api.url).post('/api/try-on/jobs').auth(other, { type: 'bearer' }).send({ garmentId: otherGarment.id, modelIds: [otherModel.id], prompt: '' }).expect(201)).body as TryOnJob;
        await waitForJob(api.url, other, job.id, (j) => j.status !== 'running', 120_000);
        const otherWall = performance.now() - otherStarted;
        await until(async () => ((await request(api.url).get(`/api/try-on/runs/${run.id}`).auth(token, { type: 'bearer' })).body as TryOnRun).status === 'completed', 'the run completed', 600_000);
        const wall = performance.now() - started;
        const waves = cells / 10;
        const floor = waves * DELAY_MS;
        print(`(6) ${products} × ${models.length} run, engine ${DELAY_MS / 1000} s per answer, VTON_CONCURRENCY=10, 2 workers: ${(wall / 1000).toFixed(1)} s; floor (${waves} waves of 10) ${floor / 1000} s; wall ÷ floor ${(wall / floor).toFixed(2)}`);
        print(`    another seller's 1-model try-on started during the run: ${(otherWall / 1000).toFixed(1)} s (its own call ${DELAY_MS / 1000} s; fairness lets it wait for one free slot, at most one wave)`);
      }
      for (const close of closers.splice(0).reverse()) await close();
    }

    if (PARTS.has(7)) {
      const vton = await new FaultyVton(FAULT_COLOURS).start();
      closers.push(() => vton.stop());
      const env = { VTON_API_URL: vton.url, VTON_CONCURRENCY: '8', WORKER_CONCURRENCY: '8', LOG_LEVEL: 'warn' };
      const api = await startApi(platform.env(env));
      closers.push(api.close);
      const worker = await platform.spawnWorker(env, 'bench-worker-archive');
      closers.push(() => worker.kill('SIGTERM'));
      const token = await platform.token(7101);
      const seed = new MediaSeeder(platform.media.url, token);
      const garments = [];
      for (let i = 0; i < 20; i++) garments.push(await seed.croppedGarment([20 + i * 10, 60, 200], { filename: `product-${i + 1}.png` }));
      const models = [];
      for (let i = 0; i < 10; i++) models.push(await seed.model(await noisePhoto(800, i + 1), { filename: `model-${i + 1}.png`, rect: { left: 300, top: 300, width: 200, height: 200 } }));
      const run = (await request(api.url).post('/api/try-on/runs').auth(token, { type: 'bearer' }).send({ garmentIds: garments.map((g) => g.id), modelIds: models.map((m) => m.id), prompt: '' }).expect(201)).body as TryOnRun;
      await until(async () => ((await request(api.url).get(`/api/try-on/runs/${run.id}`).auth(token, { type: 'bearer' })).body as TryOnRun).status === 'completed', 'the 200-cell run completed', 900_000);
      await new Promise((r) => setTimeout(r, 2000));
      const before = rssOf(api.pid);
      let peak = before;
      let bytes = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api.pid))), 20);
      const started = performance.now();
      const res = await fetch(`${api.url}/api/try-on/runs/${run.id}/archive`, { headers: { authorization: `Bearer ${token}` } });
      await pipeline(
        Readable.fromWeb(res.body as never),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      print(`(7) archive of a 200-result run (20 × 10, 800 × 800 noise results): ${mb(bytes)} in ${seconds.toFixed(1)} s (${mb(bytes / seconds)}/s); svc-generation API RSS ${mb(before)} before, ${mb(peak)} at the peak (+${mb(peak - before)})`);
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await platform.stop();
  }
});
