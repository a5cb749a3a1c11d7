import type { INestApplication } from '@nestjs/common';
import { INTERNAL_MEDIA_PATHS, type GarmentCategory, type GarmentRecord, type JobModelState, type ModelPhotoRecord, type TryOnJob } from '@vton/contracts';
import { MetricsText as Metrics, startServiceApp } from '@vton/service-kit';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { freePort } from '@vton/local-stack';
import { TokenService, authService } from 'svc-auth/testing';
import { mediaService } from '../../svc-media/src/app.module.js';
import { generationService, generationWorker } from '../src/app.module.js';
import { parseMultipart, boundaryOf } from '../src/local-engine/multipart.js';
import { createEngineServer } from '../src/local-engine/server.js';

export interface App {
  app: INestApplication;
  url: string;
}

/**
 * svc-auth (for tokens and its JWKS) and the real svc-media, started in this process, and
 * svc-generation's two roles against them. Each Platform has its own generation schema (its own
 * queue): workers of another test file never take its work.
 */
export class Platform {
  auth!: App;
  media!: App;
  /** The secret of the workers' service credential, shared with svc-media. */
  readonly serviceSecret = randomBytes(32).toString('base64url');
  readonly schema = `generation_${randomBytes(4).toString('hex')}`;
  private readonly keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-generation-keys-'));
  private readonly workers = new Set<WorkerProcess>();
  private authEnv: NodeJS.ProcessEnv = {};

  /** `mediaEnv` adds or overrides svc-media's variables (e.g. a short SIGNED_URL_TTL_SECONDS), `authEnv` svc-auth's (e.g. TRIAL_CREDITS). */
  async start(mediaEnv: Record<string, string> = {}, authEnv: Record<string, string> = {}): Promise<this> {
    // Plans and credits are off as for svc-generation (env below) unless a test turns them on.
    this.authEnv = { ...process.env, JWT_KEY_FILE: path.join(this.keyDir, 'key.pem'), GENERATION_SERVICE_SECRET: this.serviceSecret, BILLING_MODE: 'off', ...authEnv };
    this.auth = await startServiceApp(authService, { env: this.authEnv });
    this.media = await startServiceApp(mediaService, {
      env: { ...process.env, AUTH_JWKS_URL: this.jwksUrl, GENERATION_SERVICE_SECRET: this.serviceSecret, ...mediaEnv },
    });
    return this;
  }

  /** svc-auth stops: its server closes, so its ledger and its JWKS are unreachable until startAuth. */
  async stopAuth(): Promise<void> {
    await this.auth.app.close();
  }

  /** svc-auth again, with the same settings and on the same port (the other services keep its URL). */
  async startAuth(): Promise<void> {
    this.auth = await startServiceApp(authService, { env: this.authEnv, port: Number(new URL(this.auth.url).port) });
  }

  get jwksUrl(): string {
    return `${this.auth.url}/api/auth/.well-known/jwks.json`;
  }

  token(id: number, email = `seller${id}@example.com`): Promise<string> {
    return this.auth.app.get(TokenService).issue({ id, email });
  }

  /**
   * The environment both roles get; `env` adds or overrides (undefined removes). Credits are off
   * unless a test turns them on (BILLING_MODE=credits, credits.e2e-spec): the other tests run jobs
   * for made-up accounts, far beyond a trial.
   */
  env(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
    const merged: NodeJS.ProcessEnv = {
      ...process.env,
      AUTH_JWKS_URL: this.jwksUrl,
      MEDIA_SERVICE_URL: this.media.url,
      DATABASE_SCHEMA: this.schema,
      GENERATION_SERVICE_SECRET: this.serviceSecret,
      VTON_RETRY_DELAY_SECONDS: '1',
      WORKER_LEASE_SECONDS: '12',
      WORKER_POLL_MS: '500',
      BILLING_MODE: 'off',
      ...env,
    };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
    return merged;
  }

  /** svc-generation's API in this process. */
  generation(env: Record<string, string | undefined> = {}): Promise<App> {
    return startServiceApp(generationService, { env: this.env(env) });
  }

  /** A worker in this process (quick to start; the fault tests use real processes: spawnWorker). */
  worker(env: Record<string, string | undefined> = {}): Promise<App> {
    return startServiceApp(generationWorker, { env: this.env(env) });
  }

  /** A worker as its own process, from dist/ (`npm test` builds first), as `npm start` and Kubernetes run it. */
  async spawnWorker(env: Record<string, string | undefined> = {}, name = 'worker'): Promise<WorkerProcess> {
    const port = await freePort();
    const worker = await WorkerProcess.start(this.env({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }), name);
    this.workers.add(worker);
    void worker.exited.then(() => this.workers.delete(worker));
    return worker;
  }

  /** The requests svc-media has answered on the routes a model's run uses (its /metrics): inputs, result grants, saves. */
  async workerMediaRequests(): Promise<WorkerMediaRequests> {
    const metrics = new Metrics(await (await fetch(`${this.media.url}/metrics`)).text());
    const count = (method: string, route: string) => metrics.value('http_server_request_duration_seconds_count', { http_request_method: method, http_route: route }) ?? 0;
    return {
      inputs: count('GET', '/internal/media/models/:id/photo-and-mask'),
      grants: count('POST', INTERNAL_MEDIA_PATHS.tryOnResultUploads),
      saves: count('POST', '/internal/media/try-on-results/uploads/:id'),
    };
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.kill('SIGKILL')));
    await this.media?.app.close();
    await this.auth?.app.close();
    fs.rmSync(this.keyDir, { recursive: true, force: true });
  }
}

export interface WorkerMediaRequests {
  inputs: number;
  grants: number;
  saves: number;
}

/** What svc-media answered between two counts. */
export function requestsBetween(before: WorkerMediaRequests, after: WorkerMediaRequests): WorkerMediaRequests {
  return { inputs: after.inputs - before.inputs, grants: after.grants - before.grants, saves: after.saves - before.saves };
}

/** A worker process: its pid, its /metrics and health URL, its log lines, and how it ended. */
export class WorkerProcess {
  readonly lines: string[] = [];
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  static async start(env: NodeJS.ProcessEnv, name: string): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['--enable-source-maps', path.resolve(import.meta.dirname, '../dist/worker-main.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const worker = new WorkerProcess(child, `http://${env.HOST}:${env.PORT}`, exited);
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          worker.lines.push(line);
          if (process.env.WORKER_LOGS) process.stderr.write(`[${name}] ${line}\n`);
        }
      });
    }
    // Ready once its liveness path answers (whatever LOG_LEVEL says).
    let gone = false;
    void exited.then(() => (gone = true));
    for (const deadline = Date.now() + 60_000; ; ) {
      if (gone) throw new Error(`worker ${name} exited before it was ready:\n${worker.lines.join('\n')}`);
      const live = await fetch(`${worker.url}/api/try-on/health/live`).then((r) => r.ok, () => false);
      if (live) return worker;
      if (Date.now() > deadline) throw new Error(`worker ${name} was not ready within 60 s:\n${worker.lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends the signal and resolves once the process ended. */
  async kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  /** The worker's Prometheus metrics, parsed. */
  async metrics(): Promise<Metrics> {
    return new Metrics(await (await fetch(`${this.url}/metrics`)).text());
  }
}

/** A port nothing listens on right now (local-stack's: outside the outgoing-connection range). */
export { freePort };

/** Prometheus text format, parsed (the kit's parser, under the name these tests use). */
export { MetricsText as Metrics } from '@vton/service-kit';

/** The local compositor on a free port, in this process. */
export async function startLocalEngine(delayMs = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createEngineServer({ delayMs, log: () => {} });
  return listen(server, '/v1/try-on');
}

async function listen(server: http.Server, suffix: string): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${suffix}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Rgb = [number, number, number];

/** A plain photo of one colour. */
export function solidPng(width: number, height: number, colour: Rgb): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } } }).png().toBuffer();
}

/** A painted mask at the photo's size: white inside `rect`, black elsewhere. */
export function maskPng(width: number, height: number, rect: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: rect.width, height: rect.height, channels: 3, background: '#ffffff' } }, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();
}

/** A garment: a coloured shirt-like block on a light background. */
export function garmentPng(colour: Rgb, size = 1200): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#f4f4f4' } })
    .composite([
      { input: { create: { width: Math.round(size * 0.6), height: Math.round(size * 0.7), channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } } }, left: Math.round(size * 0.2), top: Math.round(size * 0.15) },
    ])
    .png()
    .toBuffer();
}

/** Seeds svc-media through its own API, as the studio does. */
export class MediaSeeder {
  constructor(
    private readonly mediaUrl: string,
    private readonly token: string,
  ) {}

  /** A garment of the product library, cropped whole; `filename` names it, `category` is its garment category. */
  async croppedGarment(colour: Rgb = [30, 60, 200], options: { filename?: string; category?: GarmentCategory } = {}): Promise<GarmentRecord> {
    const garment = await this.uncroppedGarment(colour, options);
    const size = garment.width;
    const res = await request(this.mediaUrl)
      .post(`/api/garments/${garment.id}/crop`)
      .auth(this.token, { type: 'bearer' })
      .send({ x: 0, y: 0, width: size, height: size, naturalWidth: size, naturalHeight: garment.height });
    if (res.status >= 300) throw new Error(`crop failed: ${res.status} ${res.text}`);
    return res.body;
  }

  async uncroppedGarment(colour: Rgb = [30, 60, 200], options: { filename?: string; category?: GarmentCategory } = {}): Promise<GarmentRecord> {
    const req = request(this.mediaUrl).post('/api/garments').auth(this.token, { type: 'bearer' });
    if (options.category) req.field('category', options.category);
    const res = await req.attach('file', await garmentPng(colour), options.filename ?? 'garment.png');
    if (res.status >= 300) throw new Error(`garment upload failed: ${res.status} ${res.text}`);
    return res.body;
  }

  /** A model photo, made ready with a mask over `rect` (for `category`, default upper body) unless `ready` is false. */
  async model(
    photo: Buffer,
    options: { rect?: { left: number; top: number; width: number; height: number }; ready?: boolean; filename?: string; category?: GarmentCategory } = {},
  ): Promise<ModelPhotoRecord> {
    const upload = await request(this.mediaUrl).post('/api/models').auth(this.token, { type: 'bearer' }).attach('files', photo, options.filename ?? 'model.png');
    if (upload.status >= 300) throw new Error(`model upload failed: ${upload.status} ${upload.text}`);
    const record: ModelPhotoRecord = upload.body[0];
    if (options.ready === false) return record;
    const rect = options.rect ?? {
      left: Math.round(record.width * 0.3),
      top: Math.round(record.height * 0.25),
      width: Math.round(record.width * 0.4),
      height: Math.round(record.height * 0.5),
    };
    return this.mask(record, rect, options.category);
  }

  /** Approves a mask over `rect` on the model photo, for `category` (default upper body). */
  async mask(record: ModelPhotoRecord, rect: { left: number; top: number; width: number; height: number }, category?: GarmentCategory): Promise<ModelPhotoRecord> {
    const req = request(this.mediaUrl).post(`/api/models/${record.id}/mask`).auth(this.token, { type: 'bearer' });
    if (category) req.field('category', category);
    const masked = await req.attach('mask', await maskPng(record.width, record.height, rect), 'mask.png');
    if (masked.status >= 300) throw new Error(`mask failed: ${masked.status} ${masked.text}`);
    return masked.body;
  }
}

/** Fetches a signed same-origin URL (svc-media's or ours) from the service that serves it. */
export async function download(baseUrl: string, imageUrl: string): Promise<Buffer> {
  const res = await fetch(new URL(imageUrl, baseUrl));
  if (!res.ok) throw new Error(`GET ${imageUrl}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export async function pixelAt(png: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

export const near = (a: Rgb, b: Rgb, tolerance = 12) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

export type Fault = 'ok' | 'hang' | 'error500' | 'error400' | 'garbage' | 'reset' | 'flaky500';

/**
 * The one allowed fake: an outside VTON service that misbehaves on purpose. It picks its
 * behaviour from the colour at the centre of target_image (each test model photo has its own
 * colour) and counts the calls per behaviour.
 */
export class FaultyVton {
  readonly calls: Record<Fault, number> = { ok: 0, hang: 0, error500: 0, error400: 0, garbage: 0, reset: 0, flaky500: 0 };
  readonly requests: { fields: Record<string, string>; files: Record<string, { filename?: string; width?: number; height?: number }> }[] = [];
  url = '';
  /** Behaviours switched to 'ok' (a service that recovered), for retry tests. */
  readonly healed = new Set<Fault>();
  inFlight = 0;
  maxInFlight = 0;
  /** The target's centre colour of every call, in the order the calls arrived. */
  readonly started: Rgb[] = [];
  /** Extra wait before a successful answer, so parallel calls overlap. */
  okDelayMs = 0;
  /** A successful answer of this many bytes instead of the image, with or without a Content-Length. */
  oversize?: { bytes: number; declared: boolean };
  private close?: () => Promise<void>;
  private readonly hanging = new Set<http.ServerResponse>();
  private readonly paused = new Set<() => void>();

  constructor(readonly colours: Record<Fault, Rgb>) {}

  async start(): Promise<this> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    const started = await listen(server, '/v1/try-on');
    this.url = started.url;
    this.close = started.close;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await this.close?.();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // Listened for before the request is read: a caller that hangs up meanwhile (its model cancelled) has closed
    // by the time the call would be counted, and a 'close' listened for after it never comes (it stayed in flight).
    let closed = false;
    let counted = false;
    res.on('close', () => {
      closed = true;
      if (counted) this.inFlight--;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parts = parseMultipart(Buffer.concat(chunks), boundaryOf(req.headers['content-type'])!);
    const fields: Record<string, string> = {};
    const files: Record<string, { filename?: string; width?: number; height?: number }> = {};
    for (const part of parts) {
      if (part.filename === undefined) fields[part.name] = part.data.toString();
      else {
        const meta = await sharp(part.data).metadata();
        files[part.name] = { filename: part.filename, width: meta.width, height: meta.height };
      }
    }
    this.requests.push({ fields, files });
    const target = parts.find((p) => p.name === 'target_image')!.data;
    const colour = await pixelAt(target, 480, 480);
    const fault = this.faultFor(colour);
    this.started.push(colour);
    this.calls[fault]++;
    if (closed) return;
    counted = true;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    switch (this.healed.has(fault) ? 'ok' : fault) {
      case 'ok':
        if (this.okDelayMs) await this.pause(res, this.okDelayMs);
        if (res.destroyed) return;
        if (this.oversize) return this.sendOversize(res, this.oversize);
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(await solidPng(960, 960, [0, 200, 0]));
      case 'flaky500':
        if (this.calls.flaky500 % 2 === 1) return void res.writeHead(500, 'Internal Server Error').end('warming up');
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(await solidPng(960, 960, [0, 200, 0]));
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'error500':
        return void res.writeHead(500, 'Internal Server Error').end('engine exploded');
      case 'error400':
        return void res.writeHead(400, 'Bad Request').end('mask is empty');
      case 'garbage':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('definitely not a png, just bytes'.repeat(20)));
      case 'reset':
        return void req.socket.destroy();
    }
  }

  /** Successful answers held back by okDelayMs are sent now: all of them, or the `count` held longest. */
  answerPaused(count = Infinity): void {
    for (const answer of [...this.paused].slice(0, count)) answer();
  }

  /** Waits `ms`, or less if the caller hangs up (a killed worker) or answerPaused() is called. */
  private pause(res: http.ServerResponse, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.paused.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.paused.add(done);
      res.once('close', done);
    });
  }

  /** A body far beyond what the client takes, sent in 64 KB chunks while the client keeps reading. */
  private async sendOversize(res: http.ServerResponse, { bytes, declared }: { bytes: number; declared: boolean }): Promise<void> {
    res.writeHead(200, { 'content-type': 'image/png', ...(declared ? { 'content-length': String(bytes) } : {}) });
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let sent = 0; sent < bytes && !res.destroyed; sent += chunk.length) {
      if (!res.write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)))) {
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.on('drain', go);
          res.on('close', go);
        });
      }
    }
    if (!res.destroyed) res.end();
  }

  private faultFor(colour: Rgb): Fault {
    const entries = Object.entries(this.colours) as [Fault, Rgb][];
    const distance = (c: Rgb) => c.reduce((sum, v, i) => sum + Math.abs(v - colour[i]), 0);
    return entries.sort((a, b) => distance(a[1]) - distance(b[1]))[0][0];
  }
}

/** Reads a job's server-sent events until `until` says stop (or the time runs out). */
export async function readJobEvents(url: string, until: (job: TryOnJob) => boolean, timeoutMs = 20_000): Promise<TryOnJob[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const jobs: TryOnJob[] = [];
  try {
    const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
    if (!res.ok || !res.body) throw new Error(`events: ${res.status} ${await res.text()}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'job' && data) {
          const job = JSON.parse(data) as TryOnJob;
          jobs.push(job);
          if (until(job)) return jobs;
        }
      }
    }
    return jobs;
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`events did not reach the expected state in ${timeoutMs} ms; got ${JSON.stringify(jobs.map((j) => j.models.map((m) => m.state)))}`);
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The job with every signed URL's `exp`/`sig` blanked: two reads a second apart sign differently. */
export function unsigned<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/\?exp=\d+&sig=[\w-]+/g, '?exp=&sig=')) as T;
}

/** Polls GET /api/try-on/jobs/:id until `until` holds. */
export async function waitForJob(url: string, token: string, id: string, until: (job: TryOnJob) => boolean, timeoutMs = 20_000): Promise<TryOnJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(url).get(`/api/try-on/jobs/${id}`).auth(token, { type: 'bearer' });
    if (res.status === 200 && until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${id} did not reach the expected state: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Each fault's model photo colour, so a result shows which fault it came through. */
export const FAULT_COLOURS: Record<Fault, Rgb> = {
  ok: [220, 40, 40],
  hang: [40, 220, 40],
  error500: [220, 40, 220],
  error400: [40, 220, 220],
  garbage: [220, 220, 40],
  reset: [120, 120, 120],
  flaky500: [40, 40, 220],
};

/** Another seller's model photo colour in fairness tests: answered like any good model ('ok' is the nearest). */
export const OTHER_SELLER_COLOUR: Rgb = [200, 70, 60];

/** The states one model went through, in order, without repeats. */
export function statesOf(jobs: TryOnJob[], modelId: number): JobModelState[] {
  const states: JobModelState[] = [];
  for (const job of jobs) {
    const state = job.models.find((m) => m.modelId === modelId)!.state;
    if (states[states.length - 1] !== state) states.push(state);
  }
  return states;
}

/** Waits until `condition` holds (checked every 50 ms), or fails naming `what` (a function: read when it fails, to say what was seen last). */
export async function until(condition: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the queue is quiet: no model of any account waiting or running (the queue's own
 * table, on `database`, the generation schema's connection) and no call open at the fake engine.
 * A test that counts slots or engine calls starts from here (an earlier test's model would take a
 * slot), and one that leaves work behind ends here.
 */
export async function untilQueueQuiet(database: DataSource, vton: FaultyVton, what: string, timeoutMs = 180_000): Promise<void> {
  let seen = '';
  await until(
    async () => {
      const [{ n }] = await database.query(`SELECT count(*)::int AS n FROM try_on_job_models WHERE state IN ('queued', 'requeued', 'running')`);
      seen = `${n} model(s) queued or running, ${vton.inFlight} engine call(s) open`;
      return n === 0 && vton.inFlight === 0;
    },
    () => `${what} (${seen})`,
    timeoutMs,
  );
}

/** The chunk types of a PNG, in order (what svc-media keeps of a stored result). */
export function pngChunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset + 8 <= png.length; offset += 12 + png.readUInt32BE(offset)) types.push(png.toString('latin1', offset + 4, offset + 8));
  return types;
}
