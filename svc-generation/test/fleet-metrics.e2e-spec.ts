import type { TryOnJob } from '@vton/contracts';
import request from 'supertest';
import { MediaSeeder, Metrics, Platform, solidPng, until, type App } from './helpers.js';

const STATES = ['queued', 'requeued', 'running'];

/**
 * `generation_models` is the fleet's count (read from Postgres), so exactly one process exports it
 * (FleetMetricsLeader): a Prometheus sum over every pod's scrape counts each model once. Here two
 * API processes and a worker share one queue, as pods of one Deployment would.
 */
describe('fleet-wide figures exported once: two API processes and a worker', () => {
  const platform = new Platform();
  // The built-in compositor (the default provider): whatever the developer's environment says.
  const env = { VTON_API_URL: undefined, VTON_PROVIDER: undefined };
  let leader: App;
  let leaderStopped = false;
  let other: App;
  let worker: App | undefined;
  let token: string;
  let seed: MediaSeeder;

  const scrape = async (app: App) => new Metrics((await request(app.url).get('/metrics').expect(200)).text);
  const models = (metrics: Metrics) => Object.fromEntries(STATES.map((state) => [state, metrics.value('generation_models', { state })]));

  beforeAll(async () => {
    await platform.start();
    leader = await platform.generation(env);
    // The first API process takes the lock; the second, started once it has, finds it held.
    await until(async () => (await scrape(leader)).value('generation_models') !== undefined, 'the first API process reports the fleet-wide figures');
    other = await platform.generation(env);
    token = await platform.token(611);
    seed = new MediaSeeder(platform.media.url, token);
  }, 120_000);

  afterAll(async () => {
    await worker?.app.close();
    await other?.app.close();
    if (!leaderStopped) await leader?.app.close();
    await platform.stop();
  });

  it('one API process reports the models waiting and running; the other API process and the worker report none, so a sum over them counts each model once', async () => {
    const garment = await seed.croppedGarment();
    const model = await seed.model(await solidPng(400, 300, [200, 180, 160]));
    // Queued through the other API process, with no worker yet: the model waits.
    const job = (await request(other.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId: garment.id, modelIds: [model.id], prompt: 'linen shirt' }).expect(201))
      .body as TryOnJob;
    expect(job.models.map((m) => m.state)).toEqual(['queued']);

    const [leaderApi, otherApi] = await Promise.all([leader, other].map(scrape));
    expect(models(leaderApi)).toEqual({ queued: 1, requeued: 0, running: 0 });
    expect(otherApi.value('generation_models')).toBeUndefined();
    // It is an API process with its own figures (it queued the job), just not the fleet's.
    expect(otherApi.value('generation_jobs_created_total', { role: 'api' })).toBe(1);
    // What a dashboard's sum over the pods reads: the one waiting model, once.
    expect((leaderApi.value('generation_models', { state: 'queued' }) ?? 0) + (otherApi.value('generation_models', { state: 'queued' }) ?? 0)).toBe(1);

    worker = await platform.worker(env);
    const workerMetrics = await scrape(worker);
    expect(workerMetrics.value('generation_models')).toBeUndefined();
    expect(workerMetrics.value('process_cpu_user_seconds_total', { role: 'worker' })).toBeGreaterThan(0);
  });

  it('when the reporting API process stops, the other one takes over (within 15 s) and the worker still reports none', async () => {
    await leader.app.close();
    leaderStopped = true;
    await until(async () => (await scrape(other)).value('generation_models') !== undefined, 'the other API process reports the fleet-wide figures', 45_000);
    const taken = await scrape(other);
    for (const state of STATES) expect([state, taken.value('generation_models', { state, role: 'api' })]).toEqual([state, expect.any(Number)]);
    expect((await scrape(worker!)).value('generation_models')).toBeUndefined();
  }, 60_000);
});
