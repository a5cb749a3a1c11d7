import { INTERNAL_MEDIA_PATHS, type GeneratedImageRecord, type GeneratedImagesPage, type JobModelState, type ModelPhotoAndMask, type TryOnJob } from '@vton/contracts';
import sharp from 'sharp';
import { DatabaseConnection } from '@vton/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { enqueueLock, JobStore } from '../src/jobs/job-store.js';
import { JobQueue } from '../src/queue/job-queue.js';
import { CreditSettler } from '../src/credits/credit-settler.js';
import type { GenerationConfig } from '../src/config/generation.config.js';
import { pngWithoutMetadata } from '../src/imaging/png-metadata.js';
import { ServiceCredentials } from '../src/media/service-credential.js';
import { Reconciler } from '../src/worker/reconciler.js';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Metrics, OTHER_SELLER_COLOUR, Platform, readJobEvents, solidPng, statesOf, until, untilQueueQuiet, waitForJob, type App, type WorkerProcess } from './helpers.js';

/** Work, leases and workers that die: the queue against real worker processes, real Postgres and the real svc-media. */


describe('the try-on queue: workers killed, drained, sharing work; fairness, limits, no deadlocks', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let api: App;
  let tokenA: string;
  let tokenB: string;
  let seedA: MediaSeeder;
  let garmentB: number;
  let modelsA: number[];
  let modelB: number;
  const workers: WorkerProcess[] = [];

  const env = (extra: Record<string, string> = {}) => ({ VTON_API_URL: vton.url, VTON_TIMEOUT_MS: '300000', VTON_CONCURRENCY: '2', ...extra });
  const spawnWorker = async (extra: Record<string, string> = {}, name = `worker-${workers.length + 1}`) => {
    const worker = await platform.spawnWorker(env(extra), name);
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    await platform.start();
    await vton.start();
    api = await platform.generation(env());
    tokenA = await platform.token(501);
    tokenB = await platform.token(502);
    seedA = new MediaSeeder(platform.media.url, tokenA);
    const seedB = new MediaSeeder(platform.media.url, tokenB);
    modelsA = [];
    for (let i = 0; i < 5; i++) modelsA.push((await seedA.model(await solidPng(400 + 10 * i, 300, FAULT_COLOURS.ok))).id);
    garmentB = (await seedB.croppedGarment()).id;
    modelB = (await seedB.model(await solidPng(400, 300, OTHER_SELLER_COLOUR))).id;
  }, 120_000);

  beforeEach(() => {
    vton.okDelayMs = 0;
    vton.maxInFlight = vton.inFlight;
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.kill('SIGKILL')));
  });

  afterAll(async () => {
    await api?.app.close();
    await vton.stop();
    await platform.stop();
  });

  const createJob = (token: string, garmentId: number, modelIds: number[], app = api) =>
    request(app.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'linen shirt' });
  const eventsUrl = (id: string, token: string) => `${api.url}/api/try-on/jobs/${id}/events?access_token=${encodeURIComponent(token)}`;
  /** svc-media's gallery images of a garment, and its try_on_results rows. */
  const galleryOf = async (token: string, garmentId: number) => {
    const page = (await request(platform.media.url).get('/api/generated-images?limit=100').auth(token, { type: 'bearer' }).expect(200)).body as GeneratedImagesPage;
    const [{ count }] = await platform.media.app.get(DataSource).query(`SELECT count(*)::int AS count FROM try_on_results WHERE "garmentId" = $1`, [garmentId]);
    return { images: page.images.filter((i) => i.garmentId === garmentId), tryOnResults: count as number };
  };

  it('a worker killed (SIGKILL) in the middle of its VTON calls: the models go back to the queue after the lease and the job completes on another worker, each result saved once', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    vton.okDelayMs = 600_000; // the calls stay in progress until the worker dies
    const first = await spawnWorker({}, 'worker-killed');
    const job = (await createJob(tokenA, garmentId, modelsA.slice(0, 2)).expect(201)).body as TryOnJob;
    const stream = readJobEvents(eventsUrl(job.id, tokenA), (j) => j.status !== 'running', 120_000);
    await until(() => vton.inFlight === 2, 'both VTON calls are in progress');

    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    vton.okDelayMs = 0;
    const second = await spawnWorker({}, 'worker-after');

    const events = await stream;
    const last = events[events.length - 1];
    expect(last.status).toBe('completed');
    for (const modelId of modelsA.slice(0, 2)) {
      expect(statesOf(events, modelId).slice(-4)).toEqual(['running', 'requeued', 'running', 'succeeded']);
      // Started twice, counted twice.
      expect(last.models.find((m) => m.modelId === modelId)).toMatchObject({ state: 'succeeded', attempts: 2, error: null });
    }
    const gallery = await galleryOf(tokenA, garmentId);
    expect(gallery.images.map((i) => i.modelId).sort()).toEqual(modelsA.slice(0, 2).sort());
    expect(gallery.tryOnResults).toBe(2);

    // The second worker says what happened, in its metrics and in logs that name the job and model.
    // It counts a model as finished just after recording it, so the job's last event can reach us first.
    await until(async () => (await second.metrics()).value('generation_models_finished_total', { state: 'succeeded' }) === 2, 'the second worker counted both models');
    const metrics = await second.metrics();
    expect(metrics.value('generation_model_redeliveries_total')).toBe(2);
    expect(metrics.value('generation_models_finished_total', { state: 'succeeded' })).toBe(2);
    expect(metrics.value('generation_provider_call_duration_seconds_count', { provider: 'seed', outcome: 'ok' })).toBe(2);
    expect(metrics.value('generation_provider_in_flight', { provider: 'seed' })).toBe(0);
    const logged = second.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    for (const modelId of modelsA.slice(0, 2)) {
      expect(logged.some((l) => l.jobId === job.id && l.modelId === modelId && l.attempt === 2)).toBe(true);
    }
  }, 150_000);

  it('a run saved before its worker died (the outcome not yet recorded): the next worker answers that image and does not call the provider again', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    const modelId = modelsA[2];
    const job = (await createJob(tokenA, garmentId, [modelId]).expect(201)).body as TryOnJob;
    // What the dead worker did before it died: the run's result saved under its key (`try-on:<job>:<model>:<run>`), through svc-media's internal routes.
    const key = `try-on:${job.id}:${modelId}:1`;
    const owner = 501;
    const credential = { authorization: `Bearer ${await new ServiceCredentials({ GENERATION_SERVICE_SECRET: platform.serviceSecret } as GenerationConfig).forJob(owner, job.id)}` };
    const { result } = (await request(platform.media.url).get(INTERNAL_MEDIA_PATHS.modelPhotoAndMask(modelId, undefined, key)).set(credential).expect(200)).body as ModelPhotoAndMask;
    const upload = result!.upload!;
    const png = Buffer.concat(pngWithoutMetadata(await solidPng(420, 300, [10, 200, 10]))); // the model photo's size
    const put = async (url: string, body: Buffer, type: string) => expect((await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': type } })).status).toBe(200);
    await put(upload.pngUrl, png, 'image/png');
    await put(upload.thumbnailUrl, await sharp(png).resize(400, 400, { fit: 'inside' }).webp().toBuffer(), 'image/webp');
    const metadata = { processedAt: '2026-11-27T01:00:00.000Z', scaleFactor: 1.25, provider: 'seed', providerLabel: 'VTON service', providerModel: 'vton-multipart', providerDurationMs: 812 };
    const saved = (await request(platform.media.url).post(INTERNAL_MEDIA_PATHS.tryOnResultUpload(upload.id)).set(credential).send({ grant: upload.grant, idempotencyKey: key, garmentId, modelId, prompt: 'linen shirt', metadata }).expect(200))
      .body as GeneratedImageRecord;
    const callsBefore = vton.calls.ok;

    const worker = await spawnWorker();
    const done = await waitForJob(api.url, tokenA, job.id, (j) => j.status !== 'running', 60_000);
    expect(done.models[0]).toMatchObject({ state: 'succeeded', error: null, result: { modelId, garmentId, prompt: 'linen shirt', ...metadata, savedImage: { id: saved.id } } });
    expect(vton.calls.ok).toBe(callsBefore);
    expect((await worker.metrics()).value('generation_provider_call_duration_seconds_count')).toBeUndefined();
    expect((await galleryOf(tokenA, garmentId)).images.map((i) => i.id)).toEqual([saved.id]);
  });

  it('two workers share one job: never more calls in flight than VTON_CONCURRENCY across both, each model run once', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    // Long enough that the three first calls overlap even on a loaded machine.
    vton.okDelayMs = 3000;
    vton.maxInFlight = 0;
    // Three slots for the fleet, two per worker: the third call needs the other worker.
    const one = await spawnWorker({ VTON_CONCURRENCY: '3', WORKER_CONCURRENCY: '2' });
    const two = await spawnWorker({ VTON_CONCURRENCY: '3', WORKER_CONCURRENCY: '2' });
    const job = (await createJob(tokenA, garmentId, modelsA).expect(201)).body as TryOnJob;
    const done = await waitForJob(api.url, tokenA, job.id, (j) => j.status !== 'running', 60_000);

    expect(done.status).toBe('completed');
    expect(done.models.map((m) => [m.state, m.attempts])).toEqual(modelsA.map(() => ['succeeded', 1]));
    expect(vton.maxInFlight).toBe(3);
    const succeeded = async (w: WorkerProcess) => (await w.metrics()).value('generation_models_finished_total', { state: 'succeeded' }) ?? 0;
    const [byOne, byTwo] = [await succeeded(one), await succeeded(two)];
    expect(byOne).toBeGreaterThan(0);
    expect(byTwo).toBeGreaterThan(0);
    expect(byOne + byTwo).toBe(5);
    expect((await galleryOf(tokenA, garmentId)).images).toHaveLength(5);
  }, 90_000);

  it('SIGTERM drains: the worker claims nothing more, finishes the model it holds, and exits', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    vton.okDelayMs = 2000;
    const draining = await spawnWorker({ WORKER_CONCURRENCY: '1', WORKER_DRAIN_MS: '60000' });
    const job = (await createJob(tokenA, garmentId, modelsA.slice(0, 2)).expect(201)).body as TryOnJob;
    await until(() => vton.inFlight === 1, 'the first call is in progress');

    // Nest re-raises the signal once its shutdown hooks (the drain) have run.
    expect(await draining.kill('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    const after = (await request(api.url).get(`/api/try-on/jobs/${job.id}`).auth(tokenA, { type: 'bearer' }).expect(200)).body as TryOnJob;
    expect(after.models.map((m) => [m.state, m.attempts])).toEqual([
      ['succeeded', 1],
      ['queued', 0],
    ]);
    expect(draining.lines.some((l) => l.includes('Drained'))).toBe(true);

    await spawnWorker();
    const done = await waitForJob(api.url, tokenA, job.id, (j) => j.status !== 'running', 30_000);
    expect(done.models.map((m) => [m.state, m.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  }, 90_000);

  it('SIGTERM with a model still running when WORKER_DRAIN_MS is up: it is handed back at once (no lease wait) and runs again elsewhere', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    vton.okDelayMs = 600_000;
    const draining = await spawnWorker({ WORKER_DRAIN_MS: '500' });
    const job = (await createJob(tokenA, garmentId, [modelsA[0]]).expect(201)).body as TryOnJob;
    await until(() => vton.inFlight === 1, 'the call is in progress');

    expect(await draining.kill('SIGTERM')).toEqual({ code: null, signal: 'SIGTERM' });
    expect(draining.lines.some((l) => l.includes('handing 1 model(s) back to the queue'))).toBe(true);
    const handedBack = (await request(api.url).get(`/api/try-on/jobs/${job.id}`).auth(tokenA, { type: 'bearer' }).expect(200)).body as TryOnJob;
    expect(handedBack.models[0]).toMatchObject({ state: 'requeued', attempts: 1, error: null });

    vton.okDelayMs = 0;
    await spawnWorker();
    const done = await waitForJob(api.url, tokenA, job.id, (j) => j.status !== 'running', 30_000);
    expect(done.models[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect((await galleryOf(tokenA, garmentId)).images).toHaveLength(1);
  }, 90_000);

  it('fairness: another account’s single model, sent while a flooding account’s 40 models wait and two of them hold both slots, takes the next slot that frees, ahead of the 38 waiting', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    // Only this test's models hold the slots: an earlier test's model still waiting, running or at the engine would take one.
    await untilQueueQuiet(api.app.get(DataSource), vton, 'no model of an earlier test is queued, running or at the engine');
    // The engine holds every answer until answerPaused(): a slot changes hands only when the test lets it.
    vton.okDelayMs = 600_000;
    const flood: string[] = [];
    let single: TryOnJob | undefined;
    try {
      // Eight 5-model jobs queued before any worker runs: the flood is all waiting.
      for (let i = 0; i < 8; i++) flood.push(((await createJob(tokenA, garmentId, modelsA).expect(201)).body as TryOnJob).id);
      await spawnWorker({ VTON_CONCURRENCY: '2' });
      /** The flood's models by state, as account A reads its jobs. */
      const floodStates = async () => {
        const jobs = await Promise.all(flood.map((id) => request(api.url).get(`/api/try-on/jobs/${id}`).auth(tokenA, { type: 'bearer' }).expect(200)));
        const states: Partial<Record<JobModelState, number>> = {};
        for (const model of jobs.flatMap((j) => (j.body as TryOnJob).models)) states[model.state] = (states[model.state] ?? 0) + 1;
        return states;
      };
      let flooding!: Partial<Record<JobModelState, number>>;
      // Two of the flood's models hold both slots (VTON_CONCURRENCY=2) at the engine, 38 wait.
      await until(
        async () => ((flooding = await floodStates()), flooding.running === 2 && flooding.queued === 38 && vton.inFlight === 2),
        () => `two flood models at the engine, 38 waiting (${JSON.stringify(flooding)}, ${vton.inFlight} engine call(s) open)`,
        120_000,
      );

      single = (await createJob(tokenB, garmentB, [modelB]).expect(201)).body as TryOnJob;
      const singleId = single.id;
      // One held answer goes back: one slot frees, and whatever is claimed next is held again, so the claim stays as made.
      vton.answerPaused(1);
      let singleState!: JobModelState;
      await until(
        async () => {
          flooding = await floodStates();
          singleState = (await request(api.url).get(`/api/try-on/jobs/${singleId}`).auth(tokenB, { type: 'bearer' }).expect(200)).body.models[0].state;
          return flooding.succeeded === 1 && (flooding.running ?? 0) + (singleState === 'running' ? 1 : 0) === 2 && vton.inFlight === 2;
        },
        () => `one flood model answered and its slot claimed again (flood ${JSON.stringify(flooding)}, single ${singleState}, ${vton.inFlight} engine call(s) open)`,
        120_000,
      );
      // Start-time fair queuing: B's model has the tag of the flood's next model and, new to the queue, goes first on equal
      // tags, so it takes the freed slot. First in, first out, or the flood first on equal tags, would have given it to the
      // flood's next model (and first in, first out every slot after it, until all 38 had run).
      expect({ single: singleState, flood: flooding }).toEqual({ single: 'running', flood: { succeeded: 1, running: 1, queued: 38 } });
    } finally {
      // Nothing left behind for the next tests (account A's waiting models count against its limit): every answer sent, every job ended.
      vton.okDelayMs = 0;
      vton.answerPaused();
      for (const id of flood) await waitForJob(api.url, tokenA, id, (j) => j.status !== 'running', 120_000);
      await untilQueueQuiet(api.app.get(DataSource), vton, 'the queue quiet again');
    }
    // B's try-on ended as it always does, and so did the flood's.
    expect((await waitForJob(api.url, tokenB, single.id, (j) => j.status !== 'running')).models[0]).toMatchObject({ state: 'succeeded', attempts: 1 });
    for (const id of flood) expect((await waitForJob(api.url, tokenA, id, (j) => j.status !== 'running')).status).toBe('completed');
  }, 300_000);

  it('beyond MAX_QUEUED_MODELS_PER_ACCOUNT models waiting, a new job answers 429 with a clear message and Retry-After; other accounts are not affected', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    const limited = await platform.generation(env({ MAX_QUEUED_MODELS_PER_ACCOUNT: '4' }));
    try {
      const first = (await createJob(tokenA, garmentId, modelsA.slice(0, 3), limited).expect(201)).body as TryOnJob;

      const refused = await createJob(tokenA, garmentId, modelsA.slice(3, 5), limited).expect(429);
      expect(refused.body).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message:
          'Too many try-ons waiting: this account has 3 models queued and this request adds 2, more than the 4 allowed at once. Try again when some have finished.',
        requestId: refused.headers['x-request-id'],
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const sync = await request(limited.url)
        .post('/api/try-on/generate')
        .auth(tokenA, { type: 'bearer' })
        .send({ garmentId, modelIds: modelsA.slice(3, 5), prompt: 'linen shirt' })
        .expect(429);
      expect(sync.body.code).toBe('TOO_MANY_REQUESTS');
      expect(sync.headers['retry-after']).toMatch(/^\d+$/);

      // Another account has its own allowance; this one may still add up to the limit.
      const other = (await createJob(tokenB, garmentB, [modelB], limited).expect(201)).body as TryOnJob;
      const fourth = (await createJob(tokenA, garmentId, [modelsA[3]], limited).expect(201)).body as TryOnJob;

      // Once the waiting models have run, there is room again.
      await spawnWorker();
      for (const [id, token] of [[first.id, tokenA], [other.id, tokenB], [fourth.id, tokenA]] as const) {
        await waitForJob(limited.url, token, id, (j) => j.status !== 'running', 60_000);
      }
      const room = (await createJob(tokenA, garmentId, modelsA.slice(3, 5), limited).expect(201)).body as TryOnJob;
      await waitForJob(limited.url, tokenA, room.id, (j) => j.status !== 'running', 60_000);
    } finally {
      await limited.app.close();
    }
  }, 120_000);

  it('jobs of one account sent at once never pass MAX_QUEUED_MODELS_PER_ACCOUNT together', async () => {
    const token = await platform.token(503);
    const seed = new MediaSeeder(platform.media.url, token);
    const garmentId = (await seed.croppedGarment()).id;
    const models: number[] = [];
    for (let i = 0; i < 2; i++) models.push((await seed.model(await solidPng(400, 300, FAULT_COLOURS.ok))).id);
    const limited = await platform.generation(env({ MAX_QUEUED_MODELS_PER_ACCOUNT: '4' }));
    try {
      // No worker runs: each accepted job's two models stay waiting, so only two of the four fit.
      const answers = await Promise.all([0, 1, 2, 3].map(() => createJob(token, garmentId, models, limited)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
      const accepted = answers.filter((a) => a.status === 201).map((a) => (a.body as TryOnJob).id);
      await spawnWorker();
      for (const id of accepted) expect((await waitForJob(limited.url, token, id, (j) => j.status !== 'running', 60_000)).status).toBe('completed');
    } finally {
      await limited.app.close();
    }
  }, 120_000);

  it('one account’s queueing never waits for another’s: while account A’s is held up, B’s job is created, and A’s goes through after', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    const dataSource = api.app.get(DataSource);
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    let answeredA: number | undefined;
    let jobs: [string, string][] = [];
    try {
      // Account A's queueing is held up, as by a slow transaction of its own.
      const [key, account] = enqueueLock(platform.schema, 501);
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [key, account]);
      const createA = createJob(tokenA, garmentId, [modelsA[0]]).then((answer) => ((answeredA = answer.status), answer));
      await until(
        async () =>
          (
            await dataSource.query(
              `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND classid::int8 = (hashtext($1)::int8 & 4294967295) AND objid = $2 AND NOT granted`,
              [key, account],
            )
          )[0].n === 1,
        'A waits for its lock',
      );

      const jobB = (await createJob(tokenB, garmentB, [modelB]).expect(201)).body as TryOnJob;
      expect(jobB.status).toBe('running');
      expect(answeredA).toBeUndefined();

      await holder.commitTransaction();
      const jobA = await createA;
      expect(jobA.status).toBe(201);
      jobs = [
        [(jobA.body as TryOnJob).id, tokenA],
        [jobB.id, tokenB],
      ];
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
    await spawnWorker();
    for (const [id, token] of jobs) expect((await waitForJob(api.url, token, id, (j) => j.status !== 'running', 60_000)).status).toBe('completed');
  }, 120_000);

  it('no deadlocks: three parallel 5-model jobs record every transition, each succeeded model with exactly one attempt, and Postgres detects no deadlock', async () => {
    const garmentId = (await seedA.croppedGarment()).id;
    const database = api.app.get(DataSource);
    const deadlocks = async () => {
      await database.query('SELECT pg_stat_clear_snapshot()');
      const [{ deadlocks }] = await database.query(`SELECT deadlocks::int AS deadlocks FROM pg_stat_database WHERE datname = current_database()`);
      return deadlocks as number;
    };
    const before = await deadlocks();
    vton.okDelayMs = 250;
    await spawnWorker({ VTON_CONCURRENCY: '6' });
    await spawnWorker({ VTON_CONCURRENCY: '6' });

    const jobs = (await Promise.all([0, 1, 2].map(() => createJob(tokenA, garmentId, modelsA).expect(201)))).map((r) => r.body as TryOnJob);
    const streams = await Promise.all(jobs.map((job) => readJobEvents(eventsUrl(job.id, tokenA), (j) => j.status !== 'running', 90_000)));
    for (const [i, events] of streams.entries()) {
      const last = events[events.length - 1];
      expect(last.status).toBe('completed');
      for (const model of last.models) {
        expect(model).toMatchObject({ state: 'succeeded', attempts: 1, error: null });
        expect(statesOf([jobs[i], ...events], model.modelId).slice(-2)).toEqual(['running', 'succeeded']);
      }
    }
    expect((await galleryOf(tokenA, garmentId)).tryOnResults).toBe(15);
    // Deadlock counts reach the statistics within a second of the transaction that hit one.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await deadlocks()).toBe(before);
  }, 120_000);

  it('/metrics on the API: models waiting and running across the fleet, jobs queued and refused', async () => {
    const res = await request(api.url).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const metrics = new Metrics(res.text);
    for (const state of ['queued', 'requeued', 'running']) expect(metrics.value('generation_models', { state, role: 'api' })).toBe(0);
    expect(metrics.value('generation_jobs_created_total', { role: 'api' })).toBeGreaterThan(0);
    expect(metrics.value('generation_jobs_refused_total', { role: 'api' })).toBe(0);
    expect(metrics.value('generation_event_streams', { role: 'api' })).toBe(0);
  });

  it('work lost from the queue: /metrics counts the waiting models, and the reconciler fails them (retryable) and tells the job', async () => {
    // No worker runs here: the models stay queued.
    const job = (await createJob(tokenB, garmentB, [modelB]).expect(201)).body as TryOnJob;
    const waiting = new Metrics((await request(api.url).get('/metrics').expect(200)).text);
    expect(waiting.value('generation_models', { state: 'queued', role: 'api' })).toBe(1);

    // The unit of work ends without the model (cancelled, as retention or an operator might) and a minute passes.
    const database = api.app.get(DataSource);
    const rows: { queueJobId: string }[] = await database.query(`SELECT queue_job_id AS "queueJobId" FROM try_on_job_models WHERE job_id = $1`, [job.id]);
    await api.app.get(JobQueue).cancel(rows.map((r) => r.queueJobId));
    await database.query(`UPDATE try_on_job_models SET updated_at = now() - interval '2 minutes' WHERE job_id = $1`, [job.id]);

    const reconciler = new Reconciler(api.app.get(DatabaseConnection), api.app.get(JobStore), api.app.get(CreditSettler));
    const stream = readJobEvents(eventsUrl(job.id, tokenB), (j) => j.status !== 'running', 30_000);
    expect(await reconciler.pass()).toContain(job.id);
    const events = await stream;
    expect(events[events.length - 1]).toMatchObject({
      status: 'failed',
      models: [{ modelId: modelB, state: 'failed', error: { code: 'VTON_PROCESSING_ERROR', message: 'Failed to process VTON request: its queued work was lost; retry this model' } }],
    });
    const after = new Metrics((await request(api.url).get('/metrics').expect(200)).text);
    expect(after.value('generation_models', { state: 'queued', role: 'api' })).toBe(0);
  });
});
