import { ErrorCode, SERVICE_UNAVAILABLE_MESSAGE, type GeneratedImagesPage, type GenerateResponse, type TryOnJob } from '@vton/contracts';
import { stoppableObjectStorage } from '@vton/local-stack';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Platform, download, readJobEvents, solidPng, until, type App, type WorkerProcess } from './helpers.js';

/**
 * Our own object storage stopped while a job runs: a private real S3 server under svc-media,
 * stopped and started again. The provider's answers are paid for, so a finished one is saved
 * once the storage is back; an outage that outlasts the job's time limit answers 503, ours, not
 * the try-on service's 500.
 */
describe('object storage stopped while a job runs (a real S3 server, stopped and restarted)', () => {
  const bucket = 'vton-generation-outage';
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let storage: Awaited<ReturnType<typeof stoppableObjectStorage>>;
  let token: string;
  let seed: MediaSeeder;

  beforeAll(async () => {
    storage = await stoppableObjectStorage({ bucket });
    await vton.start();
    await platform.start({ S3_ENDPOINT: storage.endpoint, S3_BUCKET: bucket });
    token = await platform.token(701);
    seed = new MediaSeeder(platform.media.url, token);
  }, 120_000);

  afterAll(async () => {
    await platform.stop();
    await vton.stop();
    await storage?.dispose();
  });

  const gallery = async () =>
    ((await request(platform.media.url).get('/api/generated-images?limit=100').auth(token, { type: 'bearer' }).expect(200)).body as GeneratedImagesPage).images;

  describe('storage back within the job’s time limit', () => {
    let api: App;
    let worker: WorkerProcess;

    beforeAll(async () => {
      const env = { VTON_API_URL: vton.url, VTON_CONCURRENCY: '3', VTON_TIMEOUT_MS: '60000', WORKER_LEASE_SECONDS: '12' };
      api = await platform.generation(env);
      worker = await platform.spawnWorker(env);
    }, 120_000);

    afterAll(async () => {
      await worker?.kill('SIGKILL');
      await api?.app.close();
    });

    it('the provider’s finished results are kept while the storage is down and saved to the gallery once it is back: one call and one image per model', async () => {
      const garmentId = (await seed.croppedGarment()).id;
      const modelIds: number[] = [];
      for (let i = 0; i < 3; i++) modelIds.push((await seed.model(await solidPng(400 + 10 * i, 300, FAULT_COLOURS.ok))).id);
      vton.okDelayMs = 3000;
      const callsBefore = vton.calls.ok;

      const job = (await request(api.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'linen shirt' }).expect(201))
        .body as TryOnJob;
      const stream = readJobEvents(`${api.url}/api/try-on/jobs/${job.id}/events?access_token=${encodeURIComponent(token)}`, (j) => j.status !== 'running', 180_000);
      await until(() => vton.inFlight === 3, 'the three provider calls are in progress');

      await storage.stop();
      try {
        // The provider answers while the storage is down: these results exist only in the worker now.
        await until(() => vton.inFlight === 0, 'the provider has answered the three calls');
        await until(() => worker.lines.filter((l) => /svc-media unavailable/.test(l)).length >= 3, 'every save was refused at least once');
        await new Promise((r) => setTimeout(r, 3000));
        const meanwhile = (await request(api.url).get(`/api/try-on/jobs/${job.id}`).auth(token, { type: 'bearer' }).expect(200)).body as TryOnJob;
        expect(meanwhile.models.map((m) => m.state)).toEqual(modelIds.map(() => 'running'));
      } finally {
        await storage.start();
      }

      const events = await stream;
      const last = events[events.length - 1];
      expect(last.status).toBe('completed');
      expect(last.models.map((m) => [m.state, m.attempts, m.error])).toEqual(modelIds.map(() => ['succeeded', 1, null]));
      // Paid once: no model went to the provider twice.
      expect(vton.calls.ok - callsBefore).toBe(3);
      // Each result is in the gallery, once, and its image is there.
      const images = (await gallery()).filter((i) => i.garmentId === garmentId);
      expect(images.map((i) => i.modelId).sort()).toEqual([...modelIds].sort());
      const [{ count }] = await platform.media.app.get(DataSource).query(`SELECT count(*)::int AS count FROM try_on_results WHERE "garmentId" = $1`, [garmentId]);
      expect(count).toBe(3);
      for (const model of last.models) {
        expect(model.result!.savedImage).toBeDefined();
        expect((await download(platform.media.url, model.result!.imageUrl)).subarray(1, 4).toString()).toBe('PNG');
      }
    }, 240_000);
  });

  describe('storage down beyond the job’s time limit', () => {
    let api: App;
    let worker: App;

    beforeAll(async () => {
      const env = { VTON_API_URL: vton.url, VTON_CONCURRENCY: '3', VTON_MAX_ATTEMPTS: '2', MEDIA_RETRY_MS: '3000' };
      api = await platform.generation(env);
      worker = await platform.worker(env);
    }, 120_000);

    afterAll(async () => {
      await worker?.app.close();
      await api?.app.close();
    });

    it('/api/try-on/generate answers 503 SERVICE_UNAVAILABLE with Retry-After (our outage), not 500 BATCH_VTON_FAILED; the same call works once the storage is back', async () => {
      const garmentId = (await seed.croppedGarment()).id;
      const modelIds = [(await seed.model(await solidPng(420, 300, FAULT_COLOURS.ok))).id, (await seed.model(await solidPng(440, 300, FAULT_COLOURS.ok))).id];
      vton.okDelayMs = 0;
      const generate = () => request(api.url).post('/api/try-on/generate').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'linen shirt' });

      await storage.stop();
      try {
        const res = await generate();
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.body).toMatchObject({ statusCode: 503, code: ErrorCode.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE });
        expect(res.body.code).not.toBe(ErrorCode.BATCH_VTON_FAILED);
      } finally {
        await storage.start();
      }

      await until(async () => (await request(platform.media.url).get('/api/media/health')).status === 200, 'svc-media sees the storage again');
      const res = await generate();
      expect(res.status).toBe(200);
      expect((res.body as GenerateResponse).results.map((r) => r.modelId).sort()).toEqual([...modelIds].sort());
    }, 240_000);
  });
});
