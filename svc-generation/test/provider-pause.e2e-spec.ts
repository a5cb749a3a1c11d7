import type { TryOnJob } from '@vton/contracts';
import request from 'supertest';
import { DataSource, type EntityManager } from 'typeorm';
import { JobStore } from '../src/jobs/job-store.js';
import { JobQueue, type ClaimedWork, type QueueLane } from '../src/queue/job-queue.js';
import { MediaSeeder, Platform, solidPng, until, type App } from './helpers.js';

/**
 * A provider's rate limit pause against claims of the fleet, on the queue itself (JobQueue on real
 * Postgres; no worker runs, the test claims as one would). What a worker does on a 429 is: write
 * the pause, then give the model back. Another worker's claim reads the pauses, then takes a
 * slot, in two statements, and a loaded machine can hold it between them for as long as it likes.
 * Held there, it must not take the slot the rate-limited model gives back: that would call the
 * provider during its pause. Nothing here waits on the clock: the claim is held until the pause
 * is seen waiting for it (or, were the two not ordered, until the model has been given back).
 */
describe('a provider paused while another worker’s claim is under way (JobQueue, real Postgres)', () => {
  const platform = new Platform();
  let api: App;
  let token: string;
  let garmentId: number;
  let modelIds: number[];

  beforeAll(async () => {
    await platform.start();
    api = await platform.generation();
    token = await platform.token(3100);
    const seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
    modelIds = [(await seed.model(await solidPng(300, 400, [120, 130, 140]))).id, (await seed.model(await solidPng(320, 400, [140, 130, 120]))).id];
  }, 120_000);

  afterAll(async () => {
    await api?.app.close();
    await platform.stop();
  });

  it('a claim that read no pause takes nothing the rate-limited model gives back; every claim after the pause sees it', async () => {
    const queue = api.app.get(JobQueue);
    const store = api.app.get(JobStore);
    const database = api.app.get(DataSource);
    // The try-on lane, one model at a time across the fleet (VTON_CONCURRENCY=1).
    const lanes: QueueLane[] = [
      { group: 'vton', provider: 'fashn', limit: 1 },
      { group: 'placement', provider: 'local', limit: 1 },
    ];
    const claim = (hold?: (tx: EntityManager) => Promise<void>) =>
      store.transaction(async (tx) => {
        if (hold) {
          const query = tx.query.bind(tx);
          tx.query = (async (text: string, parameters?: unknown[]) => {
            const rows = await query(text, parameters);
            if (/\bFROM provider_pauses\b/.test(text)) await hold(tx);
            return rows;
          }) as EntityManager['query'];
        }
        return queue.claim(tx, lanes, async (work) => work);
      });

    const job = (await request(api.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds, prompt: '' }).expect(201)).body as TryOnJob;
    expect(job.models.map((m) => m.state)).toEqual(['queued', 'queued']);

    // Worker A runs one model: the lane's one slot is taken.
    const first = await claim();
    expect(first).toEqual({ claimed: expect.objectContaining({ data: expect.objectContaining({ jobId: job.id }) }) });
    const running = (first as { claimed: ClaimedWork }).claimed;

    // Worker B's claim has read the pauses (none yet) and is held before it looks for a slot.
    let claimPid = 0;
    let heldAfterRead!: () => void;
    const readThePauses = new Promise<void>((resolve) => (heldAfterRead = resolve));
    let letGo!: () => void;
    const resumed = new Promise<void>((resolve) => (letGo = resolve));
    const second = claim(async (tx) => {
      claimPid = (await tx.query('SELECT pg_backend_pid() AS pid'))[0].pid;
      heldAfterRead();
      await resumed;
    });
    await readThePauses;

    // Meanwhile the provider answers worker A's model with a 429: A pauses the provider, then gives the model back.
    let givenBack = false;
    const rateLimited = queue
      .pauseProvider('fashn', 3_600_000, 'VTON API request failed: 429 Too Many Requests. RateLimitExceeded: Too many requests in the window')
      .then(() => queue.fail(running, { outcome: 'requeued' }))
      .then(() => (givenBack = true));
    const pauseWaitsForTheClaim = async () =>
      (await database.query(`SELECT count(*)::int AS blocked FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [claimPid]))[0].blocked > 0;
    await until(async () => givenBack || (await pauseWaitsForTheClaim()), 'the pause waits for the claim under way (or the model is given back)');
    letGo();

    // B found the slot still held: it claimed nothing, so it calls nobody.
    expect(await second).toBeNull();
    await rateLimited;
    // From now on every claim sees the pause, with the slot free and the other model waiting.
    expect(await claim()).toEqual({ pausedMs: expect.any(Number) });
    const [{ waiting }] = await database.query(`SELECT count(*)::int AS waiting FROM try_on_job_models WHERE job_id = $1 AND state = 'queued'`, [job.id]);
    expect(waiting).toBe(2);
  }, 60_000);
});
