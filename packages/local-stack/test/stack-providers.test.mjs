import { jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { REPO_ROOT } from '../src/apps.mjs';
import { sellerToken } from './seller-token.mjs';
import { startInfrastructure } from '../src/infrastructure.mjs';
import { freePort } from '../src/ports.mjs';
import { anyFreePorts, startStack } from '../src/stack.mjs';

// Issue 15's "done when": VTON_PROVIDER set on `npm start` (startStack, as bin/start.mjs runs it) for
// each provider — the hosted ones pointed at `npm run fake-providers` — and a 5-model job through the
// public API gives each model photo's exact size, PNG, identical outside the mask, for PNG, JPEG
// (plain, Display P3, EXIF-rotated) and WebP uploads. Issue 28's: PLACEMENT_PROVIDER set to gemini,
// openai and bfl (their fakes at GEMINI_API_URL, OPENAI_BASE_URL, BFL_API_URL) and a 3-model product
// job (PNG, camera JPEG, EXIF-rotated JPEG) the same way, made from a request that carried the scene,
// the product and the seller's prompt; on the same stack a garment job still goes to the try-on
// provider, a safety refusal fails the model with a §8 code saying why, and a 429 once is waited out.
jest.setTimeout(900_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-stack-providers-'));
fs.chmodSync(dataDir, 0o755);
const fakesDir = path.join(dataDir, 'fake-providers');
let infra;
let fakes;
const fakePorts = {};

beforeAll(async () => {
  // One Postgres, S3 and SMTP for every stack started here (each start then only runs the apps).
  infra = await startInfrastructure({ dataDir: path.join(dataDir, 'infra'), env: {} });
  for (const name of ['FAKE_FASHN_PORT', 'FAKE_VERTEX_PORT', 'FAKE_FAL_PORT', 'FAKE_GEMINI_PORT', 'FAKE_OPENAI_PORT', 'FAKE_BFL_PORT']) fakePorts[name] = String(await freePort());
  fakes = spawn('npm', ['run', 'fake-providers', '--silent', '-w', 'svc-generation'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...fakePorts, FAKE_PROVIDERS_DIR: fakesDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run fake-providers did not start:\n${output}`)), 120_000);
    const read = (chunk) => {
      output += chunk;
      if (output.includes('Ctrl-C stops')) {
        clearTimeout(timer);
        resolve();
      }
    };
    fakes.stdout.on('data', read);
    fakes.stderr.on('data', read);
    fakes.once('exit', () => reject(new Error(`npm run fake-providers exited:\n${output}`)));
  });
});

afterAll(async () => {
  if (fakes?.exitCode === null) process.kill(-fakes.pid, 'SIGTERM');
  await infra?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fake = (port) => `http://127.0.0.1:${fakePorts[port]}`;
/** @type {Array<[string, () => Record<string, string>, { placement?: string, refused?: string }?]>} */
const PROVIDERS = [
  ['local', () => ({ VTON_PROVIDER: 'local' })],
  ['seed', () => ({})],
  ['fashn', () => ({ VTON_PROVIDER: 'fashn', FASHN_API_KEY: 'fake-fashn-key', FASHN_API_URL: `${fake('FAKE_FASHN_PORT')}/v1` })],
  ['vertex', () => ({ VTON_PROVIDER: 'vertex', GOOGLE_APPLICATION_CREDENTIALS: path.join(fakesDir, 'service-account.json'), VERTEX_API_URL: fake('FAKE_VERTEX_PORT') })],
  ['fal', () => ({ VTON_PROVIDER: 'fal', FAL_KEY: 'fake-fal-key', FAL_QUEUE_URL: fake('FAKE_FAL_PORT') })],
  // Placement engines: product jobs (the try-on provider stays the default, the §7 service).
  [
    'gemini',
    () => ({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: 'fake-gemini-key', GEMINI_API_URL: fake('FAKE_GEMINI_PORT') }),
    { placement: 'FAKE_GEMINI_PORT', refused: 'Failed to process VTON request: Google Gemini refused to place the product for safety reasons (IMAGE_SAFETY)' },
  ],
  [
    'openai',
    () => ({ PLACEMENT_PROVIDER: 'openai', OPENAI_API_KEY: 'fake-openai-key', OPENAI_BASE_URL: `${fake('FAKE_OPENAI_PORT')}/v1` }),
    { placement: 'FAKE_OPENAI_PORT', refused: 'Failed to process VTON request: OpenAI refused to place the product for safety reasons (moderation_blocked)' },
  ],
  [
    'bfl',
    () => ({ PLACEMENT_PROVIDER: 'bfl', BFL_API_KEY: 'fake-bfl-key', BFL_API_URL: fake('FAKE_BFL_PORT') }),
    { placement: 'FAKE_BFL_PORT', refused: 'Failed to process VTON request: Black Forest Labs refused to place the product for safety reasons (Content Moderated)' },
  ],
];
/** The next request to a fake is answered with `scenario` (its /__fake/scenario route, as a developer would). */
const nextAnswer = (port, scenario) =>
  fetch(`${fake(port)}/__fake/scenario`, { method: 'POST', body: JSON.stringify({ scenario, once: true, retryAfterSeconds: 1 }) }).then((r) => {
    if (!r.ok) throw new Error(`the fake refused the scenario: ${r.status}`);
  });

/** A photo-like image (every pixel differs from its neighbours), so a lossy step or a stray write shows. */
function photoLike(width, height, tint) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      raw[i] = (x * 7 + y * 3 + tint) & 255;
      raw[i + 1] = (x * 3 + y * 11) & 255;
      raw[i + 2] = ((x ^ y) * 5 + tint) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const uploads = async () => [
  { name: 'studio.png', bytes: await photoLike(600, 800, 0).png().toBuffer() },
  { name: 'camera.jpg', bytes: await photoLike(640, 800, 40).jpeg({ quality: 88 }).toBuffer() },
  { name: 'display-p3.jpg', bytes: await photoLike(620, 780, 80).jpeg({ quality: 90 }).withIccProfile('p3').toBuffer() },
  { name: 'rotated.jpg', bytes: await photoLike(800, 640, 120).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer() },
  { name: 'catalogue.webp', bytes: await photoLike(560, 760, 160).webp({ quality: 90 }).toBuffer() },
];

/** The upload as a browser shows it: upright, in sRGB. */
async function asShown(bytes) {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

test.each(PROVIDERS)('npm start with provider %s: a job through the public API gives exact-size PNGs, identical to each upload outside the mask', async (name, providerEnv, placement = {}) => {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['PORT', 'PUBLIC_URL', 'VTON_API_URL', 'GENERATION_WORKERS', 'VTON_PROVIDER', 'PLACEMENT_PROVIDER'].includes(k))),
    ...infra.env,
    ...providerEnv(),
    GENERATION_WORKERS: '1',
  };
  const stack = await startStack({ dataDir: path.join(dataDir, name), ports: anyFreePorts(), env, quiet: true, log: () => {} });
  try {
    const token = await sellerToken(stack);
    const api = async (method, url, body) => {
      const res = await fetch(`${stack.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const blob = (bytes) => new Blob([new Uint8Array(bytes)]);

    const garmentForm = new FormData();
    garmentForm.set('file', blob(await sharp({ create: { width: 800, height: 800, channels: 3, background: '#f4f4f4' } }).composite([{ input: { create: { width: 400, height: 500, channels: 3, background: '#1e3cc8' } }, left: 200, top: 150 }]).png().toBuffer()), 'garment.png');
    const garment = await api('POST', '/api/garments', garmentForm);
    await api('POST', `/api/garments/${garment.id}/crop`, { x: 0, y: 0, width: 800, height: 800, naturalWidth: 800, naturalHeight: 800 });

    // A product job: the PNG, the camera JPEG and the EXIF-rotated JPEG (issue 28); a garment job: all five.
    const files = (await uploads()).filter((u) => !placement.placement || ['studio.png', 'camera.jpg', 'rotated.jpg'].includes(u.name));
    const models = [];
    for (const upload of files) {
      const form = new FormData();
      form.set('files', blob(upload.bytes), upload.name);
      const [model] = await api('POST', '/api/models', form);
      const rect = { left: Math.round(model.width * 0.3), top: Math.round(model.height * 0.25), width: Math.round(model.width * 0.4), height: Math.round(model.height * 0.5) };
      const mask = await sharp({ create: { width: model.width, height: model.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: { create: { width: rect.width, height: rect.height, channels: 4, background: '#00ff00' } }, left: rect.left, top: rect.top }])
        .png()
        .toBuffer();
      const maskForm = new FormData();
      maskForm.set('mask', blob(mask), 'mask.png');
      models.push({ ...(await api('POST', `/api/models/${model.id}/mask`, maskForm)), rect });
    }

    const category = placement.placement ? { garmentCategory: 'product' } : {};
    const run = async (modelIds, extra = category) => {
      const created = await api('POST', '/api/try-on/jobs', { garmentId: garment.id, modelIds, prompt: 'a blue shirt', ...extra });
      for (const deadline = Date.now() + 300_000; ; ) {
        const job = await api('GET', `/api/try-on/jobs/${created.id}`);
        if (job.status !== 'running') return job;
        if (Date.now() > deadline) throw new Error(`the job did not finish: ${JSON.stringify(job.models)}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    };
    const job = await run(models.map((m) => m.id));
    expect(job.models.map((m) => [m.state, m.error])).toEqual(models.map(() => ['succeeded', null]));
    for (const [i, model] of models.entries()) {
      const result = job.models[i].result;
      expect(result.provider).toBe(name);
      const png = Buffer.from(await (await fetch(new URL(result.imageUrl, stack.url))).arrayBuffer());
      const shown = await asShown(files[i].bytes);
      const meta = await sharp(png).metadata();
      expect({ file: files[i].name, format: meta.format, size: [meta.width, meta.height] }).toEqual({ file: files[i].name, format: 'png', size: [shown.width, shown.height] });
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      // Outside the painted rectangle grown by the feather's reach (≤ 12 σ-pixels · 3 + 2 at these sizes), every pixel is the upload's.
      const reach = 40;
      let changed = 0;
      for (let y = 0; y < shown.height; y++) {
        for (let x = 0; x < shown.width; x++) {
          const { left, top, width, height } = model.rect;
          if (x >= left - reach && x < left + width + reach && y >= top - reach && y < top + height + reach) continue;
          const p = (y * shown.width + x) * 3;
          if (data[p] !== shown.data[p] || data[p + 1] !== shown.data[p + 1] || data[p + 2] !== shown.data[p + 2]) changed++;
        }
      }
      expect({ file: files[i].name, changed }).toEqual({ file: files[i].name, changed: 0 });
    }
    if (placement.placement) {
      // Every request carried the seller's prompt (inside the placement instruction); without the scene, the product and the mask the
      // fake would have refused it (the contract tests check each field).
      const asked = await (await fetch(`${fake(placement.placement)}/__fake/requests?text=${encodeURIComponent("The seller's direction: a blue shirt")}`)).json();
      const submits = asked.filter((r) => r.method === 'POST');
      expect(submits).toHaveLength(models.length);
      expect(submits.every((r) => r.holds && r.bytes > 10_000)).toBe(true);
      for (const m of job.models) expect(m.result.provider).toBe(name);
      // On the same stack a garment job still goes to the try-on provider (the §7 service under npm start).
      const garmentJob = await run([models[0].id], { garmentCategory: 'upper_body' });
      expect(garmentJob.models[0]).toMatchObject({ state: 'succeeded', result: { provider: 'seed' } });
      // A safety refusal fails the model at once with a §8 code saying why.
      await nextAnswer(placement.placement, 'refused');
      const refused = await run([models[0].id]);
      expect(refused.models[0]).toMatchObject({ state: 'failed', attempts: 1, error: { code: 'VTON_PROCESSING_ERROR', message: placement.refused } });
      // A 429 once is waited out (its Retry-After: 1 s) and the model succeeds on its next run.
      await nextAnswer(placement.placement, 'rate-limited');
      const limited = await run([models[1].id]);
      expect(limited.models[0]).toMatchObject({ state: 'succeeded', attempts: 2, result: { provider: name } });
    }
  } finally {
    await stack.stop();
  }
});
