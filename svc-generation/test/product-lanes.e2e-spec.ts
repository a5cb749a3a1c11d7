import type { TryOnJob } from '@vton/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startFashnFake, type FashnFake } from '../src/providers/fashn/fashn.fake.js';
import { MediaSeeder, Platform, solidPng, waitForJob, type App } from './helpers.js';

/**
 * The Product category's own lane (issue 28): a product job goes to the placement engine
 * (PLACEMENT_PROVIDER, here the default built-in compositor), a garment job on the same API and
 * worker to the try-on provider (VTON_PROVIDER, here FASHN's fake); one provider's rate limit pause
 * holds up only its own lane. Real Postgres, S3 and svc-media.
 */
describe('product jobs go to the placement engine, garment jobs to the try-on provider', () => {
  const KEY = 'fa-lanes-key-0123456789';
  const platform = new Platform();
  let fashn: FashnFake;
  let generation: App;
  let worker: App;
  let token: string;
  let garmentId: number;
  let modelId: number;

  beforeAll(async () => {
    await platform.start();
    fashn = await startFashnFake(KEY);
    const env = { VTON_API_URL: undefined, VTON_PROVIDER: 'fashn', FASHN_API_KEY: KEY, FASHN_API_URL: fashn.base, VTON_POLL_INTERVAL_MS: '20' };
    generation = await platform.generation(env);
    worker = await platform.worker(env);
    token = await platform.token(2800);
    const seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
    modelId = (await seed.model(await solidPng(400, 500, [120, 130, 140]))).id;
  }, 120_000);

  afterAll(async () => {
    await worker?.app.close();
    await generation?.app.close();
    await fashn?.close();
    await platform.stop();
  });

  beforeEach(async () => {
    fashn.reset();
    await generation.app.get(DataSource).query('DELETE FROM provider_pauses');
  });

  const startJob = async (garmentCategory: string): Promise<TryOnJob> =>
    (await request(generation.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds: [modelId], prompt: 'on the table', garmentCategory }).expect(201)).body;
  const finished = (job: TryOnJob) => waitForJob(generation.url, token, job.id, (j) => j.status !== 'running', 60_000);

  it('a product job is made by the placement engine, a garment job by the try-on provider', async () => {
    const product = await finished(await startJob('product'));
    expect(product).toMatchObject({ status: 'completed', garmentCategory: 'product' });
    expect(product.models[0].result).toMatchObject({ provider: 'local', providerModel: 'local-compositor' });
    expect(fashn.requestsTo('/v1/run')).toHaveLength(0);

    const garment = await finished(await startJob('upper_body'));
    expect(garment.models[0].result).toMatchObject({ provider: 'fashn', providerModel: 'tryon-v1.6' });
    expect(fashn.requestsTo('/v1/run')).toHaveLength(1);
  }, 60_000);

  it('a rate-limited try-on provider holds up garment jobs only: product jobs still run', async () => {
    const database = generation.app.get(DataSource);
    await database.query(`INSERT INTO provider_pauses (provider, paused_until, reason, updated_at) VALUES ('fashn', now() + interval '1 hour', 'test', now())`);
    const garment = await startJob('upper_body');
    const product = await finished(await startJob('product'));
    expect(product.models[0]).toMatchObject({ state: 'succeeded', result: { provider: 'local' } });
    const waiting = await waitForJob(generation.url, token, garment.id, () => true);
    expect(waiting.models[0].state).toBe('queued');
    expect(fashn.requestsTo('/v1/run')).toHaveLength(0);

    await database.query(`UPDATE provider_pauses SET paused_until = now() WHERE provider = 'fashn'`);
    await database.query(`SELECT pg_notify($1, '')`, [`${platform.schema}.work`]);
    expect((await finished(garment)).models[0]).toMatchObject({ state: 'succeeded', result: { provider: 'fashn' } });
  }, 60_000);
});
