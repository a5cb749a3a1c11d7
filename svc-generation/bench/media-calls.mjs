/**
 * A worker's calls to svc-media for one model, replayed from this process against a plain node:http
 * server in a child process (so only the client's CPU is counted here): the inputs (`photo-and-mask`,
 * JSON with the presigned GETs and the result's grant), the garment's crop (svc-media's 307 to a
 * presigned GET, and that GET), and the save (a JSON POST answered with the gallery record). Through
 * dist/'s MediaHttp and ObjectStorageHttp (undici's `request()`), and through Node's fetch as
 * MediaHttp called it before (fetch following the redirect, the body read by readCappedBody),
 * alternately (BENCHMARKS.md, issue 35):
 *
 *   node bench/media-calls.mjs      (after `npm run build`; BENCH_MODELS 400, BENCH_AT_ONCE 8, BENCH_ROUNDS 3,
 *                                    BENCH_GARMENT_KB 256)
 *
 * CPU ms per model = user + system of this process ÷ models, for each round; major GCs counted by a
 * PerformanceObserver. Prints figures; asserts nothing.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { readCappedBody } from '../dist/http/capped-body.js';
import { MediaHttp } from '../dist/media/media-http.js';
import { ObjectStorageHttp } from '../dist/media/object-storage-http.js';

const MODELS = Number(process.env.BENCH_MODELS ?? 400);
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GARMENT_BYTES = Number(process.env.BENCH_GARMENT_KB ?? 256) * 1024;
const TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

const signature = () => `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=minioadmin%2F20261127%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261127T021500Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=${randomBytes(32).toString('hex')}`;
const PATHS = {
  inputs: (model) => `/internal/media/models/${model}/photo-and-mask?category=tops&idempotencyKey=job-0f3c2a91%3A${model}%3A1`,
  garment: '/internal/media/garments/5/files/cropped',
  save: (model) => `/internal/media/try-on-results/uploads/${model}`,
};

/** svc-media and object storage as a plain server: answers the size of svc-media's, after reading each request whole. */
function serve() {
  const garment = randomBytes(GARMENT_BYTES);
  let origin = '';
  const record = (id) => ({
    id,
    filename: `try-on-${id}.png`,
    mimeType: 'image/png',
    sizeBytes: 1_204_311,
    width: 1024,
    height: 768,
    garmentId: 5,
    modelId: id,
    productName: 'linen-shirt',
    modelFilename: 'model-front.png',
    prompt: 'linen shirt',
    imageUrl: `/api/media/files/1/a3/${id}-result.png?exp=1795000000&sig=${randomBytes(32).toString('base64url')}`,
    thumbnailUrl: `/api/media/files/1/a3/${id}-thumbnail.webp?exp=1795000000&sig=${randomBytes(32).toString('base64url')}`,
    metadata: { processedAt: '2026-11-27T02:15:00.000Z', provider: 'seed', providerLabel: 'Built-in engine', providerModel: 'vton-multipart', providerDurationMs: 2013, builtInEngine: true },
    createdAt: '2026-11-27T02:15:02.000Z',
  });
  const server = http.createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      const url = req.url ?? '';
      const json = (value) => {
        const body = Buffer.from(JSON.stringify(value));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
      };
      if (url.includes('/photo-and-mask')) {
        const id = Number(url.split('/')[4]);
        const object = (key) => `${origin}/vton-media/1/a3/${key}?${signature()}`;
        json({
          photoUrl: object(`${id}-original.png`),
          maskUrl: object(`${id}-inpaint-mask-tops.png`),
          result: { upload: { id, grant: randomBytes(96).toString('base64url'), pngUrl: object(`${id}-result.png`), thumbnailUrl: object(`${id}-thumbnail.webp`), expiresInSeconds: 600 } },
        });
      } else if (url.startsWith('/internal/media/garments/')) {
        res.writeHead(307, { location: `${origin}/vton-media/1/garments/5-cropped.png?${signature()}`, 'cache-control': 'private, no-store', 'content-length': 0 }).end();
      } else if (url.startsWith('/vton-media/')) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': garment.length }).end(garment);
      } else if (req.method === 'POST' && url.startsWith('/internal/media/try-on-results/uploads/')) {
        json(record(Number(url.split('/').at(-1))));
      } else res.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    origin = `http://127.0.0.1:${server.address().port}`;
    process.send?.(origin);
  });
}

/** The save's body as WorkerMediaClient sends it. */
const saveBody = (model) => ({
  grant: randomBytes(96).toString('base64url'),
  idempotencyKey: `job-0f3c2a91:${model}:1`,
  garmentId: 5,
  modelId: model,
  prompt: 'linen shirt',
  metadata: { processedAt: '2026-11-27T02:15:00.000Z', provider: 'seed', providerLabel: 'Built-in engine', providerModel: 'vton-multipart', providerDurationMs: 2013, builtInEngine: true },
});
const headers = { authorization: `Bearer ${randomBytes(180).toString('base64url')}`, 'x-request-id': 'c4a1e1a0-55f6-4a53-9d43-0b8f5a6f2b11' };

/** One model's calls through dist/ (undici's request()). */
function throughRequest(origin) {
  const config = { MEDIA_SERVICE_URL: origin, MEDIA_TIMEOUT_MS: TIMEOUT_MS, MEDIA_MAX_RESPONSE_BYTES: MAX_RESPONSE_BYTES };
  const logger = { error: (message) => console.error(message) };
  const media = new MediaHttp(config, logger);
  const objects = new ObjectStorageHttp(config, logger);
  return async (model) => {
    const where = await media.json(PATHS.inputs(model), headers);
    const file = await media.file(PATHS.garment, headers);
    const garment = file instanceof URL ? await objects.get(file.href, 'the cropped file of garment 5') : file;
    const saved = await media.postJson(PATHS.save(model), { ...saveBody(model), grant: where.result.upload.grant }, headers);
    return garment.length + saved.id;
  };
}

/** One model's calls as MediaHttp made them with fetch (the timeout, the capped read; fetch follows the redirect). */
function throughFetch(origin) {
  const call = async (path, init) => {
    const res = await fetch(new URL(path, origin), { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`${res.status} on ${path}`);
    return readCappedBody(res, MAX_RESPONSE_BYTES);
  };
  return async (model) => {
    const where = JSON.parse((await call(PATHS.inputs(model), { headers })).toString('utf8'));
    const garment = await call(PATHS.garment, { headers });
    const body = JSON.stringify({ ...saveBody(model), grant: where.result.upload.grant });
    const saved = JSON.parse((await call(PATHS.save(model), { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' } })).toString('utf8'));
    return garment.length + saved.id;
  };
}

let majorGcs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcs++;
}).observe({ entryTypes: ['gc'] });

/** `models` models, AT_ONCE at a time: CPU ms per model, wall seconds and major GCs. */
async function round(oneModel, models) {
  let next = 0;
  const gcsBefore = majorGcs;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < models) await oneModel(++next);
    }),
  );
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - started) / 1000;
  // Collections end asynchronously; let the last ones be counted.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { cpuMsPerModel: (used.user + used.system) / 1000 / models, wall, majorGcs: majorGcs - gcsBefore };
}

async function main() {
  const server = fork(import.meta.filename, ['serve'], { stdio: 'inherit' });
  const origin = await new Promise((resolve) => server.once('message', resolve));
  const paths = { fetch: throughFetch(origin), 'request()': throughRequest(origin) };
  console.log(`${new Date().toISOString()}  Node ${process.version}  ${os.cpus().length} cores  load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${MODELS} models a round, ${AT_ONCE} at a time; a model = photo-and-mask JSON, the garment's crop (307, then ${GARMENT_BYTES / 1024} KB), the save's JSON POST\n`);
  for (const [, oneModel] of Object.entries(paths)) await round(oneModel, 50); // warm-up
  const results = { fetch: [], 'request()': [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['fetch', 'request()'] : ['request()', 'fetch'];
    for (const name of order) {
      const result = await round(paths[name], MODELS);
      results[name].push(result);
      console.log(
        `round ${r + 1}  ${name.padEnd(9)}  ${result.cpuMsPerModel.toFixed(3)} CPU ms per model  ${result.wall.toFixed(2)} s  ${result.majorGcs} major GCs  load ${os
          .loadavg()[0]
          .toFixed(2)}`,
      );
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log('');
  for (const [name, list] of Object.entries(results)) {
    const cpu = list.map((r) => r.cpuMsPerModel);
    console.log(`${name.padEnd(9)}  CPU ms per model ${Math.min(...cpu).toFixed(2)}–${Math.max(...cpu).toFixed(2)} (median ${median(cpu).toFixed(2)}), major GCs ${list.map((r) => r.majorGcs).join(' / ')}`);
  }
  console.log(`load at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  server.kill();
}

if (process.argv[2] === 'serve') serve();
else await main();
