import type { GeneratedImagesPage, TryOnJob } from '@vton/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FAULT_COLOURS, FaultyVton, freePort, MediaSeeder, Metrics, Platform, readJobEvents, solidPng, until, type App, type WorkerProcess } from './helpers.js';

interface Postgres {
  url: string;
  stop: () => Promise<void>;
}
type StartPostgres = (options: { dataDir: string; port: number }) => Promise<Postgres>;

/**
 * Postgres stopped and started again while a job's models are at the VTON service: a private
 * embedded Postgres (the one `npm start` runs) under svc-generation's API and worker and svc-media.
 */
describe('a Postgres restart in the middle of a job (real embedded Postgres, stopped and started)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-generation-pg-'));
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let startPostgres: StartPostgres;
  let postgres: Postgres;
  let port: number;
  let api: App;
  let worker: WorkerProcess;

  beforeAll(async () => {
    fs.chmodSync(dir, 0o755);
    ({ startPostgres } = (await import(path.resolve(import.meta.dirname, '../../packages/local-stack/src/postgres.mjs'))) as { startPostgres: StartPostgres });
    port = await freePort();
    postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port });
    await vton.start();
    await platform.start({ DATABASE_URL: postgres.url });
    const env = { DATABASE_URL: postgres.url, VTON_API_URL: vton.url, VTON_CONCURRENCY: '3', VTON_TIMEOUT_MS: '120000', WORKER_LEASE_SECONDS: '30' };
    api = await platform.generation(env);
    worker = await platform.spawnWorker(env);
  }, 120_000);

  afterAll(async () => {
    await worker?.kill('SIGKILL');
    await api?.app.close();
    await platform.stop();
    await vton.stop();
    await postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('results computed before and during the outage are recorded once Postgres is back, once each; the open event stream follows the job to its end', async () => {
    const token = await platform.token(601);
    const seed = new MediaSeeder(platform.media.url, token);
    const garmentId = (await seed.croppedGarment()).id;
    const modelIds: number[] = [];
    for (let i = 0; i < 3; i++) modelIds.push((await seed.model(await solidPng(400 + 10 * i, 300, FAULT_COLOURS.ok))).id);

    vton.okDelayMs = 4000;
    const job = (await request(api.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'linen shirt' }).expect(201))
      .body as TryOnJob;
    const stream = readJobEvents(`${api.url}/api/try-on/jobs/${job.id}/events?access_token=${encodeURIComponent(token)}`, (j) => j.status !== 'running', 180_000);
    await until(() => vton.inFlight === 3, 'the three VTON calls are in progress');

    await postgres.stop();
    // The VTON service answers while Postgres is down: these results exist only in the worker now.
    await until(() => vton.inFlight === 0, 'the VTON service has answered the three calls');
    // Postgres stays down until the worker has met the outage with a finished result (however long a loaded machine takes to get there).
    const metTheOutage = () => worker.lines.some((l) => /Could not record the model's state|svc-media unavailable/.test(l));
    await until(metTheOutage, 'the worker could not record a state or save a result');
    postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port });

    const events = await stream;
    const last = events[events.length - 1];
    expect(last.status).toBe('completed');
    expect(last.models.map((m) => [m.state, m.attempts, m.error])).toEqual(modelIds.map(() => ['succeeded', 1, null]));
    expect(vton.calls.ok).toBe(3);

    const page = (await request(platform.media.url).get('/api/generated-images?limit=100').auth(token, { type: 'bearer' }).expect(200)).body as GeneratedImagesPage;
    expect(page.images.filter((i) => i.garmentId === garmentId).map((i) => i.modelId).sort()).toEqual([...modelIds].sort());
    const [{ count }] = await platform.media.app.get(DataSource).query(`SELECT count(*)::int AS count FROM try_on_results WHERE "garmentId" = $1`, [garmentId]);
    expect(count).toBe(3);
  }, 240_000);

  it('the API reports the fleet-wide figures again after the restart (its session lock was lost with the connection and is taken again)', async () => {
    const fleetFigure = async () => new Metrics((await request(api.url).get('/metrics').expect(200)).text).value('generation_models', { state: 'queued', role: 'api' });
    await until(async () => (await fleetFigure()) === 0, 'the API reports generation_models');
  }, 60_000);
});
