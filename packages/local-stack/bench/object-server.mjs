/**
 * The embedded object server's CPU per model, alone (issue 35): the server started as the stack
 * starts it, in a process of its own, and what the sellers' bench makes it do per model replayed from
 * ten clients — two presigned GETs of the model's inputs (150 kB each), presigned PUTs of its result
 * (1.2 MB) and thumbnail (20 kB), two 4 kB range reads of them (the save's checks). The server
 * process's CPU time (process.cpuUsage: its libuv threads' filesystem calls and GC included; and its
 * main thread's alone, process.threadCpuUsage, less noisy on a shared machine) divided by the models.
 *
 *   npm run bench:object-server -w @vton/local-stack
 *   npm run bench:object-server -w @vton/local-stack -- --against /work/main/packages/local-stack/src/object-storage.mjs
 *
 * With --against, that checkout's startObjectStorage and this one's take turns (--rounds each,
 * alternately, the other first), as the machine is shared and its load moves.
 * "short reads": answers shorter than asked for (a read that raced its PUT; s3rver's own putObject
 * answered before the file was written), counted rather than thrown so the timing still comes out.
 * Options: --models 250, --clients 10, --rounds 2, --warm-up 25 (models before the measured ones).
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Client } from 'minio';

const BUCKET = 'vton-media';
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';
/** @typedef {{ process: NodeJS.CpuUsage, main: NodeJS.CpuUsage }} CpuReading the server process's CPU time, all its threads and its main thread's */
const OWN = fileURLToPath(new URL('../src/object-storage.mjs', import.meta.url));

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await main();

/** The server's process: starts the object server from `modulePath`, answers CPU readings. */
async function serve(modulePath) {
  const { startObjectStorage } = await import(modulePath);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-bench-s3-'));
  const server = await startObjectStorage({ dataDir, port: 0, bucket: BUCKET });
  process.on('message', (/** @type {string} */ message) => {
    if (message === 'cpu') process.send?.({ process: process.cpuUsage(), main: process.threadCpuUsage() });
    if (message === 'stop') {
      void server.stop().then(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.disconnect();
      });
    }
  });
  process.send?.({ endpoint: server.endpoint });
}

async function main() {
  const { values } = parseArgs({
    options: {
      against: { type: 'string' },
      models: { type: 'string', default: '250' },
      clients: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      'warm-up': { type: 'string', default: '25' },
    },
  });
  const models = Number(values.models);
  const clients = Number(values.clients);
  const rounds = Number(values.rounds);
  const warmUp = Number(values['warm-up']);
  const builds = values.against ? [{ name: 'against', modulePath: path.resolve(values.against) }, { name: 'this', modulePath: OWN }] : [{ name: 'this', modulePath: OWN }];
  const bodies = { input: crypto.randomBytes(150_000), result: crypto.randomBytes(1_200_000), thumbnail: crypto.randomBytes(20_000) };

  console.log(`object server replay: ${models} models from ${clients} clients, ${warmUp} models' warm-up; ${os.cpus().length} cores, Node ${process.version}`);
  console.log('| build | time (UTC) | load (1 min) | CPU ms per model | main thread | wall s | short reads |');
  console.log('|---|---|---|---|---|---|---|');
  for (let round = 0; round < rounds; round++) {
    for (const build of builds) {
      const row = await replay(build.modulePath, { models, clients, warmUp, bodies });
      console.log(`| ${build.name} | ${row.time} | ${row.load} | ${row.cpuPerModel.toFixed(2)} | ${row.mainPerModel.toFixed(2)} | ${row.wall.toFixed(1)} | ${row.short} |`);
    }
  }
}

/** One server, its inputs stored, the warm-up, then the measured models. */
async function replay(modulePath, { models, clients, warmUp, bodies }) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', modulePath], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (/** @type {string} */ message) => new Promise((resolve) => { child.once('message', resolve); child.send(message); });
  const { endpoint } = /** @type {{ endpoint: string }} */ (await new Promise((resolve, reject) => { child.once('message', resolve); child.once('exit', reject); }));
  const url = new URL(endpoint);
  const s3 = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, region: 'us-east-1', pathStyle: true });

  const total = warmUp + models;
  await pool(total, clients, async (i) => {
    await s3.putObject(BUCKET, `models/${i}/photo.png`, bodies.input);
    await s3.putObject(BUCKET, `models/${i}/mask.png`, bodies.input);
  });
  const short = { count: 0 };
  const oneModel = async (/** @type {number} */ i) => {
    const presignedGet = (/** @type {string} */ key) => s3.presignedGetObject(BUCKET, key, 600);
    for (const key of [`models/${i}/photo.png`, `models/${i}/mask.png`]) await expectOk(await fetch(await presignedGet(key)), bodies.input.length, short);
    for (const [key, body] of /** @type {const} */ ([[`results/${i}.png`, bodies.result], [`results/${i}.thumb.png`, bodies.thumbnail]])) {
      await expectOk(await fetch(await s3.presignedPutObject(BUCKET, key, 600), { method: 'PUT', body }), 0, short);
    }
    for (const key of [`results/${i}.png`, `results/${i}.thumb.png`]) {
      await expectOk(await fetch(await presignedGet(key), { headers: { range: 'bytes=0-4095' } }), 4096, short);
    }
  };
  await pool(warmUp, clients, (i) => oneModel(i));

  const load = [os.loadavg()[0]];
  const cpuBefore = /** @type {CpuReading} */ (await ask('cpu'));
  const started = performance.now();
  await pool(models, clients, (i) => oneModel(warmUp + i));
  const wall = (performance.now() - started) / 1000;
  const cpuAfter = /** @type {CpuReading} */ (await ask('cpu'));
  load.push(os.loadavg()[0]);

  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
  const ms = (/** @type {'process' | 'main'} */ part) => (cpuAfter[part].user + cpuAfter[part].system - cpuBefore[part].user - cpuBefore[part].system) / 1000;
  return { time: new Date().toISOString().slice(11, 16), load: load.map((l) => l.toFixed(1)).join(' → '), cpuPerModel: ms('process') / models, mainPerModel: ms('main') / models, wall, short: short.count };
}

/** Throws on an error status; counts an answer of the wrong length (a read racing its PUT) in `short`. */
async function expectOk(/** @type {Response} */ res, /** @type {number} */ length, /** @type {{ count: number }} */ short) {
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body.toString()}`);
  if (length && body.length !== length) short.count += 1;
}

/** Runs `job(0 … count − 1)` from `width` clients at once. */
async function pool(/** @type {number} */ count, /** @type {number} */ width, /** @type {(i: number) => Promise<void>} */ job) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await job(next++);
  }));
}
