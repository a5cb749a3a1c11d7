import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { GenerateResponse } from '@vton/contracts';
import { TryOnService, type ModelTimings } from '../src/try-on/try-on.service.js';
import { MediaSeeder, Platform, type App } from '../test/helpers.js';

let nextPort = 39_400 + Math.floor(Math.random() * 500);

/** The local compositor as `npm start` runs it: its own process from dist/ (built by `npm run bench`). */
async function startEngineProcess(delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const port = nextPort++;
  const child = spawn(process.execPath, [path.resolve('dist/local-engine/main.js')], {
    env: { ...process.env, ENGINE_PORT: String(port), ENGINE_DELAY_MS: String(delayMs) },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 100) throw new Error('the local compositor did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `${base}/v1/try-on`,
    close: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/**
 * Figures for BENCHMARKS.md: (1) svc-generation's own time per model for a 4K photo, outside the
 * VTON call; (2) wall time of a 10-model batch against a fixed-delay engine versus a 1-model batch.
 */
const ENGINE_DELAY_MS = Number(process.env.ENGINE_DELAY_MS || 2000);
const ROUNDS = 5;
const print = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A photo-like 4K JPEG: smooth gradients plus grain, so it compresses like a real photo. */
async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 9;
      raw[i] = Math.min(255, 120 + ((x * 90) / width) + grain);
      raw[i + 1] = Math.min(255, 100 + ((y * 80) / height) + grain);
      raw[i + 2] = Math.min(255, 90 + (((x + y) * 40) / (width + height)) + grain);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

it('svc-generation benchmark', async () => {
  const platform = await new Platform().start();
  const fast = await startEngineProcess(0);
  const slow = await startEngineProcess(ENGINE_DELAY_MS);
  const apps: App[] = [];
  try {
    const token = await platform.token(900);
    const seed = new MediaSeeder(platform.media.url, token);
    const garment = await seed.croppedGarment();
    const caller = { userId: 900, token };

    print(`\nsvc-generation benchmark — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);

    // (1) Per-model overhead for a 3840×2160 photo, painted area ~1300 px square.
    const fourK = await seed.model(await photo(3840, 2160), { rect: { left: 1300, top: 500, width: 1200, height: 1300 }, filename: '4k.jpg' });
    const direct = await platform.generation({ VTON_API_URL: fast.url });
    apps.push(direct);
    const service = direct.app.get(TryOnService);
    const plan = await service.plan(caller, { garmentId: garment.id, modelIds: [fourK.id], prompt: 'bench' });
    const garmentPng = await service.loadGarment(caller, plan);
    const rounds: ModelTimings[] = [];
    const totals: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const timings: Partial<ModelTimings> = {};
      const started = performance.now();
      await service.runModel(caller, plan, plan.models[0], garmentPng, { timings });
      if (round === 0) continue; // warm-up
      totals.push(performance.now() - started);
      rounds.push(timings as ModelTimings);
    }
    const stage = (key: keyof ModelTimings) => median(rounds.map((r) => r[key]));
    const overheads = rounds.map((r, i) => totals[i] - r.vton);
    print(`\n(1) One model, 3840×2160 JPEG photo, bounds ${fourK.inpaint!.bounds.width}×${fourK.inpaint!.bounds.height}, median of ${ROUNDS} (ms):`);
    print(`    read crop + mask from svc-media   ${stage('inputs').toFixed(0)}`);
    print(`    fit target/mask to 960×960        ${stage('prepare').toFixed(0)}`);
    print(`    VTON call (local compositor, 0 ms delay) ${stage('vton').toFixed(0)}   ← not overhead`);
    print(`    read original + compose + PNG     ${stage('compose').toFixed(0)}`);
    print(`    save to gallery (svc-media)       ${stage('save').toFixed(0)}`);
    print(`    overhead outside the VTON call    ${median(overheads).toFixed(0)}  (total ${median(totals).toFixed(0)})`);

    // (2) Batches against an engine that always takes ENGINE_DELAY_MS.
    const models = [];
    for (let i = 0; i < 10; i++) models.push(await seed.model(await photo(1920, 1280), { rect: { left: 700, top: 300, width: 520, height: 700 }, filename: `m${i}.jpg` }));
    print(`\n(2) Batches, 1920×1280 photos, engine ENGINE_DELAY_MS=${ENGINE_DELAY_MS} (wall time of POST /api/try-on/generate, ms):`);
    for (const concurrency of [4, 10]) {
      const app = await platform.generation({ VTON_API_URL: slow.url, VTON_CONCURRENCY: String(concurrency) });
      apps.push(app);
      const run = async (ids: number[]) => {
        const started = performance.now();
        const res = await request(app.url).post('/api/try-on/generate').auth(token, { type: 'bearer' }).send({ garmentId: garment.id, modelIds: ids, prompt: 'bench' });
        if (res.status !== 200 || (res.body as GenerateResponse).results.length !== ids.length) throw new Error(`batch failed: ${res.status} ${res.text.slice(0, 300)}`);
        return performance.now() - started;
      };
      await run([models[0].id]); // warm-up
      const one = median([await run([models[0].id]), await run([models[1].id]), await run([models[2].id])]);
      const ten = median([await run(models.map((m) => m.id)), await run(models.map((m) => m.id))]);
      print(`    VTON_CONCURRENCY=${String(concurrency).padEnd(2)}  1 model ${one.toFixed(0)}   10 models ${ten.toFixed(0)}   ratio ${(ten / one).toFixed(2)}  (ideal ${Math.ceil(10 / concurrency)}.00 from the engine delay alone)`);
    }
    print();
  } finally {
    for (const app of apps) await app.app.close();
    await fast.close();
    await slow.close();
    await platform.stop();
  }
});
