/**
 * What one model costs us, and what a seller waits for (issue 35): `npm run bench:sellers -w e2e`
 * (also part of `npm run bench`). Builds what changed, then starts the product as `npm start` runs it
 * — each part in its own processes, so each one's CPU time can be read from /proc — with the local
 * compositor answering after a fixed ENGINE_DELAY_MS (2 s), VTON_CONCURRENCY=50 and two workers.
 *
 * (a) cost: SELLERS (50) sellers at once, each a 5-model job on 1024×768 photos, followed through
 *     their event streams as the studio follows them. The CPU seconds our processes spent (the API,
 *     the workers, svc-media, svc-auth, the gateway, Postgres, the object server; the local
 *     compositor's own work is the provider's, not ours, and is shown apart) divided by the models
 *     made, against sharp doing the same pixel work for one model (svc-generation/bench/pixel-floor.mjs,
 *     in its own process, CPU time). Also the models per minute and what saturates.
 * (b) latency: 10 sellers, one model each, in Chromium (Playwright) on the studio page: the time from
 *     the click on Try on to the result painted on the page, less the engine's 2 s; p50 and p95.
 *
 * Prints figures and asserts nothing. BENCH_PARTS=cost,latency (default both), BENCH_SELLERS,
 * BENCH_LATENCY_SELLERS (10; 1 traces one model alone on a quiet stack), BENCH_LATENCY_ROUNDS (3),
 * BENCH_KEEP_LOG=1 (keep the stack's log, each line stamped with its time; path printed), BENCH_PROFILE=<dir>
 * (during (a): `perf record` of the whole machine, reported for our processes only, with the Node
 * processes' JavaScript functions named; and Postgres's statements by time, from pg_stat_statements).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import sharp from 'sharp';
import '@vton/local-stack/bootstrap';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../support/chromium.mjs';
import { createVerifiedUser } from '../support/seed.mjs';
import { cpuBetween, cpuSnapshot, loadAverage, treePids } from './process-cpu.mjs';

const { buildAll, REPO_ROOT } = await import('@vton/local-stack');

const PARTS = new Set((process.env.BENCH_PARTS || 'cost,latency').split(','));
const SELLERS = Number(process.env.BENCH_SELLERS || 50);
const MODELS_PER_JOB = 5;
const LATENCY_SELLERS = Number(process.env.BENCH_LATENCY_SELLERS || 10);
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS || 3);
const ENGINE_DELAY_MS = 2000;
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
const PHOTO = { width: 1024, height: 768 };
/** The painted area on every photo (the astronaut's torso). */
const MASK_RECT = { left: 330, top: 330, width: 380, height: 420 };
const STACK_ENV = {
  ENGINE_DELAY_MS: String(ENGINE_DELAY_MS),
  VTON_CONCURRENCY: '50',
  GENERATION_WORKERS: '2',
  TRIAL_CREDITS: '1000',
  MAIL_SEND_LIMIT_PER_IP: '10000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};

const print = (line = '') => process.stdout.write(`${line}\n`);
const median = (values) => quantile(values, 0.5);
/** The nearest-rank quantile (p95 of 30 values is the 29th). */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Starts `stack-process.mjs <what>` and answers its ready line and a stop. */
async function startPart(what, dataDir, env) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'stack-process.mjs'), what, dataDir], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
  return {
    pid: child.pid,
    ...JSON.parse(line),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The API as a seller's client calls it, through the gateway. */
function api(baseUrl, token) {
  return async (method, route, body) => {
    const res = await fetch(new URL(route, baseUrl), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}) },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

const fileForm = (field, bytes, name, type) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

/** A verified seller with a cropped garment and `models` ready model photos (masks approved), saved as the studio's workspace. */
async function seller(stack, images, models, prefix) {
  const { token } = await createVerifiedUser(stack.url, stack.inboxUrl, prefix);
  const call = api(stack.url, token);
  const garment = await call('POST', '/api/garments', fileForm('file', await images.garment(prefix), 'shirt.png', 'image/png'));
  await call('POST', `/api/garments/${garment.id}/crop`, { x: 0, y: 0, width: garment.width, height: garment.width, naturalWidth: garment.width, naturalHeight: garment.height });
  const modelIds = [];
  for (let i = 0; i < models; i++) {
    const [record] = await call('POST', '/api/models', fileForm('files', images.photo, `model-${i + 1}.jpg`, 'image/jpeg'));
    await call('POST', `/api/models/${record.id}/mask`, fileForm('mask', images.mask, 'mask.png', 'image/png'));
    modelIds.push(record.id);
  }
  await call('PUT', '/api/media/workspace', { garmentId: garment.id, modelIds, prompt: 'bench', garmentCategory: 'upper_body' });
  return { token, garmentId: garment.id, modelIds };
}

/** Runs `make` for each index, `parallel` at a time. */
async function inParallel(count, parallel, make) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

/**
 * Follows a job through its event stream (as the studio does) until it ends; `onJob` sees every
 * state. Answers the last TryOnJob.
 */
async function followJob(baseUrl, token, jobId, onJob) {
  const res = await fetch(new URL(`/api/try-on/jobs/${jobId}/events`, baseUrl), { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`events of ${jobId} → ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (res.body))) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      const job = JSON.parse(data);
      onJob(job);
      if (job.status !== 'running') {
        await res.body.cancel().catch(() => undefined);
        return job;
      }
    }
  }
  throw new Error(`the event stream of ${jobId} ended while the job ran`);
}

/** Our processes by role: each app, Postgres, the object server, and the launcher (gateway + MailDev). */
function stackRoots(infra, stack) {
  return {
    'gateway (+ MailDev)': stack.pid,
    'object server': infra.pid,
    postgres: infra.postmaster,
    ...Object.fromEntries(stack.processes.map((p) => [p.name, p.pid])),
  };
}
/** The provider's own work (the local compositor), not ours. */
const PROVIDER_ROLE = 'vton-engine';
const FRONTENDS = /^(shell|mfe-)/;

async function costRun(stack, infra, images, floor) {
  print(`\n(a) ${SELLERS} sellers at once, each a ${MODELS_PER_JOB}-model job (1024×768 JPEG), engine delay ${ENGINE_DELAY_MS} ms, VTON_CONCURRENCY=50, 2 workers`);
  const seeded = await inParallel(SELLERS, 6, (i) => seller(stack, images, MODELS_PER_JOB, `cost${i}`));
  // A warm-up job, so the first figures do not carry the processes' first requests (JIT, pools).
  const warm = seeded[0];
  const warmJob = await api(stack.url, warm.token)('POST', '/api/try-on/jobs', { garmentId: warm.garmentId, modelIds: warm.modelIds.slice(0, 1), prompt: 'warm-up' });
  await followJob(stack.url, warm.token, warmJob.id, () => undefined);
  await new Promise((r) => setTimeout(r, 3000));

  const roots = stackRoots(infra, stack);
  const load = loadAverage();
  /** @type {Map<string, Record<string, number>>} running models per job, from the latest event */
  const running = new Map();
  const samples = [];
  const profile = PROFILE_DIR ? await startProfile(infra) : undefined;
  const gcBefore = await workersGc(stack);
  const before = cpuSnapshot(roots);
  let last = before;
  const sampler = setInterval(() => {
    const now = cpuSnapshot(roots);
    const d = cpuBetween(last, now);
    last = now;
    let inFlight = 0;
    for (const states of running.values()) inFlight += states.running ?? 0;
    samples.push({ d, inFlight });
  }, 1000);
  const started = performance.now();
  const jobs = await Promise.all(seeded.map((s) => api(stack.url, s.token)('POST', '/api/try-on/jobs', { garmentId: s.garmentId, modelIds: s.modelIds, prompt: 'bench' }).then((job) => ({ s, job }))));
  const finished = await Promise.all(
    jobs.map(({ s, job }) =>
      followJob(stack.url, s.token, job.id, (j) => {
        /** @type {Record<string, number>} */
        const states = {};
        for (const m of j.models) states[m.state] = (states[m.state] ?? 0) + 1;
        running.set(j.id, states);
      }),
    ),
  );
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const after = cpuSnapshot(roots);
  const used = cpuBetween(before, after);
  const loadAfter = loadAverage();
  const gcAfter = await workersGc(stack);
  if (profile) await profile.stop(roots);

  const models = finished.flatMap((j) => j.models);
  const made = models.filter((m) => m.state === 'succeeded').length;
  const ours = Object.entries(used.seconds).filter(([role]) => role !== PROVIDER_ROLE);
  const oursSeconds = ours.reduce((sum, [, s]) => sum + s, 0);
  const perModelMs = (oursSeconds * 1000) / made;
  const cores = os.cpus().length;
  print(`    load average ${load.toFixed(1)} → ${loadAfter.toFixed(1)}; ${made} of ${models.length} models made in ${(wallMs / 1000).toFixed(1)} s = ${((made * 60_000) / wallMs).toFixed(0)} models/min`);
  print(`    CPU seconds by process (over the run):`);
  const rows = Object.entries(used.seconds).sort((a, b) => b[1] - a[1]);
  for (const [role, s] of rows) {
    if (s < 0.005 && FRONTENDS.test(role)) continue;
    print(`      ${role.padEnd(30)} ${s.toFixed(2).padStart(7)} s  ${((s * 1000) / made).toFixed(1).padStart(6)} ms/model  ${((100 * s) / used.wallSeconds).toFixed(0).padStart(4)} % of a core${role === PROVIDER_ROLE ? '  (the provider: not counted)' : ''}`);
  }
  for (const [name, gc] of Object.entries(gcAfter)) {
    const d = { count: gc.count - (gcBefore[name]?.count ?? 0), seconds: gc.seconds - (gcBefore[name]?.seconds ?? 0) };
    print(`      ${name}: ${d.count} major collections, ${(d.seconds * 1000).toFixed(0)} ms of pauses (${((d.seconds * 1000) / made).toFixed(1)} ms per model of all)`);
  }
  print(`    ours: ${oursSeconds.toFixed(2)} s = ${perModelMs.toFixed(0)} CPU ms per model; the sharp floor ${floor.cpuMs.toFixed(0)} CPU ms → ${(perModelMs / floor.cpuMs).toFixed(2)}× (goal ≤ 1.5×)`);
  // What saturates: the machine's cores, or the slots (WORKER_CONCURRENCY × 2 workers, VTON_CONCURRENCY).
  const busy = used.machineBusySeconds / used.machineSeconds;
  const busySamples = samples.map((s) => s.d.machineBusySeconds / Math.max(s.d.machineSeconds, 1e-9));
  const inFlight = samples.map((s) => s.inFlight);
  const fullCpu = busySamples.filter((b) => b >= 0.95).length;
  print(
    `    machine (${cores} cores): ${(100 * busy).toFixed(0)} % busy over the run (ours ${((100 * oursSeconds) / (used.wallSeconds * cores)).toFixed(0)} %, the provider ${((100 * (used.seconds[PROVIDER_ROLE] ?? 0)) / (used.wallSeconds * cores)).toFixed(0)} %, everyone else's the rest); ≥ 95 % busy in ${fullCpu} of ${busySamples.length} seconds`,
  );
  print(`    models running (claimed by a worker, of 16 worker slots and 50 provider slots): median ${median(inFlight)}, max ${Math.max(...inFlight)}`);
  // On a machine of its own the stack would stop at the first of: the cores (ours + the engine's CPU
  // per model), the worker slots (each model holds one for the engine's 2 s at least), the provider slots.
  const engineMs = ((used.seconds[PROVIDER_ROLE] ?? 0) * 1000) / made;
  const bounds = {
    [`the CPU (${cores} cores ÷ (${perModelMs.toFixed(0)} + the engine's ${engineMs.toFixed(0)}) CPU ms per model)`]: (cores * 60_000) / (perModelMs + engineMs),
    [`the worker slots (16 ÷ the engine's ${ENGINE_DELAY_MS / 1000} s)`]: (16 * 60_000) / ENGINE_DELAY_MS,
    [`the provider slots (50 ÷ ${ENGINE_DELAY_MS / 1000} s)`]: (50 * 60_000) / ENGINE_DELAY_MS,
  };
  const [first] = Object.entries(bounds).sort((a, b) => a[1] - b[1]);
  print(`    saturates here: ${busy >= 0.9 ? 'the CPU (the machine was busy through the run, mostly with other work)' : Math.max(...inFlight) >= 16 ? 'the worker slots' : 'nothing: the engine delay bounds it'}; on a machine of its own: ${first[0]} at ≈ ${first[1].toFixed(0)} models/min`);
  print(`      (bounds: ${Object.entries(bounds).map(([what, perMinute]) => `${what.split(' (')[0]} ${perMinute.toFixed(0)}/min`).join(', ')})`);
  return { perModelMs, floorMs: floor.cpuMs, ratio: perModelMs / floor.cpuMs, perMinute: (made * 60_000) / wallMs, load: [load, loadAfter], byRole: used.seconds, made };
}

/** Each worker's major collections so far (count, pause seconds), from its /metrics (prom-client's GC histogram). */
async function workersGc(stack) {
  /** @type {Record<string, { count: number, seconds: number }>} */
  const out = {};
  for (const p of stack.processes.filter((q) => q.kind === 'worker')) {
    const text = await (await fetch(`${p.url}/metrics`)).text();
    const value = (series) => Number(new RegExp(`^nodejs_gc_duration_seconds_${series}\\{[^}]*kind="major"[^}]*\\} (\\S+)`, 'm').exec(text)?.[1] ?? 0);
    out[p.name] = { count: value('count'), seconds: value('sum') };
  }
  return out;
}

/**
 * BENCH_PROFILE: `perf record` of the whole machine (other agents share it) from here to `stop`,
 * reported for our processes only, and Postgres's statements from pg_stat_statements over the same time.
 */
async function startProfile(infra) {
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const db = new pg.Client({ connectionString: infra.databaseUrl });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
  const data = path.join(PROFILE_DIR, 'perf.data');
  const perf = spawn('perf', ['record', '-a', '-g', '-F', '499', '-o', data], { stdio: ['ignore', 'ignore', 'inherit'] });
  const perfExited = new Promise((resolve) => perf.once('exit', resolve));
  return {
    async stop(roots) {
      const pids = treePids(roots);
      perf.kill('SIGINT');
      await perfExited;
      const statements = await db.query(
        `SELECT round(total_exec_time)::int AS ms, calls, round(mean_exec_time::numeric, 2) AS mean_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 220) AS query
           FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 40`,
      );
      await db.end();
      fs.writeFileSync(path.join(PROFILE_DIR, 'pg-statements.txt'), statements.rows.map((r) => `${String(r.ms).padStart(7)} ms ${String(r.calls).padStart(7)} calls ${String(r.mean_ms).padStart(8)} ms/call ${String(r.rows).padStart(7)} rows  ${r.query}`).join('\n'));
      const ours = Object.entries(pids).filter(([role]) => role !== PROVIDER_ROLE).flatMap(([, list]) => list);
      const report = (args, file) =>
        new Promise((resolve) => {
          const out = fs.openSync(path.join(PROFILE_DIR, file), 'w');
          spawn('perf', ['report', '-i', data, '--no-children', '--pid', ours.join(','), '--stdio', ...args], { stdio: ['ignore', out, 'ignore'] }).once('exit', resolve);
        });
      await report(['--sort', 'comm,dso', '-g', 'none'], 'perf-by-process.txt');
      await report(['--sort', 'pid,sym', '-g', 'none', '--percent-limit', '0.2'], 'perf-by-symbol.txt');
      await report(['--sort', 'pid,sym', '-g', 'caller,0.5,callee', '--percent-limit', '1'], 'perf-callers.txt');
      fs.writeFileSync(path.join(PROFILE_DIR, 'pids.json'), JSON.stringify(pids, null, 1));
      print(`    profile: ${PROFILE_DIR} (perf-by-process.txt, perf-by-symbol.txt, perf-callers.txt, pg-statements.txt, pids.json)`);
    },
  };
}

async function latencyRun(stack, infra, images) {
  print(`\n(b) ${LATENCY_SELLERS} sellers, one model each, on the studio page in Chromium; ${LATENCY_ROUNDS} rounds, each seller clicking Try on at once`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // A pool: the ten pages' stages are read at once.
  const db = new pg.Pool({ connectionString: infra.databaseUrl, max: 4 });
  const waits = [];
  /** @type {Record<string, number>[]} where each try-on's time went, stage by stage */
  const stages = [];
  try {
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      const sellers = await inParallel(LATENCY_SELLERS, 4, (i) => seller(stack, images, 1, `latency${round}-${i}`));
      const load = loadAverage();
      const pages = await Promise.all(
        sellers.map(async (s) => {
          const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 800 } });
          await context.addInitScript((token) => {
            window.localStorage.setItem('auth_token', token);
            // Submit: the click on Try on. Shown: the first result image (its object key is <user>/generated/…) loaded and painted.
            // Also when the stage's full-size result (not the progress list's thumbnail) was loaded and painted.
            const bench = { submitted: 0, shown: 0, stageLoaded: 0, stageShown: 0 };
            Object.assign(window, { __bench: bench });
            document.addEventListener(
              'click',
              (event) => {
                const button = event.target instanceof Element ? event.target.closest('button') : null;
                if (button?.textContent?.trim() === 'Try on' && !bench.submitted) bench.submitted = performance.timeOrigin + performance.now();
              },
              true,
            );
            document.addEventListener(
              'load',
              (event) => {
                const img = event.target;
                if (!(img instanceof HTMLImageElement) || !/\/generated\//.test(img.currentSrc || img.src) || !bench.submitted) return;
                if (img.dataset.testid === 'active-result' && !bench.stageLoaded) {
                  bench.stageLoaded = performance.timeOrigin + performance.now();
                  requestAnimationFrame(() => (bench.stageShown = performance.timeOrigin + performance.now()));
                }
                if (bench.shown) return;
                requestAnimationFrame(() => {
                  if (!bench.shown) bench.shown = performance.timeOrigin + performance.now();
                });
              },
              true,
            );
          }, s.token);
          const page = await context.newPage();
          /** What went wrong on the page, told when it never gets ready. */
          const trouble = [];
          page.on('console', (m) => m.type() === 'error' && trouble.push(`console: ${m.text()}`));
          page.on('response', (r) => r.status() >= 400 && trouble.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
          page.on('requestfailed', (r) => trouble.push(`failed ${r.method()} ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`));
          await page.goto('/app');
          try {
            await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Try on' && !b.disabled), null, { timeout: 180_000 });
          } catch (error) {
            const shot = path.join(os.tmpdir(), `sellers-bench-not-ready-${Date.now()}.png`);
            await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
            throw new Error(`the studio's Try on button was not enabled within 180 s (screenshot: ${shot}; on the page: ${trouble.join(' | ') || 'no error'}): ${/** @type {Error} */ (error).message}`);
          }
          return { page, context };
        }),
      );
      await Promise.all(pages.map(({ page }) => page.getByRole('button', { name: 'Try on', exact: true }).click()));
      const round_ = await Promise.all(
        pages.map(async ({ page }, i) => {
          await page.waitForFunction(() => /** @type {any} */ (window).__bench.shown > 0, null, { timeout: 180_000, polling: 100 });
          await page.waitForFunction(() => /** @type {any} */ (window).__bench.stageShown > 0, null, { timeout: 60_000, polling: 100 }).catch(() => undefined);
          const { submitted, shown, stageLoaded, stageShown, requests } = await page.evaluate(() => {
            const { timeOrigin } = performance;
            const requests = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).map((e) => ({ path: new URL(e.name).pathname, start: timeOrigin + e.startTime, end: timeOrigin + e.responseEnd }));
            return { .../** @type {any} */ (window).__bench, requests };
          });
          // The gallery record says when svc-media saved it and how long the engine's call took.
          const { images: [saved] } = await api(stack.url, sellers[i].token)('GET', '/api/generated-images?limit=1');
          stages.push(await stagesOf(db, { submitted, shown, stageLoaded, stageShown, requests, saved }));
          return { wait: shown - submitted - ENGINE_DELAY_MS, engine: saved.metadata.providerDurationMs, toSaved: Date.parse(saved.createdAt) - submitted, toShown: shown - Date.parse(saved.createdAt) };
        }),
      );
      await Promise.all(pages.map(({ context }) => context.close()));
      waits.push(...round_);
      const s = (ms) => (ms / 1000).toFixed(2);
      print(`    round ${round + 1} (load ${load.toFixed(1)}): beyond ${ENGINE_DELAY_MS / 1000} s ${round_.map((w) => s(w.wait)).join(' ')} s; the engine's call took ${round_.map((w) => s(w.engine)).join(' ')} s`);
      print(`      click → saved in the gallery ${round_.map((w) => s(w.toSaved)).join(' ')} s; saved → painted ${round_.map((w) => s(w.toShown)).join(' ')} s`);
    }
  } finally {
    await browser.close();
    await db.end();
  }
  print(`    where the time went (median, min–max ms over ${stages.length} try-ons; "claimed" and "recorded" are the model's row in Postgres):`);
  for (const stage of Object.keys(stages[0] ?? {})) {
    const values = stages.map((t) => t[stage]).filter(Number.isFinite);
    print(`      ${stage.padEnd(72)} ${median(values).toFixed(0).padStart(6)}  (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`);
  }
  const beyond = waits.map((w) => w.wait);
  const beyondEngine = waits.map((w) => w.wait + ENGINE_DELAY_MS - w.engine);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  print(`    result painted − click − ${ENGINE_DELAY_MS / 1000} s: p50 ${s(median(beyond))}, p95 ${s(quantile(beyond, 0.95))} over ${waits.length} try-ons (goal p95 ≤ 1 s)`);
  print(`    the same less the engine's own time instead of ${ENGINE_DELAY_MS / 1000} s (it answers later when its composition is slowed): p50 ${s(median(beyondEngine))}, p95 ${s(quantile(beyondEngine, 0.95))}`);
  return { p50: median(beyond), p95: quantile(beyond, 0.95), waits };
}

/**
 * One try-on's time, stage by stage, on the machine's clock: the click, the job's POST answered
 * (the page's resource timing), the model claimed by a worker and its outcome recorded (its row's
 * started_at and finished_at; the engine's call within that is the provider's), the full image
 * requested (after the job's event reached the page and the studio rendered it) and fetched
 * (resource timing), and painted in the stage.
 */
async function stagesOf(db, { submitted, shown, stageLoaded, stageShown, requests, saved }) {
  const posted = requests.find((r) => r.path === '/api/try-on/jobs');
  const events = requests.find((r) => /^\/api\/try-on\/jobs\/[^/]+\/events$/.test(r.path));
  const image = requests.find((r) => /\/generated\/.*-full\./.test(r.path));
  const jobId = events?.path.split('/')[4];
  const {
    rows: [row],
  } = await db.query(
    `SELECT extract(epoch FROM started_at) * 1000 AS claimed, extract(epoch FROM finished_at) * 1000 AS recorded FROM generation.try_on_job_models WHERE job_id = $1`,
    [jobId],
  );
  const claimed = Number(row?.claimed);
  const recorded = Number(row?.recorded);
  const engine = saved.metadata.providerDurationMs;
  return {
    'click → the job created (its POST answered)': posted ? posted.end - submitted : NaN,
    'created → claimed by a worker (< 0: before the answer reached the page)': posted ? claimed - posted.end : NaN,
    "claimed → recorded, less the engine's call (the worker)": recorded - claimed - engine,
    'recorded → the image requested (the event, the render)': image ? image.start - recorded : NaN,
    'the full image fetched': image ? image.end - image.start : NaN,
    'fetched → the stage painted it (decode, load event, next frame)': image && stageShown ? stageShown - image.end : NaN,
    '(of which its load event → painted)': stageShown ? stageShown - stageLoaded : NaN,
    // The figure above counts the first result image painted: often the progress list's thumbnail, before the stage's full image.
    'the first result image painted → the stage painted the full one': stageShown ? stageShown - shown : NaN,
  };
}

/** The astronaut photograph (fixtures/people) as a 1024×768 JPEG, a 960 garment on a plain ground for each seller, and a mask over her torso. */
async function benchImages(dir) {
  const photo = await sharp(path.join(import.meta.dirname, '..', 'fixtures', 'people', 'astronaut.png'))
    .resize(PHOTO.width, PHOTO.height, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
  // Each seller's own garment (its colour from the seller's name), as real sellers bring theirs: the
  // engine keeps a garment's cut-out between the models of a job, not between sellers.
  const garment = (seller) => {
    const hue = [...seller].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
    return sharp({ create: { width: 960, height: 960, channels: 3, background: '#f4f4f4' } })
      .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960"><path d="M300 150 L400 120 Q480 170 560 120 L660 150 L800 300 L720 370 L660 320 L660 840 L300 840 L300 320 L240 370 L160 300 Z" fill="hsl(${hue}, 70%, 45%)"/></svg>`) }])
      .png()
      .toBuffer();
  };
  const mask = await sharp({ create: { width: PHOTO.width, height: PHOTO.height, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: MASK_RECT.width, height: MASK_RECT.height, channels: 3, background: '#ffffff' } }, left: MASK_RECT.left, top: MASK_RECT.top }])
    .png()
    .toBuffer();
  const files = { photo: path.join(dir, 'photo.jpg'), mask: path.join(dir, 'mask-bounds.png') };
  fs.writeFileSync(files.photo, photo);
  // The floor's mask is the bounds' region on one band, as svc-media stores it for the worker.
  fs.writeFileSync(files.mask, await sharp(mask).extract(MASK_RECT).extractChannel(0).png().toBuffer());
  return { photo, garment, mask, files };
}

/** The sharp floor for one model of this photo, in its own process: CPU ms (all threads) and wall ms. */
function pixelFloor(images) {
  const bounds = { x: MASK_RECT.left, y: MASK_RECT.top, width: MASK_RECT.width, height: MASK_RECT.height };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/pixel-floor.mjs', images.files.photo, images.files.mask, JSON.stringify(bounds), '30'], { cwd: path.join(REPO_ROOT, 'svc-generation'), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`pixel-floor.mjs exited ${code}`))));
  });
}

ensureChromium();
await buildAll();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-bench-sellers-'));
fs.chmodSync(dataDir, 0o755);
const logFile = path.join(dataDir, 'stack.log');
const env = { ...process.env };
for (const key of ['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL', 'VTON_API_URL', 'VTON_PROVIDER']) delete env[key];
const infra = await startPart('infrastructure', dataDir, { ...env, ...(PROFILE_DIR ? { BENCH_PG_STATEMENTS: '1' } : {}) });
let stack;
try {
  stack = await startPart('stack', dataDir, {
    ...env,
    ...STACK_ENV,
    DATABASE_URL: infra.databaseUrl,
    S3_ENDPOINT: infra.endpoint,
    S3_BUCKET: infra.bucket,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    BENCH_STACK_LOG: logFile,
    // perf names the JavaScript functions of every Node process from the maps this writes to /tmp.
    ...(PROFILE_DIR ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --perf-basic-prof-only-functions`.trim() } : {}),
  });
  print(`\nSellers' bench — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average ${loadAverage().toFixed(1)}`);
  const images = await benchImages(dataDir);
  const floor = await pixelFloor(images);
  print(`    the sharp floor for one 1024×768 model (pixel work only, its own process, median of 30): ${floor.cpuMs.toFixed(0)} CPU ms, ${floor.wallMs.toFixed(0)} ms wall`);
  if (PARTS.has('cost')) await costRun(stack, infra, images, floor);
  if (PARTS.has('latency')) await latencyRun(stack, infra, images);
  print();
} finally {
  await stack?.stop();
  await infra.stop();
  if (process.env.BENCH_KEEP_LOG) print(`stack log: ${logFile}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
