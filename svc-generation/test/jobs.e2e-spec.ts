import type { JobModelState, TryOnJob } from '@vton/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobsService } from '../src/jobs/jobs.service.js';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Platform, readJobEvents, solidPng, unsigned, waitForJob, type App, type Fault } from './helpers.js';


/** The states one model went through, in order, without repeats. */
function statesOf(jobs: TryOnJob[], modelId: number): JobModelState[] {
  const states: JobModelState[] = [];
  for (const job of jobs) {
    const state = job.models.find((m) => m.modelId === modelId)!.state;
    if (states[states.length - 1] !== state) states.push(state);
  }
  return states;
}

describe('try-on jobs: live progress, retry, reload and restart (real svc-media, Postgres)', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let generation: App;
  let token: string;
  let garmentId: number;
  const models = {} as Record<Fault, number>;
  const env = () => ({ VTON_API_URL: vton.url, VTON_TIMEOUT_MS: '30000', VTON_RETRY_BACKOFF_MS: '20', VTON_CONCURRENCY: '1', JOB_EVENTS_POLL_MS: '200' });

  beforeAll(async () => {
    await platform.start();
    await vton.start();
    generation = await platform.generation(env());
    token = await platform.token(301);
    const seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
    for (const fault of ['ok', 'flaky500', 'error400', 'hang'] as Fault[]) models[fault] = (await seed.model(await solidPng(400, 300, FAULT_COLOURS[fault]))).id;
  });

  beforeEach(() => {
    vton.healed.clear();
    vton.okDelayMs = 0;
  });

  afterAll(async () => {
    await generation?.app.close();
    await vton.stop();
    await platform.stop();
  });

  const createJob = (faults: Fault[], app = generation) =>
    request(app.url)
      .post('/api/try-on/jobs')
      .auth(token, { type: 'bearer' })
      .send({ garmentId, modelIds: faults.map((f) => models[f]), prompt: 'denim jacket' });
  const eventsUrl = (id: string, accessToken = token, app = generation) => `${app.url}/api/try-on/jobs/${id}/events?access_token=${encodeURIComponent(accessToken)}`;

  it('streams queued → running → succeeded for each model, and the finished job reads the same after a reload', async () => {
    // One VTON call at a time and a slow service: the second model visibly waits in the queue.
    vton.okDelayMs = 400;
    const created = await createJob(['ok', 'flaky500']).expect(201);
    const job = created.body as TryOnJob;
    expect(job).toMatchObject({ garmentId, prompt: 'denim jacket', status: 'running', id: expect.any(String) });
    expect(job.models.map((m) => m.modelId)).toEqual([models.ok, models.flaky500]);

    const events = await readJobEvents(eventsUrl(job.id), (j) => j.status !== 'running');
    const seen = [job, ...events];
    expect(statesOf(seen, models.flaky500)).toEqual(['queued', 'running', 'succeeded']);
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

  it('an event stream closed while its first read re-signs slowly leaves no subscription and no polling behind', async () => {
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
      const jobs = reader.app.get(JobsService);
      let polls = 0;
      const find = jobs.find.bind(jobs);
      jobs.find = (...args: Parameters<JobsService['find']>) => {
        polls++;
        return find(...args);
      };

      // The reader opens the stream and leaves while the re-sign is still waiting.
      const controller = new AbortController();
      const opened = fetch(eventsUrl(created.id, token, reader), { signal: controller.signal }).catch(() => undefined);
      await asked;
      polls = 0; // the stream's first read (get) is done; from here on only polls would count
      controller.abort();
      await opened;

      // Past the slow re-sign and several poll intervals (JOB_EVENTS_POLL_MS 200): nothing runs for it.
      await new Promise((r) => setTimeout(r, RESIGN_DELAY_MS + 1000));
      expect(jobs.listenerCount(created.id)).toBe(0);
      expect(polls).toBe(0);

      // A stream that stays open does subscribe and poll, and lets go when closed.
      const open = new AbortController();
      const res = await fetch(eventsUrl(created.id, token, reader), { signal: open.signal });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 700));
      expect(jobs.listenerCount(created.id)).toBe(1);
      expect(polls).toBeGreaterThan(0);
      open.abort();
      await new Promise((r) => setTimeout(r, 300));
      expect(jobs.listenerCount(created.id)).toBe(0);
      const settled = polls;
      await new Promise((r) => setTimeout(r, 700));
      expect(polls).toBe(settled);
    } finally {
      await reader.app.close();
      slowMedia.closeAllConnections();
      await new Promise<void>((resolve) => slowMedia.close(() => resolve()));
    }
  }, 30_000);

  it('after a restart, models that were running are failed and retryable', async () => {
    const created = (await createJob(['hang']).expect(201)).body as TryOnJob;
    await waitForJob(generation.url, token, created.id, (j) => j.models[0].state === 'running');
    await generation.app.close();

    generation = await platform.generation(env());
    const after = (await request(generation.url).get(`/api/try-on/jobs/${created.id}`).auth(token, { type: 'bearer' }).expect(200)).body as TryOnJob;
    expect(after.status).toBe('failed');
    expect(after.models[0]).toMatchObject({ state: 'failed', error: { code: 'VTON_PROCESSING_ERROR', message: expect.stringContaining('restarted') } });

    vton.healed.add('hang');
    await request(generation.url).post(`/api/try-on/jobs/${created.id}/models/${models.hang}/retry`).auth(token, { type: 'bearer' }).expect(200);
    const done = await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running');
    expect(done.models[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('a job whose process died without a word is failed once its heartbeat is stale', async () => {
    const created = (await createJob(['hang']).expect(201)).body as TryOnJob;
    await waitForJob(generation.url, token, created.id, (j) => j.models[0].state === 'running');
    // What a killed process leaves behind: a running job whose heartbeat stopped long ago.
    await generation.app
      .get(DataSource)
      .query(`UPDATE try_on_jobs SET runner = 'gone', heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [created.id]);
    const other = await platform.generation({ ...env(), JOB_STALE_MS: '1000' });
    try {
      const after = await waitForJob(other.url, token, created.id, (j) => j.status !== 'running', 10_000);
      expect(after.models[0]).toMatchObject({ state: 'failed', error: { code: 'VTON_PROCESSING_ERROR' } });
    } finally {
      await other.app.close();
    }
  });
});
