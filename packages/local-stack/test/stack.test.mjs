import { jest } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startStack, anyFreePorts } from '../src/stack.mjs';
import { sellerToken } from './seller-token.mjs';

// The whole product, as `npm start` runs it, on free ports in a fresh data folder.
jest.setTimeout(300_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-stack-test-'));
fs.chmodSync(dataDir, 0o755);
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL', 'VTON_API_URL', 'GENERATION_WORKERS'].includes(k))),
  // The local compositor takes a while per model, so a job is still at the VTON step when a worker is killed.
  ENGINE_DELAY_MS: '3000',
};
const start = () => startStack({ dataDir, ports: anyFreePorts(), env, quiet: true, log: () => {} });

let stack;
beforeAll(async () => {
  stack = await start();
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('one origin serves the shell, the remotes and every service', async () => {
  const page = await fetch(`${stack.url}/gallery`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root"');
  for (const scope of ['marketing', 'studio', 'gallery', 'docs']) {
    expect((await fetch(`${stack.url}/mfe/${scope}/remoteEntry.js`)).status).toBe(200);
  }
  for (const health of ['/api/auth/health', '/api/media/health', '/api/try-on/health']) {
    expect((await fetch(`${stack.url}${health}`)).status).toBe(200);
  }
  expect((await fetch(`${stack.inboxUrl}/api/email`)).status).toBe(200);
});

async function api(token, method, url, body) {
  const res = await fetch(`${stack.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const png = (width, height, background) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const file = (bytes) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

async function workerMetric(worker, name) {
  const text = await (await fetch(`${worker.url}/metrics`)).text();
  return text.split('\n').filter((l) => l.startsWith(name)).reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

async function until(condition, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('svc-generation runs as one API and GENERATION_WORKERS worker processes; a worker killed by its pid mid-job comes back, and the job ends with every model succeeded', async () => {
  const generation = stack.processes.find((p) => p.name === 'svc-generation');
  const workers = stack.processes.filter((p) => p.kind === 'worker');
  expect(workers.map((w) => w.name)).toEqual(['svc-generation-worker-1', 'svc-generation-worker-2']);
  expect(new Set([generation.pid, ...workers.map((w) => w.pid)]).size).toBe(3);
  for (const worker of workers) expect((await fetch(`${worker.url}/metrics`)).status).toBe(200);

  const token = await sellerToken(stack);
  const upload = new FormData();
  upload.set('file', file(await png(1000, 1000, '#f4f4f4')), 'garment.png');
  const garment = await api(token, 'POST', '/api/garments', upload);
  await api(token, 'POST', `/api/garments/${garment.id}/crop`, { x: 0, y: 0, width: 1000, height: 1000, naturalWidth: 1000, naturalHeight: 1000 });
  const modelIds = [];
  for (const colour of ['#c49678', '#b48a70', '#a47e68']) {
    const photo = new FormData();
    photo.set('files', file(await png(600, 800, colour)), 'model.png');
    const [model] = await api(token, 'POST', '/api/models', photo);
    const mask = new FormData();
    const rect = await sharp({ create: { width: 600, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 300, height: 400, channels: 4, background: '#00ff00' } }, left: 150, top: 200 }])
      .png()
      .toBuffer();
    mask.set('mask', file(rect), 'mask.png');
    await api(token, 'POST', `/api/models/${model.id}/mask`, mask);
    modelIds.push(model.id);
  }

  const job = await api(token, 'POST', '/api/try-on/jobs', { garmentId: garment.id, modelIds, prompt: 'linen shirt' });
  /** @type {any} the worker at the VTON step */
  let victim;
  await until(async () => {
    for (const worker of workers) if ((await workerMetric(worker, 'generation_provider_in_flight')) > 0) victim = worker;
    return victim !== undefined;
  }, 'a worker is at the VTON step');
  const pid = victim.pid;
  process.kill(pid, 'SIGKILL');

  /** @type {any} */
  let done;
  await until(async () => (done = await api(token, 'GET', `/api/try-on/jobs/${job.id}`)).status !== 'running', 'the job has finished');
  expect(done.status).toBe('completed');
  expect(done.models.map((m) => m.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  expect(done.models.some((m) => m.attempts === 2)).toBe(true);
  await until(() => victim.restarts === 1, 'the killed worker is back');
  expect(victim.pid).not.toBe(pid);
  await until(async () => (await fetch(`${victim.url}/metrics`).catch(() => ({ status: 0 }))).status === 200, 'the new worker answers');
});

test('killing one service leaves the shell usable and that service answers a clear 503', async () => {
  const media = stack.processes.find((p) => p.name === 'svc-media');
  await media.stop();
  const res = await fetch(`${stack.url}/api/media/health`);
  expect(res.status).toBe(503);
  expect((await res.json()).message).toBe('svc-media is not reachable right now. Please try again in a moment.');
  expect((await fetch(`${stack.url}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
  expect((await fetch(`${stack.url}/api/auth/health`)).status).toBe(200);
});

test('a second start after a stop finds the earlier data', async () => {
  const jwks = await (await fetch(`${stack.url}/api/auth/.well-known/jwks.json`)).json();
  await stack.stop();
  stack = await start();
  const again = await (await fetch(`${stack.url}/api/auth/.well-known/jwks.json`)).json();
  expect(again.keys[0].kid).toBe(jwks.keys[0].kid);
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  expect((await fetch(`${stack.url}/api/auth/health`)).status).toBe(200);
});
