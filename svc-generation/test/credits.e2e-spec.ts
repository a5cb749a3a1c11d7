import type { BillingAccount, LedgerEntry, TryOnJob, TryOnRun } from '@vton/contracts';
import { API_KEYS_PATH, BILLING_PATHS, INTERNAL_BILLING_PATHS, creditKey } from '@vton/contracts';
import { DatabaseConnection } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { BillingService, CreditLedger, createVerifiedAccount } from 'svc-auth/testing';
import { DataSource } from 'typeorm';
import { CreditHolds } from '../src/credits/credit-holds.js';
import { CreditSettler } from '../src/credits/credit-settler.js';
import { CreditsClient, LEDGER_UNAVAILABLE_MESSAGE } from '../src/credits/credits-client.js';
import { JobStore } from '../src/jobs/job-store.js';
import { JobQueue } from '../src/queue/job-queue.js';
import { Reconciler } from '../src/worker/reconciler.js';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Metrics, Platform, solidPng, until, waitForJob, type App } from './helpers.js';

/**
 * Credits across the two services (svc-auth's ledger, svc-generation's jobs): reserved before any
 * model is queued, captured when it succeeds, released when it fails, never twice, never overdrawn.
 * Real Postgres, the real svc-auth and svc-media, workers in this process and as killed processes.
 */
describe('credits: reserve before queueing, capture on success, release on failure', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let api: App;
  let worker: App | undefined;

  const env = (extra: Record<string, string> = {}) => ({ VTON_API_URL: vton.url, BILLING_MODE: 'credits', VTON_CONCURRENCY: '8', ...extra });

  /** A verified seller (the trial's 10 credits), its token, a cropped garment and `models` ready model photos of `colour`. */
  async function seller(models: number, colour = FAULT_COLOURS.ok) {
    const { id, email } = await createVerifiedAccount(platform.auth.app, `credits-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`);
    const token = await platform.token(id, email);
    const seed = new MediaSeeder(platform.media.url, token);
    const garmentId = (await seed.croppedGarment()).id;
    const modelIds: number[] = [];
    for (let i = 0; i < models; i++) modelIds.push((await seed.model(await solidPng(300 + i, 240, colour))).id);
    return { id, token, seed, garmentId, modelIds };
  }

  const startJob = (token: string, garmentId: number, modelIds: number[]) =>
    request(api.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'linen shirt' });
  const credits = async (token: string) => ((await request(platform.auth.url).get(BILLING_PATHS.account).auth(token, { type: 'bearer' }).expect(200)).body as BillingAccount).credits;
  const ledger = async (token: string) =>
    ((await request(platform.auth.url).get(`${BILLING_PATHS.ledger}?pageSize=100`).auth(token, { type: 'bearer' }).expect(200)).body.entries as LedgerEntry[]).reverse();
  const finished = (token: string, id: string) => waitForJob(api.url, token, id, (j) => j.status !== 'running', 60_000);
  /** The credit of every run has been settled (a failure when the worker records it, a job's successes when its last model ends). */
  const settled = (token: string) => until(async () => (await credits(token)).reserved === 0, 'every reserved credit is settled');
  /** The settlement requests svc-auth has answered (its /metrics, by route). */
  const settlementRequests = async () =>
    new Metrics(await (await fetch(`${platform.auth.url}/metrics`)).text()).value('http_server_request_duration_seconds_count', {
      http_request_method: 'POST',
      http_route: INTERNAL_BILLING_PATHS.settlements,
    }) ?? 0;
  /**
   * The settlement requests counted once there are more than `before`. svc-auth counts a request when
   * its answer's connection is done, which can come just after the caller has read the answer.
   */
  async function settlementRequestsAfter(before: number): Promise<number> {
    let count = before;
    await until(async () => (count = await settlementRequests()) > before, () => `svc-auth counted a settlement request after ${before} (still ${count})`);
    return count;
  }

  /** A job of one model photo the VTON service refuses for good (a 400), run by a worker: failed, its credit released. */
  async function failedJob(s: { token: string; seed: MediaSeeder; garmentId: number }, width: number): Promise<{ job: TryOnJob; modelId: number }> {
    const modelId = (await s.seed.model(await solidPng(width, 240, FAULT_COLOURS.error400))).id;
    worker = await platform.worker(env());
    const job = (await startJob(s.token, s.garmentId, [modelId]).expect(201)).body as TryOnJob;
    expect((await finished(s.token, job.id)).status).toBe('failed');
    await settled(s.token);
    return { job, modelId };
  }

  /** The keys the seller's ledger has captured, sorted. */
  const captured = async (token: string) => (await ledger(token)).filter((e) => e.kind === 'capture').map((e) => e.key).sort();
  /** The keys of the first runs of these jobs' models, sorted. */
  const runKeys = (jobs: TryOnJob[], modelIds: number[]) => jobs.flatMap((job) => modelIds.map((m) => creditKey(job.id, m, 1))).sort();

  /**
   * A job of the seller's models that has ended, every model succeeded, its credits still reserved
   * and unsettled: no worker ran it (its units of work are cancelled) and nobody has settled it yet.
   */
  async function endedJob(s: { token: string; garmentId: number; modelIds: number[] }): Promise<TryOnJob> {
    const job = (await startJob(s.token, s.garmentId, s.modelIds).expect(201)).body as TryOnJob;
    const db = api.app.get(DataSource);
    const rows: { queueJobId: string }[] = await db.query(`SELECT queue_job_id AS "queueJobId" FROM try_on_job_models WHERE job_id = $1`, [job.id]);
    await api.app.get(JobQueue).cancel(rows.map((r) => r.queueJobId));
    await db.query(`UPDATE try_on_job_models SET state = 'succeeded', finished_at = now(), updated_at = now() WHERE job_id = $1`, [job.id]);
    return job;
  }

  /** What earlier tests left is settled first, so the settler's counts are this job's. */
  async function endedJobOfNewSeller() {
    const s = await seller(3);
    const settler = api.app.get(CreditSettler);
    await settler.sweep();
    return { s, job: await endedJob(s), settler };
  }

  /** The next pass settles the job (endedJobOfNewSeller) in one settlement request: its 3 runs captured, the seller's 7 credits left. */
  async function settledByNextPass(s: { token: string; modelIds: number[] }, job: TryOnJob, settler: CreditSettler) {
    const before = await settlementRequests();
    expect(await settler.sweep()).toBe(3);
    expect(await settlementRequestsAfter(before)).toBe(before + 1);
    expect(await credits(s.token)).toEqual({ available: 7, reserved: 0 });
    expect(await captured(s.token)).toEqual(runKeys([job], s.modelIds));
  }

  beforeAll(async () => {
    await platform.start({}, { BILLING_MODE: 'credits', TRIAL_CREDITS: '10' });
    await vton.start();
    api = await platform.generation(env());
  }, 120_000);

  afterEach(async () => {
    await worker?.app.close();
    worker = undefined;
  });

  afterAll(async () => {
    await api?.app.close();
    await vton.stop();
    await platform.stop();
  });

  it('a 3-model try-on costs 3; a model that fails for good costs nothing', async () => {
    const s = await seller(3);
    const failing = (await s.seed.model(await solidPng(320, 240, FAULT_COLOURS.error400))).id;
    worker = await platform.worker(env());
    const job = (await startJob(s.token, s.garmentId, s.modelIds).expect(201)).body as TryOnJob;
    expect((await finished(s.token, job.id)).status).toBe('completed');
    await settled(s.token);
    expect(await credits(s.token)).toEqual({ available: 7, reserved: 0 });

    const failed = (await startJob(s.token, s.garmentId, [failing]).expect(201)).body as TryOnJob;
    expect((await finished(s.token, failed.id)).models[0]).toMatchObject({ state: 'failed', error: { code: 'VTON_API_ERROR' } });
    await settled(s.token);
    expect(await credits(s.token)).toEqual({ available: 7, reserved: 0 });

    const entries = await ledger(s.token);
    expect(entries[0]).toMatchObject({ kind: 'grant', key: `trial:${s.id}`, credits: 10 });
    const keysOf = (kind: string) => entries.filter((e) => e.kind === kind).map((e) => e.key).sort();
    const jobKeys = s.modelIds.map((m) => creditKey(job.id, m, 1)).sort();
    const failedKey = creditKey(failed.id, failing, 1);
    expect(keysOf('reserve')).toEqual([...jobKeys, failedKey].sort());
    expect(keysOf('capture')).toEqual(jobKeys);
    expect(keysOf('release')).toEqual([failedKey]);

    // A retry of the failed model is a new run: reserved again, released again when it fails again.
    const retried = await request(api.url).post(`/api/try-on/jobs/${failed.id}/models/${failing}/retry`).auth(s.token, { type: 'bearer' }).expect(200);
    // A worker may have taken it already.
    expect(['queued', 'running', 'failed']).toContain(retried.body.models[0].state);
    await finished(s.token, failed.id);
    await settled(s.token);
    expect(await credits(s.token)).toEqual({ available: 7, reserved: 0 });
    expect((await ledger(s.token)).slice(-2).map((e) => `${e.kind}:${e.key}`)).toEqual([`reserve:${creditKey(failed.id, failing, 2)}`, `release:${creditKey(failed.id, failing, 2)}`]);
    // each entry of a model run says what it was: the product on the model photo (the seeder's garment.png and model.png)
    expect(new Set((await ledger(s.token)).filter((e) => e.key?.startsWith('try-on:')).map((e) => e.note))).toEqual(new Set(['garment on model.png']));
  }, 120_000);

  it('a catalogue run costs one credit a cell that runs: held from the start, captured when its cells succeed', async () => {
    const s = await seller(0);
    const garmentId = (await s.seed.croppedGarment(undefined, { filename: 'Linen shirt.png' })).id;
    const anna = (await s.seed.model(await solidPng(300, 240, FAULT_COLOURS.ok), { filename: 'anna.png' })).id;
    const ben = (await s.seed.model(await solidPng(301, 240, FAULT_COLOURS.ok), { filename: 'ben.png' })).id;
    worker = await platform.worker(env());
    const created = await request(api.url).post('/api/try-on/runs').auth(s.token, { type: 'bearer' }).send({ garmentIds: [garmentId], modelIds: [anna, ben], prompt: 'linen shirt' }).expect(201);
    const run = created.body as TryOnRun;
    // Held as the run starts: the seller plans the next run with 8 left, not 10.
    expect((await credits(s.token)).available).toBe(8);
    let done: TryOnRun | undefined;
    await until(async () => {
      done = (await request(api.url).get(`/api/try-on/runs/${run.id}`).auth(s.token, { type: 'bearer' }).expect(200)).body as TryOnRun;
      return done.status === 'completed';
    }, 'the run has completed', 60_000);
    expect(done!.counts).toMatchObject({ total: 2, succeeded: 2 });
    await settled(s.token);
    expect(await credits(s.token)).toEqual({ available: 8, reserved: 0 });
    const kinds = (await ledger(s.token)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'capture')).toHaveLength(2);
    expect(kinds).not.toContain('release');
    // the credit history names each cell: its product on its model photo, on the reservation and on the capture
    const notes = (await ledger(s.token)).filter((e) => e.kind !== 'grant').map((e) => `${e.kind} ${e.note}`).sort();
    expect(notes).toEqual(['capture Linen shirt on anna.png', 'capture Linen shirt on ben.png', 'reserve Linen shirt on anna.png', 'reserve Linen shirt on ben.png']);
  }, 120_000);

  it("a job's successes are captured together when its last model ends: one settlement request for a 3-model job across two workers", async () => {
    const s = await seller(3);
    // The models run at the same time on two workers and end together: only the one that records the job's last outcome settles.
    vton.okDelayMs = 500;
    worker = await platform.worker(env({ WORKER_CONCURRENCY: '2' }));
    const other = await platform.worker(env({ WORKER_CONCURRENCY: '2' }));
    try {
      const before = await settlementRequests();
      const job = (await startJob(s.token, s.garmentId, s.modelIds).expect(201)).body as TryOnJob;
      expect((await finished(s.token, job.id)).status).toBe('completed');
      await settled(s.token);
      expect(await credits(s.token)).toEqual({ available: 7, reserved: 0 });
      expect(await settlementRequestsAfter(before)).toBe(before + 1);
      const captures = (await ledger(s.token)).filter((e) => e.kind === 'capture');
      expect(captures.map((e) => e.key).sort()).toEqual(s.modelIds.map((m) => creditKey(job.id, m, 1)).sort());
    } finally {
      vton.okDelayMs = 0;
      await other.app.close();
    }
  }, 120_000);

  it("a model that fails for good gives its credit back at once, while the job's other models still run; their captures follow when they end", async () => {
    const s = await seller(2);
    const failing = (await s.seed.model(await solidPng(340, 240, FAULT_COLOURS.error400))).id;
    vton.okDelayMs = 600_000;
    worker = await platform.worker(env({ VTON_TIMEOUT_MS: '300000' }));
    try {
      const job = (await startJob(s.token, s.garmentId, [...s.modelIds, failing]).expect(201)).body as TryOnJob;
      await until(async () => (await credits(s.token)).available === 8, "the failed model's credit is back");
      expect(await credits(s.token)).toEqual({ available: 8, reserved: 2 });
      const running = (await request(api.url).get(`/api/try-on/jobs/${job.id}`).auth(s.token, { type: 'bearer' }).expect(200)).body as TryOnJob;
      expect(running.status).toBe('running');
      expect(running.models.find((m) => m.modelId === failing)).toMatchObject({ state: 'failed', error: { code: 'VTON_API_ERROR' } });
      expect((await ledger(s.token)).filter((e) => e.kind === 'capture' || e.kind === 'release').map((e) => `${e.kind}:${e.key}`)).toEqual([`release:${creditKey(job.id, failing, 1)}`]);

      vton.okDelayMs = 0;
      vton.answerPaused();
      expect((await finished(s.token, job.id)).status).toBe('completed');
      await settled(s.token);
      expect(await credits(s.token)).toEqual({ available: 8, reserved: 0 });
      const entries = await ledger(s.token);
      expect(entries.filter((e) => e.kind === 'capture').map((e) => e.key).sort()).toEqual(s.modelIds.map((m) => creditKey(job.id, m, 1)).sort());
      expect(entries.filter((e) => e.kind === 'release').map((e) => e.key)).toEqual([creditKey(job.id, failing, 1)]);
    } finally {
      vton.okDelayMs = 0;
      vton.answerPaused();
    }
  }, 120_000);

  it('an account out of credits gets 402 INSUFFICIENT_CREDITS before anything is queued or any provider is called', async () => {
    const s = await seller(3);
    const db = platform.auth.app.get(DataSource);
    const { modelIds, garmentId, token } = s;
    // 2 credits left, 3 models asked.
    await platform.auth.app.get(CreditLedger).adjust(s.id, -8, 'test: most of the trial used');
    const callsBefore = vton.calls.ok;
    const refused = await startJob(token, garmentId, modelIds).expect(402);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This try-on needs 3 credits; you have 2 left.' });
    const generate = await request(api.url).post('/api/try-on/generate').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'x' }).expect(402);
    expect(generate.body.code).toBe('INSUFFICIENT_CREDITS');
    const genDb = api.app.get(DataSource);
    const [{ count }] = await genDb.query(`SELECT count(*)::int AS count FROM try_on_job_models WHERE user_id = $1`, [s.id]);
    expect(count).toBe(0);
    expect(vton.calls.ok).toBe(callsBefore);
    expect(await credits(token)).toEqual({ available: 2, reserved: 0 });
    // The trial ends: real generation answers 402 PLAN_REQUIRED.
    await db.query(`UPDATE auth.billing_accounts SET "trialEndsAt" = now() - interval '1 minute' WHERE "userId" = $1`, [s.id]);
    const ended = await startJob(token, garmentId, modelIds.slice(0, 1)).expect(402);
    expect(ended.body).toMatchObject({ code: 'PLAN_REQUIRED', message: 'Your free trial has ended — choose a plan to keep generating.' });
  }, 120_000);

  it('a catalogue run and a retry of one model, for an account without enough credits: 402 INSUFFICIENT_CREDITS, nothing queued, no provider called', async () => {
    const s = await seller(2);
    const { job: failed, modelId: failing } = await failedJob(s, 350);
    const ledgerLength = async () => (await ledger(s.token)).length;
    const genDb = api.app.get(DataSource);
    /** What svc-generation holds for the seller: runs, job models (their runs and queue units), credit holds not settled. */
    const queuedWork = async () => ({
      runs: (await genDb.query(`SELECT count(*)::int AS n FROM try_on_runs WHERE user_id = $1`, [s.id]))[0].n,
      models: await genDb.query(`SELECT job_id, model_id, state, run, queue_job_id FROM try_on_job_models WHERE user_id = $1 ORDER BY job_id, model_id`, [s.id]),
      holds: (await genDb.query(`SELECT count(*)::int AS n FROM credit_holds WHERE user_id = $1 AND settled_at IS NULL`, [s.id]))[0].n,
    });
    const before = await queuedWork();
    expect(before.runs).toBe(0);
    expect(before.holds).toBe(0);
    const calls = { ...vton.calls };

    // 1 credit left, a run of 1 product on 2 model photos (2 cells).
    await platform.auth.app.get(CreditLedger).adjust(s.id, -9, 'test: most of the trial used');
    const entries = await ledgerLength();
    const run = await request(api.url).post('/api/try-on/runs').auth(s.token, { type: 'bearer' }).send({ garmentIds: [s.garmentId], modelIds: s.modelIds, prompt: 'linen shirt' }).expect(402);
    expect(run.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This try-on needs 2 credits; you have 1 left.' });

    // None left, a retry of the failed model (a new run of it).
    await platform.auth.app.get(CreditLedger).adjust(s.id, -1, 'test: the last credit used');
    const retry = await request(api.url).post(`/api/try-on/jobs/${failed.id}/models/${failing}/retry`).auth(s.token, { type: 'bearer' }).expect(402);
    expect(retry.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This try-on needs 1 credit; you have 0 left.' });
    const job = (await request(api.url).get(`/api/try-on/jobs/${failed.id}`).auth(s.token, { type: 'bearer' }).expect(200)).body as TryOnJob;
    expect(job).toMatchObject({ status: 'failed', models: [{ modelId: failing, state: 'failed', error: { code: 'VTON_API_ERROR' } }] });

    expect(await queuedWork()).toEqual(before);
    expect(vton.calls).toEqual(calls);
    expect(await credits(s.token)).toEqual({ available: 0, reserved: 0 });
    // The ledger has the two adjustments and nothing reserved.
    expect((await ledger(s.token)).slice(entries - 1).map((e) => e.kind)).toEqual(['adjustment', 'adjustment']);
  }, 120_000);

  it('30 one-model jobs at once on 10 credits: exactly 10 accepted, 20 refused 402, balance 0, the ledger adds up', async () => {
    const s = await seller(1);
    const answers = await Promise.all(Array.from({ length: 30 }, () => startJob(s.token, s.garmentId, s.modelIds)));
    const accepted = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 402);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This try-on needs 1 credit; you have 0 left.' });
    expect(await credits(s.token)).toEqual({ available: 0, reserved: 10 });

    worker = await platform.worker(env());
    for (const r of accepted) expect((await finished(s.token, r.body.id)).status).toBe('completed');
    await settled(s.token);
    expect(await credits(s.token)).toEqual({ available: 0, reserved: 0 });
    const entries = await ledger(s.token);
    expect(entries.filter((e) => e.kind === 'reserve')).toHaveLength(10);
    expect(entries.filter((e) => e.kind === 'capture')).toHaveLength(10);
    let available = 0;
    let reserved = 0;
    for (const e of entries) {
      available += e.change;
      reserved += e.kind === 'reserve' ? 1 : e.kind === 'capture' || e.kind === 'release' ? -1 : 0;
      expect([e.balance, e.reserved]).toEqual([available, reserved]);
    }
    expect(new Set(entries.filter((e) => e.kind === 'capture').map((e) => e.key))).toEqual(new Set(accepted.map((r) => creditKey(r.body.id, s.modelIds[0], 1))));
  }, 180_000);

  it('a worker killed (SIGKILL) in the middle of the call: the model runs again on another worker and is charged once', async () => {
    const s = await seller(1);
    vton.okDelayMs = 600_000;
    const first = await platform.spawnWorker(env({ VTON_TIMEOUT_MS: '300000' }), 'credits-killed');
    const job = (await startJob(s.token, s.garmentId, s.modelIds).expect(201)).body as TryOnJob;
    await until(() => vton.inFlight === 1, 'the VTON call is in progress');
    await first.kill('SIGKILL');
    vton.okDelayMs = 0;
    const second = await platform.spawnWorker(env(), 'credits-after');
    try {
      const done = await finished(s.token, job.id);
      expect(done.models[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
      await settled(s.token);
      expect(await credits(s.token)).toEqual({ available: 9, reserved: 0 });
      const key = creditKey(job.id, s.modelIds[0], 1);
      expect((await ledger(s.token)).filter((e) => e.key === key).map((e) => e.kind)).toEqual(['reserve', 'capture']);
    } finally {
      await second.kill('SIGKILL');
    }
  }, 150_000);

  it('a model failed by the reconciler, or abandoned by its /generate caller, gives its credit back', async () => {
    const s = await seller(1);
    vton.okDelayMs = 600_000;
    worker = await platform.worker(env({ VTON_TIMEOUT_MS: '300000' }));
    const controller = new AbortController();
    const hangingUp = fetch(`${api.url}/api/try-on/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ garmentId: s.garmentId, modelIds: s.modelIds, prompt: 'x' }),
      signal: controller.signal,
    }).catch(() => undefined);
    await until(() => vton.inFlight >= 1, 'the VTON call is in progress');
    expect(await credits(s.token)).toEqual({ available: 9, reserved: 1 });
    controller.abort();
    await hangingUp;
    await settled(s.token);
    vton.okDelayMs = 0;
    expect(await credits(s.token)).toEqual({ available: 10, reserved: 0 });
    await worker.app.close();
    worker = undefined;

    // No worker: the model waits; its unit of work is lost (cancelled) and a minute passes.
    const lost = (await startJob(s.token, s.garmentId, s.modelIds).expect(201)).body as TryOnJob;
    expect(await credits(s.token)).toEqual({ available: 9, reserved: 1 });
    const db = api.app.get(DataSource);
    const rows: { queueJobId: string }[] = await db.query(`SELECT queue_job_id AS "queueJobId" FROM try_on_job_models WHERE job_id = $1`, [lost.id]);
    await api.app.get(JobQueue).cancel(rows.map((r) => r.queueJobId));
    await db.query(`UPDATE try_on_job_models SET updated_at = now() - interval '2 minutes' WHERE job_id = $1`, [lost.id]);
    const reconciler = new Reconciler(api.app.get(DatabaseConnection), api.app.get(JobStore), api.app.get(CreditSettler));
    expect(await reconciler.pass()).toContain(lost.id);
    expect(await credits(s.token)).toEqual({ available: 10, reserved: 0 });
    expect((await ledger(s.token)).slice(-1)[0]).toMatchObject({ kind: 'release', key: creditKey(lost.id, s.modelIds[0], 1) });
  }, 120_000);

  it('two retries of a failed model at once: one queues it, the run is charged once', async () => {
    const s = await seller(0);
    const { job, modelId: flaky } = await failedJob(s, 330);
    vton.healed.add('error400');
    try {
      const retry = () => request(api.url).post(`/api/try-on/jobs/${job.id}/models/${flaky}/retry`).auth(s.token, { type: 'bearer' });
      const answers = await Promise.all([retry(), retry()]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await finished(s.token, job.id)).models[0].state).toBe('succeeded');
      await settled(s.token);
    } finally {
      vton.healed.delete('error400');
    }
    expect(await credits(s.token)).toEqual({ available: 9, reserved: 0 });
    const key = creditKey(job.id, flaky, 2);
    expect((await ledger(s.token)).filter((e) => e.key === key).map((e) => e.kind)).toEqual(['reserve', 'capture']);
  }, 120_000);

  it('an API that stops between reserving and queueing: its holds without a run are given back by the reconciler', async () => {
    const s = await seller(0);
    const run = { jobId: randomUUID(), modelId: 4242, run: 1 };
    // What withCredits does before it queues, then the process is gone.
    expect(await api.app.get(CreditHolds).intend(s.id, [run])).toEqual([run]);
    await api.app.get(CreditsClient).reserve(s.id, [creditKey(run.jobId, run.modelId, run.run)]);
    expect(await credits(s.token)).toEqual({ available: 9, reserved: 1 });
    const settler = api.app.get(CreditSettler);
    expect(await settler.sweep()).toBe(0);
    await api.app.get(DataSource).query(`UPDATE credit_holds SET created_at = now() - interval '11 minutes' WHERE job_id = $1`, [run.jobId]);
    expect(await settler.sweep()).toBe(1);
    expect(await credits(s.token)).toEqual({ available: 10, reserved: 0 });
  });

  it('settlers at once on one ended job (the worker that ended it, another worker, two reconciler passes): one settlement request per job, each run captured once', async () => {
    const s = await seller(3);
    await platform.auth.app.get(CreditLedger).adjust(s.id, 20, 'test: credits for five jobs');
    const settler = api.app.get(CreditSettler);
    await settler.sweep();
    const jobs: TryOnJob[] = [];
    // Five fresh jobs, one after another: the settlers' statements interleave differently each time.
    for (let round = 0; round < 5; round++) {
      const job = await endedJob(s);
      jobs.push(job);
      const before = await settlementRequests();
      await Promise.all([settler.settleJob(job.id), settler.sweep(), settler.settleJob(job.id), settler.sweep(), settler.settleJob(job.id)]);
      expect(await settlementRequestsAfter(before)).toBe(before + 1);
      expect(await credits(s.token)).toEqual({ available: 30 - 3 * (round + 1), reserved: 0 });
    }
    expect(await captured(s.token)).toEqual(runKeys(jobs, s.modelIds));
    expect((await ledger(s.token)).filter((e) => e.kind === 'release')).toEqual([]);
  }, 120_000);

  it("a settler that dies after claiming a job's holds: the sweep leaves them until the claim lapses, then settles them once", async () => {
    const { s, job, settler } = await endedJobOfNewSeller();
    // What a settler does just before it calls the ledger; then its process is gone.
    expect((await api.app.get(CreditHolds).claim(10, job.id)).due.map((d) => `${d.modelId}:${d.outcome}`).sort()).toEqual(s.modelIds.map((m) => `${m}:capture`).sort());
    const before = await settlementRequests();
    expect(await settler.sweep()).toBe(0);
    await settler.settleJob(job.id);
    expect(await settlementRequests()).toBe(before);
    expect(await credits(s.token)).toEqual({ available: 7, reserved: 3 });

    // The claim lapses (moved into the past rather than waited for): the next pass takes the holds.
    await api.app.get(DataSource).query(`UPDATE credit_holds SET claimed_until = now() - interval '1 second' WHERE job_id = $1`, [job.id]);
    await settledByNextPass(s, job, settler);
  }, 120_000);

  it('svc-auth stopped while a job is settled: its claim is given back, and the first pass once svc-auth is back settles the job once', async () => {
    const { s, job, settler } = await endedJobOfNewSeller();
    const db = api.app.get(DataSource);
    await platform.stopAuth();
    try {
      await settler.settleJob(job.id);
      await expect(settler.sweep()).rejects.toThrow(LEDGER_UNAVAILABLE_MESSAGE);
      const holds: { settled: boolean; claimed: boolean }[] = await db.query(
        `SELECT settled_at IS NOT NULL AS settled, claimed_until IS NOT NULL AS claimed FROM credit_holds WHERE job_id = $1`,
        [job.id],
      );
      expect(holds).toEqual(s.modelIds.map(() => ({ settled: false, claimed: false })));
    } finally {
      await platform.startAuth();
    }
    await settledByNextPass(s, job, settler);
  }, 120_000);

  it("a lapsed plan's API key is refused 403 PLAN_REQUIRED at svc-media and at svc-generation too, and works again when the plan is back", async () => {
    const s = await seller(0);
    const billing = platform.auth.app.get(BillingService);
    await billing.changePlan(s.id, { plan: 'professional' }, 'test');
    const { key } = (await request(platform.auth.url).post(API_KEYS_PATH).auth(s.token, { type: 'bearer' }).send({ name: 'Shop', scopes: ['try-on'] }).expect(201)).body;
    /** A read at each service with the key: the seller's products (svc-media) and catalogue runs (svc-generation). */
    const withKey = () => Promise.all([request(platform.media.url).get('/api/garments'), request(api.url).get('/api/try-on/runs')].map((r) => r.auth(key, { type: 'bearer' })));
    expect((await withKey()).map((r) => r.status)).toEqual([200, 200]);

    // The subscription ends: the plan is no longer in force.
    await billing.changePlan(s.id, { plan: 'professional', status: 'canceled' }, 'test');
    for (const refused of await withKey()) {
      expect([refused.status, refused.body]).toMatchObject([403, { code: 'PLAN_REQUIRED', message: 'API keys need the Professional or Enterprise plan.' }]);
    }
    const refusedJob = await request(api.url).post('/api/try-on/jobs').auth(key, { type: 'bearer' }).send({ garmentId: s.garmentId, modelIds: [1], prompt: 'x' }).expect(403);
    expect(refusedJob.body.code).toBe('PLAN_REQUIRED');

    await billing.changePlan(s.id, { plan: 'professional' }, 'test');
    expect((await withKey()).map((r) => r.status)).toEqual([200, 200]);
  });

  it('webhooks need Enterprise: 403 PLAN_REQUIRED naming the plan, then allowed', async () => {
    const s = await seller(0);
    const add = () => request(api.url).post('/api/try-on/webhooks').auth(s.token, { type: 'bearer' }).send({ url: 'http://localhost:9/hook', events: ['job.completed'] });
    const refused = await add().expect(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', message: 'Webhooks need the Enterprise plan.' });
    await platform.auth.app.get(BillingService).changePlan(s.id, { plan: 'professional' }, 'test');
    await add().expect(403);
    await platform.auth.app.get(BillingService).changePlan(s.id, { plan: 'enterprise' }, 'test');
    const api2 = await platform.generation(env({ WEBHOOKS_LOCAL_MODE: 'true' }));
    try {
      await request(api2.url).post('/api/try-on/webhooks').auth(s.token, { type: 'bearer' }).send({ url: 'http://localhost:9/hook', events: ['job.completed'] }).expect(201);
    } finally {
      await api2.app.close();
    }
  });

  it('an account that leaves Enterprise: its endpoints stay, its events are delivered nowhere; back on Enterprise they are again', async () => {
    const s = await seller(3);
    const billing = platform.auth.app.get(BillingService);
    await billing.changePlan(s.id, { plan: 'enterprise' }, 'test');
    const local = env({ WEBHOOKS_LOCAL_MODE: 'true' });
    const api2 = await platform.generation(local);
    worker = await platform.worker(local);
    const db = api.app.get(DataSource);
    try {
      const endpoint = (await request(api2.url).post('/api/try-on/webhooks').auth(s.token, { type: 'bearer' }).send({ url: 'http://localhost:9/hook', events: ['job.completed'] }).expect(201)).body as { id: string };
      const deliveries = async () => ((await db.query(`SELECT "event_type" FROM "webhook_deliveries" WHERE "endpoint_id" = $1`, [endpoint.id])) as unknown[]).length;
      /** The job ran and every event of it was published (turned into deliveries, or into none). */
      const runAndPublish = async (modelId: number) => {
        const job = (await startJob(s.token, s.garmentId, [modelId]).expect(201)).body as TryOnJob;
        await finished(s.token, job.id);
        await until(async () => (await db.query(`SELECT 1 FROM "webhook_events" WHERE "job_id" = $1 AND "published_at" IS NULL`, [job.id])).length === 0, 'the job’s events published');
      };

      await runAndPublish(s.modelIds[0]);
      expect(await deliveries()).toBe(1);

      await billing.changePlan(s.id, { plan: 'professional' }, 'test');
      await runAndPublish(s.modelIds[1]);
      expect(await deliveries()).toBe(1);

      await billing.changePlan(s.id, { plan: 'enterprise' }, 'test');
      await runAndPublish(s.modelIds[2]);
      expect(await deliveries()).toBe(2);
    } finally {
      await api2.app.close();
    }
  });

  it('BILLING_MODE=off: no credits are asked for', async () => {
    const s = await seller(1);
    await platform.auth.app.get(DataSource).query(`UPDATE auth.billing_accounts SET "trialEndsAt" = now() - interval '1 minute' WHERE "userId" = $1`, [s.id]);
    const off = await platform.generation(env({ BILLING_MODE: 'off' }));
    try {
      await request(off.url).post('/api/try-on/jobs').auth(s.token, { type: 'bearer' }).send({ garmentId: s.garmentId, modelIds: s.modelIds, prompt: 'x' }).expect(201);
    } finally {
      await off.app.close();
    }
    expect(await credits(s.token)).toEqual({ available: 10, reserved: 0 });
  });
});
