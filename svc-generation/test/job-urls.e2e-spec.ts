import type { TryOnJob } from '@vton/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobStore } from '../src/jobs/job-store.js';
import { MediaSeeder, Platform, readJobEvents, requestsBetween, solidPng, startLocalEngine, unsigned, until, waitForJob, type App } from './helpers.js';

/** svc-media signs for 10 s (its minimum), so a job read a little later holds only expired links. */
const TTL_SECONDS = 10;

const status = async (baseUrl: string, url: string) => (await fetch(new URL(url, baseUrl))).status;

describe('a job read after its result URLs expired gets working URLs (real svc-media, Postgres, local compositor)', () => {
  const platform = new Platform();
  let engine: { url: string; close: () => Promise<void> };
  let generation: App;
  let worker: App;
  let token: string;
  let seed: MediaSeeder;
  let garmentId: number;

  beforeAll(async () => {
    await platform.start({ SIGNED_URL_TTL_SECONDS: String(TTL_SECONDS) });
    engine = await startLocalEngine();
    generation = await platform.generation({ VTON_API_URL: engine.url });
    worker = await platform.worker({ VTON_API_URL: engine.url });
    token = await platform.token(401);
    seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
  });

  afterAll(async () => {
    await worker?.app.close();
    await generation?.app.close();
    await engine?.close();
    await platform.stop();
  });

  const job = (id: string, who = token) => request(generation.url).get(`/api/try-on/jobs/${id}`).auth(who, { type: 'bearer' });
  /** What the database holds for the job (the URLs signed when the results were saved). */
  const storedResults = async (id: string) =>
    (await generation.app.get(DataSource).query(`SELECT model_id AS "modelId", result FROM try_on_job_models WHERE job_id = $1 ORDER BY position`, [id])) as {
      modelId: number;
      result: TryOnJob['models'][number]['result'];
    }[];

  it('GET /jobs/:id and the event stream re-sign the saved results; a result that cannot be re-signed keeps its URL', async () => {
    const modelIds = [(await seed.model(await solidPng(640, 480, [200, 180, 160]))).id, (await seed.model(await solidPng(480, 640, [160, 180, 200]))).id];
    const before = await platform.workerMediaRequests();
    const created = (await request(generation.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'linen shirt' }).expect(201)).body as TryOnJob;
    const done = await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running', 30_000);
    expect(done.status).toBe('completed');
    // The grant that came with each model's inputs was good for 10 s, less than a save may need: each save asked for a fresh one.
    expect(requestsBetween(before, await platform.workerMediaRequests())).toEqual({ inputs: 2, grants: 2, saves: 2 });
    const stored = await storedResults(created.id);
    for (const { result } of stored) expect(await status(platform.media.url, result!.imageUrl)).toBe(200);

    // Wait until every link saved with the results is dead: each was signed when its own result was saved,
    // maybe in a later second than the first (links expire on whole seconds).
    const saved = stored.flatMap(({ result }) => [result!.imageUrl, result!.savedImage!.thumbnailUrl]);
    const expired = async () => (await Promise.all(saved.map((url) => status(platform.media.url, url)))).every((s) => s === 403);
    await until(expired, 'every signed URL saved with the results has expired', (TTL_SECONDS + 15) * 1000);

    // A reload: every URL works again, and points at the same images.
    const read = (await job(created.id).expect(200)).body as TryOnJob;
    expect(unsigned(read)).toEqual(unsigned({ ...done, models: done.models.map((m, i) => ({ ...m, result: stored[i].result })) }));
    for (const [i, model] of read.models.entries()) {
      const result = model.result!;
      expect(result.imageUrl).not.toBe(stored[i].result!.imageUrl);
      expect(result.imageUrl).toBe(result.savedImage!.imageUrl);
      const png = await fetch(new URL(result.imageUrl, platform.media.url));
      expect(png.status).toBe(200);
      const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'png', width: i === 0 ? 640 : 480, height: i === 0 ? 480 : 640 });
      expect(await status(platform.media.url, result.savedImage!.thumbnailUrl)).toBe(200);
    }
    // Nothing is written back: the database keeps what was saved.
    expect(await storedResults(created.id)).toEqual(stored);

    // The event stream: the first message carries fresh URLs, and so do later ones (read from the database on each change).
    const eventsUrl = `${generation.url}/api/try-on/jobs/${created.id}/events?access_token=${encodeURIComponent(token)}`;
    // A change to the job, announced the way every change is (NOTIFY after the write).
    const touch = async () => {
      const database = generation.app.get(DataSource);
      await database.query(`UPDATE try_on_jobs SET updated_at = now() WHERE id = $1`, [created.id]);
      await database.query(`SELECT pg_notify($1, $2)`, [generation.app.get(JobStore).channels.jobChanged, created.id]);
    };
    let touched = false;
    const events = await readJobEvents(eventsUrl, () => {
      if (!touched) {
        touched = true;
        void touch();
        return false;
      }
      return true;
    });
    expect(events).toHaveLength(2);
    expect(events[1].updatedAt > events[0].updatedAt).toBe(true);
    for (const event of events) {
      for (const model of event.models) {
        expect(await status(platform.media.url, model.result!.imageUrl)).toBe(200);
        expect(await status(platform.media.url, model.result!.savedImage!.thumbnailUrl)).toBe(200);
      }
    }

    // The first result's gallery image is deleted: it cannot be re-signed, keeps its stored URL,
    // and the other result is still renewed.
    await request(platform.media.url).delete(`/api/generated-images/${read.models[0].result!.savedImage!.id}`).auth(token, { type: 'bearer' }).expect(204);
    const after = (await job(created.id).expect(200)).body as TryOnJob;
    expect(after.models[0].result).toEqual(stored[0].result);
    expect(after.models[1].result!.imageUrl).not.toBe(stored[1].result!.imageUrl);
    expect(await status(platform.media.url, after.models[1].result!.imageUrl)).toBe(200);

    // Still only the owner's: another user neither reads the job nor the gallery record.
    const stranger = await platform.token(402);
    await job(created.id, stranger).expect(404);
    await request(platform.media.url).get(`/api/generated-images/${after.models[1].result!.savedImage!.id}`).auth(stranger, { type: 'bearer' }).expect(404);
  }, 60_000);

  it('svc-media unreachable: the job is still read, with the stored URLs', async () => {
    const modelId = (await seed.model(await solidPng(320, 240, [90, 120, 150]))).id;
    const created = (await request(generation.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds: [modelId], prompt: 'wool coat' }).expect(201)).body as TryOnJob;
    const done = await waitForJob(generation.url, token, created.id, (j) => j.status !== 'running', 30_000);
    expect(done.status).toBe('completed');
    const offline = await platform.generation({ VTON_API_URL: engine.url, MEDIA_SERVICE_URL: 'http://127.0.0.1:9' });
    try {
      const read = (await request(offline.url).get(`/api/try-on/jobs/${created.id}`).auth(token, { type: 'bearer' }).expect(200)).body as TryOnJob;
      const [{ result }] = await storedResults(created.id);
      expect(read.models[0].result).toEqual(result);
    } finally {
      await offline.app.close();
    }
  });
});
