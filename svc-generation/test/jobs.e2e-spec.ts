import type { TryOnJob } from '@vton/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobEvents } from '../src/jobs/job-events.js';
import { JobStore } from '../src/jobs/job-store.js';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Platform, readJobEvents, solidPng, statesOf, unsigned, until, waitForJob, type App, type Fault } from './helpers.js';


describe('try-on jobs: live progress, retry, reload and restart (real svc-media, Postgres)', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let generation: App;
  let worker: App;
  let token: string;
  let garmentId: number;
  const models = {} as Record<Fault, number>;
  /** A second model the stub answers normally. */
  let okSecond: number;
  const env = () => ({ VTON_API_URL: vton.url, VTON_TIMEOUT_MS: '30000', VTON_CONCURRENCY: '1' });

  beforeAll(async () => {
    await platform.start();
    await vton.start();
    generation = await platform.generation(env());
    worker = await platform.worker(env());
    token = await platform.token(301);
    const seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
    for (const fault of ['ok', 'flaky500', 'error400', 'hang'] as Fault[]) models[fault] = (await seed.model(await solidPng(400, 300, FAULT_COLOURS[fault]))).id;
    okSecond = (await seed.model(await solidPng(420, 300, FAULT_COLOURS.ok))).id;
  });

  beforeEach(() => {
    vton.healed.clear();
    vton.okDelayMs = 0;
  });

  afterAll(async () => {
    await worker?.app.close();
    await generation?.app.close();
    await vton.stop();
    await platform.stop();
  });

  const createJob = (faults: Fault[], extra: number[] = []) =>
    request(generation.url)
      .post('/api/try-on/jobs')
      .auth(token, { type: 'bearer' })
      .send({ garmentId, modelIds: [...faults.map((f) => models[f]), ...extra], prompt: 'denim jacket' });
  const eventsUrl = (id: string, accessToken = token, app = generation) => `${app.url}/api/try-on/jobs/${id}/events?access_token=${encodeURIComponent(accessToken)}`;

  it('streams queued → running → succeeded for each model, and the finished job reads the same after a reload', async () => {
    // One VTON call at a time and a slow service: the second model visibly waits in the queue.
    vton.okDelayMs = 400;
    const created = await createJob(['ok'], [okSecond]).expect(201);
    const job = created.body as TryOnJob;
    expect(job).toMatchObject({ garmentId, prompt: 'denim jacket', status: 'running', id: expect.any(String) });
    expect(job.models.map((m) => m.modelId)).toEqual([models.ok, okSecond]);
    // A worker may already hold the first model; the second waits for the one VTON slot.
    expect(['queued', 'running']).toContain(job.models[0].state);
    expect(job.models[1]).toMatchObject({ state: 'queued', attempts: 0, result: null, error: null });

    const events = await readJobEvents(eventsUrl(job.id), (j) => j.status !== 'running');
    const seen = [job, ...events];
    expect(statesOf(seen, okSecond)).toEqual(['queued', 'running', 'succeeded']);
    expect(statesOf(seen, models.ok).slice(-2)).toEqual(['running', 'succeeded']);
    const last = events[events.length - 1];
    expect(last.status).toBe('completed');
    for (const model of last.models) {
      expect(model).toMatchObject({ state: 'succeeded', error: null, attempts: 1, result: { modelId: model.modelId, garmentId, imageUrl: expect.any(String) } });
      expect(model.result!.savedImage).toMatchObject({ generationType: 'vton', modelId: model.modelId });
    }

    // A page reload is just a new request (the saved results' URLs are signed again on each read).
    const again = await request(generation.url).get(`/api/try-on/jobs/${job.id}`).auth(token, { type: 'bearer' }).expect(200);
    expect(unsigned(again.body)).toEqual(unsigned(last));
    // Another browser (nothing of its own) asks for the seller's most recent job: this one.
    const latest = await request(generation.url).get('/api/try-on/jobs/latest').auth(token, { type: 'bearer' }).expect(200);
    expect(unsigned(latest.body)).toEqual(unsigned(last));
    // Only the seller's own: a seller without a job yet gets 204 and no body, an answer and not an
    // error (the browser prints a 404 as an error on every new seller's first visit to the studio).
    const newcomer = await platform.token(302);
    const none = await request(generation.url).get('/api/try-on/jobs/latest').auth(newcomer, { type: 'bearer' }).expect(204);
    expect(none.text).toBe('');
  });

  it('runs a model again after a 5xx (the stream shows it re-queued) and counts both attempts', async () => {
    const calls = vton.calls.flaky500;
    const created = (await createJob(['flaky500']).expect(201)).body as TryOnJob;
    const events = await readJobEvents(eventsUrl(created.id), (j) => j.status !== 'running');
    // The worker may have started the model before the answer to POST was read.
    const states = statesOf([created, ...events], models.flaky500);
    expect(states.slice(states.indexOf('running'))).toEqual(['running', 'requeued', 'running', 'succeeded']);
    expect(events[events.length - 1].models[0]).toMatchObject({ state: 'succeeded', error: null, attempts: 2, result: { modelId: models.flaky500 } });
    expect(vton.calls.flaky500 - calls).toBe(2);
  });

  it('retries one failed model of a job on request', async () => {
    const created = (await createJob(['ok', 'error400']).expect(201)).body as TryOnJob;
    const done = await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
    expect(done.status).toBe('completed');
    const failed = done.models.find((m) => m.modelId === models.error400)!;
    expect(failed).toMatchObject({ state: 'failed', result: null, attempts: 1, error: { code: 'VTON_API_ERROR', message: 'VTON API request failed: 400 Bad Request. mask is empty' } });

    await request(generation.url).post(`/api/try-on/jobs/${created.id}/models/${models.ok}/retry`).auth(token, { type: 'bearer' }).expect(409);
    await request(generation.url).post(`/api/try-on/jobs/${created.id}/models/999999/retry`).auth(token, { type: 'bearer' }).expect(404);

    vton.healed.add('error400');
    const retried = await request(generation.url).post(`/api/try-on/jobs/${created.id}/models/${models.error400}/retry`).auth(token, { type: 'bearer' }).expect(200);
    expect(retried.body.status).toBe('running');
    expect(['queued', 'running']).toContain(retried.body.models.find((m: { modelId: number }) => m.modelId === models.error400).state);

    const events = await readJobEvents(eventsUrl(created.id), (j) => j.status !== 'running');
    const model = events[events.length - 1].models.find((m) => m.modelId === models.error400)!;
    expect(model).toMatchObject({ state: 'succeeded', error: null, attempts: 2, result: { modelId: models.error400 } });
    expect(events[events.length - 1].status).toBe('completed');
  });

  it('fails a model whose mask is gone from storage once, without calling the try-on service: "the photo or mask of model N is missing"', async () => {
    const gone = (await new MediaSeeder(platform.media.url, token).model(await solidPng(440, 300, FAULT_COLOURS.ok))).id;
    // Its row still names a mask, but no object is there (a key of another version).
    await platform.media.app
      .get(DataSource)
      .query(`UPDATE model_masks SET "inpaintMaskObjectStorageKey" = regexp_replace("inpaintMaskObjectStorageKey", '\\.v[0-9a-z]+\\.png$', '.vgone.png') WHERE "modelId" = $1`, [gone]);
    const calls = vton.calls.ok;
    const created = (await createJob([], [gone]).expect(201)).body as TryOnJob;
    const done = await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
    expect(done.models[0]).toMatchObject({
      state: 'failed',
      result: null,
      attempts: 1,
      error: { code: 'VTON_PROCESSING_ERROR', message: `Failed to process VTON request: the photo or mask of model ${gone} is missing` },
    });
    expect(vton.calls.ok - calls).toBe(0);
  });

  it('checks the ?access_token= of the event stream exactly like a Bearer token, and shows a job only to its owner', async () => {
    const created = (await createJob(['ok']).expect(201)).body as TryOnJob;
    await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
    const events = `/api/try-on/jobs/${created.id}/events`;
    await request(generation.url).get(events).expect(401);
    await request(generation.url).get(`${events}?access_token=not-a-jwt`).expect(401);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '301', email: 'x@example.com', exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    await request(generation.url).get(`${events}?access_token=${header}.${forged}.${signature}`).expect(401);

    const stranger = await platform.token(302);
    await request(generation.url).get(`${events}?access_token=${stranger}`).expect(404);
    await request(generation.url).get(`/api/try-on/jobs/${created.id}`).auth(stranger, { type: 'bearer' }).expect(404);
    await request(generation.url).post(`/api/try-on/jobs/${created.id}/models/${models.ok}/retry`).auth(stranger, { type: 'bearer' }).expect(404);
    await request(generation.url).get('/api/try-on/jobs/not-a-uuid').auth(token, { type: 'bearer' }).expect(404);
  });

  it('answers §5 failures at creation, before any job exists', async () => {
    const res = await request(generation.url)
      .post('/api/try-on/jobs')
      .auth(token, { type: 'bearer' })
      .send({ garmentId: 999_999, modelIds: [models.ok], prompt: '' })
      .expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Garment 999999 not found' });
  });

  it('a burst of changes to a followed job is read twice at most, and a change during a read is read again after it', async () => {
    const created = (await createJob(['error400']).expect(201)).body as TryOnJob;
    await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
    const events = generation.app.get(JobEvents);
    const store = generation.app.get(JobStore);
    const findAny = store.findAny.bind(store);
    let reads = 0;
    /** Held after its query, before the listeners get it: a read that is slow to finish. */
    let hold: Promise<void> | undefined;
    store.findAny = async (...args: Parameters<JobStore['findAny']>) => {
      reads++;
      const found = await findAny(...args);
      await hold;
      return found;
    };
    const seen: TryOnJob[] = [];
    const unsubscribe = events.subscribe(created.id, (job) => seen.push(job));
    try {
      // Twenty notifications at once (a job's models ending together): one read, and one more after it.
      await Promise.all(Array.from({ length: 20 }, () => events.publish(created.id)));
      expect(reads).toBeLessThanOrEqual(2);
      expect(seen.at(-1)!.models[0]).toMatchObject({ state: 'failed', attempts: 1 });

      // A read that has its snapshot but is slow to hand it over; meanwhile the model is retried.
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      reads = 0;
      const first = events.publish(created.id);
      await until(() => reads === 1, 'the first read has started', 5000);
      vton.healed.add('error400');
      await request(generation.url).post(`/api/try-on/jobs/${created.id}/models/${models.error400}/retry`).auth(token, { type: 'bearer' }).expect(200);
      await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
      const second = events.publish(created.id);
      hold = undefined;
      release();
      await Promise.all([first, second]);
      // The stale snapshot was handed over first, then the one read after the retry: the model succeeded on its second attempt.
      expect(seen.at(-1)!.models[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
    } finally {
      unsubscribe();
      store.findAny = findAny;
    }
  });

  it('an event stream closed while its first read re-signs slowly leaves no subscription behind: later changes read nothing for it', async () => {
    const created = (await createJob(['ok']).expect(201)).body as TryOnJob;
    const done = await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
    expect(done.models[0].result!.savedImage).toBeTruthy();

    // A slow svc-media: re-signing the saved result takes 1.5 s (then fails; the stored URL is kept).
    const RESIGN_DELAY_MS = 1500;
    let resignAsked!: () => void;
    const asked = new Promise<void>((resolve) => (resignAsked = resolve));
    const slowMedia = http.createServer((req, res) => {
      if (req.url?.startsWith('/api/generated-images/')) resignAsked();
      setTimeout(() => res.writeHead(503).end('slow'), RESIGN_DELAY_MS).unref();
    });
    await new Promise<void>((resolve) => slowMedia.listen(0, '127.0.0.1', resolve));
    const reader = await platform.generation({ ...env(), MEDIA_SERVICE_URL: `http://127.0.0.1:${(slowMedia.address() as AddressInfo).port}` });
    try {
      const events = reader.app.get(JobEvents);
      const store = reader.app.get(JobStore);
      let reads = 0;
      const findAny = store.findAny.bind(store);
      store.findAny = (...args: Parameters<JobStore['findAny']>) => {
        reads++;
        return findAny(...args);
      };
      // What a change notification of the job does in this process.
      const announce = () => events.publish(created.id);

      // The reader opens the stream and leaves while the re-sign is still waiting.
      const controller = new AbortController();
      const opened = fetch(eventsUrl(created.id, token, reader), { signal: controller.signal }).catch(() => undefined);
      await asked;
      controller.abort();
      await opened;

      // Past the slow re-sign: nothing follows the job here, and a change of it reads nothing.
      await new Promise((r) => setTimeout(r, RESIGN_DELAY_MS + 500));
      expect(events.listenerCount(created.id)).toBe(0);
      reads = 0;
      await announce();
      expect(reads).toBe(0);

      // A stream that stays open does follow the job, and lets go when closed.
      const open = new AbortController();
      const res = await fetch(eventsUrl(created.id, token, reader), { signal: open.signal });
      expect(res.status).toBe(200);
      await until(() => events.listenerCount(created.id) === 1, 'the stream follows the job', 5000);
      await announce();
      expect(reads).toBeGreaterThan(0);
      open.abort();
      await until(() => events.listenerCount(created.id) === 0, 'the stream let go', 5000);
      reads = 0;
      await announce();
      expect(reads).toBe(0);
    } finally {
      await reader.app.close();
      slowMedia.closeAllConnections();
      await new Promise<void>((resolve) => slowMedia.close(() => resolve()));
    }
  }, 30_000);
});

