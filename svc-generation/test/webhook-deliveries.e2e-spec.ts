import { API_KEYS_PATH, WEBHOOK_ERRORS, WEBHOOKS_PATH, type TryOnJob, type WebhookDeliveryRecord } from '@vton/contracts';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FakeDns } from './fake-dns.js';
import { Receiver } from './webhook-receiver.js';
import { MediaSeeder, Platform, solidPng, startLocalEngine, until, waitForJob, type App } from './helpers.js';

/**
 * Webhook deliveries end to end on the real svc-generation: a try-on finished by a worker reaches
 * the receiver signed the Standard Webhooks way, failing receivers are retried through the durable
 * queue, and a host that points inside at delivery time is refused then.
 */
describe('webhook deliveries (real API, worker, queue, Postgres)', () => {
  const platform = new Platform();
  const dns = new FakeDns();
  const receiver = new Receiver();
  /** Another seller's endpoint, which holds its answers while the test says so. */
  const slow = new Receiver();
  /** The worker's delivery lanes (WEBHOOK_DELIVERY_CONCURRENCY). */
  const LANES = 3;
  let engine: { url: string; close: () => Promise<void> };
  let api: App;
  let worker: App;

  beforeAll(async () => {
    await platform.start();
    await dns.start();
    await receiver.start();
    await slow.start();
    engine = await startLocalEngine();
    // An attempt outlasts every wait of the tests: a held answer stays open until the test releases it.
    const env = {
      VTON_API_URL: engine.url,
      WEBHOOKS_LOCAL_MODE: 'true',
      WEBHOOK_DNS_SERVERS: dns.server,
      WEBHOOK_RETRY_DELAYS_SECONDS: '1,1',
      WEBHOOK_TIMEOUT_MS: '60000',
      WEBHOOK_DELIVERY_CONCURRENCY: String(LANES),
    };
    api = await platform.generation(env);
    worker = await platform.worker(env);
  });

  afterAll(async () => {
    await worker?.app.close();
    await api?.app.close();
    await engine?.close();
    await receiver.stop();
    await slow.stop();
    await dns.stop();
    await platform.stop();
  });

  /** A seller with a users row (API keys need one) and a browser token. */
  async function account() {
    const email = `webhooks-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const [{ id }] = await platform.auth.app.get(DataSource).query(`INSERT INTO auth.users (email, password, "isEmailVerified") VALUES ($1, 'x', 'true') RETURNING id`, [email]);
    return { id, token: await platform.token(id, email) };
  }
  const addEndpoint = async (token: string, events: string[], url = receiver.url) =>
    (await request(api.url).post(WEBHOOKS_PATH).auth(token, { type: 'bearer' }).send({ url, events }).expect(201)).body;

  /** A seller with a webhook endpoint on the receiver. */
  async function seller(events: string[], url = receiver.url) {
    const { id, token } = await account();
    return { id, token, endpoint: await addEndpoint(token, events, url) };
  }

  /** One model's try-on, started in the studio and followed until it ends. */
  async function finishedJob(token: string): Promise<TryOnJob> {
    const seed = new MediaSeeder(platform.media.url, token);
    const garmentId = (await seed.croppedGarment()).id;
    const modelId = (await seed.model(await solidPng(400, 300, [90, 80, 70]))).id;
    const job = (await request(api.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId, modelIds: [modelId], prompt: 'tee' }).expect(201)).body as TryOnJob;
    return waitForJob(api.url, token, job.id, (j) => j.status !== 'running', 60_000);
  }

  const sendTest = (token: string, endpointId: string) => request(api.url).post(`${WEBHOOKS_PATH}/${endpointId}/test`).auth(token, { type: 'bearer' }).expect(202);
  /** The test events an endpoint was sent, as its receiver got them. */
  const testsTo = (at: Receiver, endpointId: string) => at.of('webhook.test').filter((d) => JSON.parse(d.body).data.endpointId === endpointId);

  const deliveriesOf = async (token: string, endpointId: string): Promise<WebhookDeliveryRecord[]> =>
    (await request(api.url).get(`${WEBHOOKS_PATH}/${endpointId}/deliveries`).auth(token, { type: 'bearer' }).expect(200)).body.deliveries;

  it('sends a job started with an API key its signed model.succeeded and job.completed, which the standard verifier accepts', async () => {
    const { token, endpoint } = await seller(['job.completed', 'model.succeeded']);
    const { key } = (await request(platform.auth.url).post(API_KEYS_PATH).auth(token, { type: 'bearer' }).send({ name: 'ci', scopes: ['try-on'] }).expect(201)).body;
    const seed = new MediaSeeder(platform.media.url, token);
    const garmentId = (await seed.croppedGarment()).id;
    const modelId = (await seed.model(await solidPng(400, 300, [90, 80, 70]))).id;
    const job = (await request(api.url).post('/api/try-on/jobs').auth(key, { type: 'bearer' }).send({ garmentId, modelIds: [modelId], prompt: 'tee' }).expect(201)).body as TryOnJob;
    await waitForJob(api.url, token, job.id, (j) => j.status !== 'running', 60_000);

    await until(() => receiver.deliveries.some((d) => JSON.parse(d.body).data?.id === job.id), 'job.completed to arrive');
    const completed = receiver.deliveries.find((d) => JSON.parse(d.body).data?.id === job.id)!;
    const event = new Webhook(endpoint.secret).verify(completed.body, completed.headers as Record<string, string>) as { type: string; data: TryOnJob };
    expect(event).toMatchObject({ type: 'job.completed', data: { id: job.id, status: 'completed', models: [{ modelId, state: 'succeeded' }] } });
    expect(event.data.models[0].result?.imageUrl).toMatch(/^\/api\/media\/files\//);
    expect(completed.headers['user-agent']).toMatch(/VTON-Studio-Webhooks/);

    await until(() => receiver.of('model.succeeded').some((d) => JSON.parse(d.body).data.jobId === job.id), 'model.succeeded to arrive');
    const model = receiver.of('model.succeeded').find((d) => JSON.parse(d.body).data.jobId === job.id)!;
    expect(new Webhook(endpoint.secret).verify(model.body, model.headers as Record<string, string>)).toMatchObject({ data: { jobId: job.id, model: { modelId, state: 'succeeded' } } });
    // Each event once, and listed with its status and response code.
    expect(receiver.deliveries.filter((d) => JSON.parse(d.body).data?.id === job.id)).toHaveLength(1);
    await until(async () => (await deliveriesOf(token, endpoint.id)).filter((d) => d.status === 'succeeded').length === 2, 'both deliveries recorded');
    expect((await deliveriesOf(token, endpoint.id)).map((d) => [d.eventType, d.status, d.lastResponseCode, d.attempts]).sort()).toEqual([
      ['job.completed', 'succeeded', 204, 1],
      ['model.succeeded', 'succeeded', 204, 1],
    ]);
  });

  it('sends an account nothing for what ended before it had an endpoint, and the events of what ends after it added one', async () => {
    const { token } = await account();
    const before = await finishedJob(token);
    // Its events were passed over (no endpoint to send to), not kept for later.
    await until(
      async () => (await api.app.get(DataSource).query(`SELECT 1 FROM webhook_events WHERE job_id = $1 AND published_at IS NULL`, [before.id])).length === 0,
      'the outbox passed the first job',
    );
    const endpoint = await addEndpoint(token, ['job.completed', 'model.succeeded']);
    const after = await finishedJob(token);
    await until(async () => (await deliveriesOf(token, endpoint.id)).filter((d) => d.status === 'succeeded').length === 2, 'the second job’s two deliveries');
    const sent = receiver.deliveries.map((d) => JSON.parse(d.body) as { type: string; data: { id?: string; jobId?: string } });
    expect(sent.filter((e) => (e.data.id ?? e.data.jobId) === after.id).map((e) => e.type).sort()).toEqual(['job.completed', 'model.succeeded']);
    expect(sent.filter((e) => (e.data.id ?? e.data.jobId) === before.id)).toEqual([]);
    expect((await deliveriesOf(token, endpoint.id)).map((d) => d.eventType).sort()).toEqual(['job.completed', 'model.succeeded']);
  });

  it('retries a failing receiver on the schedule, with the same webhook-id, until it answers 2xx; gives up after the last attempt', async () => {
    const { token, endpoint } = await seller(['job.failed']);
    receiver.answers.push(500, 503);
    const sent = (await sendTest(token, endpoint.id)).body as WebhookDeliveryRecord;
    expect(sent).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await until(async () => (await deliveriesOf(token, endpoint.id))[0].status !== 'pending', 'the test delivery to settle', 60_000);
    const [delivery] = await deliveriesOf(token, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastResponseCode: 204, lastError: null });
    const attempts = receiver.of('webhook.test').filter((d) => JSON.parse(d.body).data.endpointId === endpoint.id);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    for (const a of attempts) expect(new Webhook(endpoint.secret).verify(a.body, a.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    receiver.answers.push(500, 500, 500);
    await sendTest(token, endpoint.id);
    await until(async () => (await deliveriesOf(token, endpoint.id))[0].status !== 'pending', 'the failing delivery to give up', 60_000);
    expect((await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 3, lastResponseCode: 500, lastError: 'The endpoint answered 500' });
  });

  it('refuses at delivery a host that has come to point inside since it was added (DNS rebinding): nothing is sent', async () => {
    dns.records.set('rebind.shop.test', ['93.184.216.34']);
    const { token, endpoint } = await seller(['job.completed'], 'https://rebind.shop.test/hooks');
    dns.records.set('rebind.shop.test', ['169.254.169.254']);
    const before = receiver.deliveries.length;
    await sendTest(token, endpoint.id);
    await until(async () => (await deliveriesOf(token, endpoint.id))[0].attempts > 0, 'the first attempt', 30_000);
    const [delivery] = await deliveriesOf(token, endpoint.id);
    expect(delivery).toMatchObject({ lastResponseCode: null, lastError: WEBHOOK_ERRORS.privateAddress });
    expect(receiver.deliveries.length).toBe(before);
  });

  it('delivers to a seller’s endpoint while another seller’s endpoint holds its delivery open', async () => {
    const held = await seller(['job.completed'], slow.url);
    const other = await seller(['job.completed']);
    slow.holding = true;
    try {
      await sendTest(held.token, held.endpoint.id);
      await until(() => slow.open === 1, 'the slow endpoint to hold its delivery open');
      await sendTest(other.token, other.endpoint.id);
      await until(() => testsTo(receiver, other.endpoint.id).length === 1, 'the other seller’s delivery to arrive');
      expect(slow.open).toBe(1);
    } finally {
      slow.release();
    }
    await until(async () => (await deliveriesOf(held.token, held.endpoint.id))[0]?.status === 'succeeded', 'the held delivery to be answered once released');
    expect((await deliveriesOf(other.token, other.endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Room for until()'s 30 s, so a wait that fails says what it waited for.
  }, 60_000);

  it('makes WEBHOOK_DELIVERY_CONCURRENCY attempts at once: a backlog to a slow endpoint is open there together, one more waits for a lane', async () => {
    const { token, endpoint } = await seller(['job.completed'], slow.url);
    slow.holding = true;
    try {
      for (let i = 0; i <= LANES; i++) await sendTest(token, endpoint.id);
      await until(() => slow.open === LANES, () => `${LANES} deliveries open at once at the endpoint (open: ${slow.open})`);
      expect(testsTo(slow, endpoint.id)).toHaveLength(LANES);
    } finally {
      slow.release();
    }
    await until(async () => (await deliveriesOf(token, endpoint.id)).filter((d) => d.status === 'succeeded').length === LANES + 1, 'every delivery answered once released');
    expect(testsTo(slow, endpoint.id)).toHaveLength(LANES + 1);
  }, 60_000);

  it('records a failed attempt only with its next attempt queued: when the queue cannot take the next, the attempt is made again, never left pending with nothing to come', async () => {
    const { token, endpoint } = await seller(['job.completed']);
    const database = api.app.get(DataSource);
    const [{ table }] = await database.query(`SELECT table_name AS table FROM "${platform.schema}".queue WHERE name = 'webhook-delivery'`);
    const jobs = `"${platform.schema}"."${table}"`;
    // SQL: a trigger that refuses queueing this delivery's second attempt, as a queue stopped by a shutdown would.
    await database.query(`CREATE FUNCTION "${platform.schema}".refuse_next_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'webhook-delivery' AND NEW.data->>'attempt' = '2' THEN RAISE EXCEPTION 'the queue takes nothing'; END IF; RETURN NEW; END $$`);
    await database.query(`CREATE TRIGGER refuse_next_attempt BEFORE INSERT ON ${jobs} FOR EACH ROW EXECUTE FUNCTION "${platform.schema}".refuse_next_attempt()`);
    receiver.answers.push(500);
    try {
      await sendTest(token, endpoint.id);
      // Its record went with the refused next attempt, so the queue gives the attempt back and it is made again.
      await until(() => testsTo(receiver, endpoint.id).length >= 2, 'the failed attempt made again, its next attempt refused');
    } finally {
      await database.query(`DROP TRIGGER refuse_next_attempt ON ${jobs}`);
      await database.query(`DROP FUNCTION "${platform.schema}".refuse_next_attempt()`);
    }
    await until(async () => (await deliveriesOf(token, endpoint.id))[0].status === 'succeeded', 'the delivery answered 2xx in the end');
    // The first attempt's failure was never recorded: the one that counts is the repeat that succeeded.
    expect((await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1, lastResponseCode: 204 });
    expect(new Set(testsTo(receiver, endpoint.id).map((d) => d.headers['webhook-id'])).size).toBe(1);
  }, 60_000);

  it('gives an attempt that cannot be recorded (the database refusing) back to the queue: made again, then recorded, never settled unrecorded', async () => {
    const { token, endpoint } = await seller(['job.completed']);
    const database = api.app.get(DataSource);
    const table = `"${platform.schema}".webhook_deliveries`;
    // SQL: a trigger that refuses the attempt's record of this endpoint's deliveries, as a failing database would.
    await database.query(`CREATE FUNCTION "${platform.schema}".refuse_delivery_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.endpoint_id::text = TG_ARGV[0] THEN RAISE EXCEPTION 'the database refuses the record'; END IF; RETURN NEW; END $$`);
    await database.query(`CREATE TRIGGER refuse_delivery_record BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION "${platform.schema}".refuse_delivery_record('${endpoint.id}')`);
    const jobOf = async (deliveryId: string): Promise<{ state: string; retries: number } | undefined> =>
      (await database.query(`SELECT state, retry_count AS retries FROM "${platform.schema}".job WHERE name = 'webhook-delivery' AND data->>'deliveryId' = $1`, [deliveryId]))[0];
    let deliveryId = '';
    try {
      deliveryId = ((await sendTest(token, endpoint.id)).body as WebhookDeliveryRecord).id;
      let job: Awaited<ReturnType<typeof jobOf>>;
      await until(
        async () => testsTo(receiver, endpoint.id).length >= 1 && (job = await jobOf(deliveryId))?.state === 'retry',
        () => `the attempt made and its job given back to retry (${testsTo(receiver, endpoint.id).length} sent, job ${JSON.stringify(job)})`,
      );
      expect((await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await database.query(`DROP TRIGGER refuse_delivery_record ON ${table}`);
      await database.query(`DROP FUNCTION "${platform.schema}".refuse_delivery_record()`);
    }
    await until(async () => (await deliveriesOf(token, endpoint.id))[0].status === 'succeeded', 'the retried attempt recorded');
    expect((await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1, lastResponseCode: 204 });
    expect(await jobOf(deliveryId)).toMatchObject({ state: 'completed' });
    // The attempt was made again (at least once more), each time as the same message.
    const sent = testsTo(receiver, endpoint.id);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((d) => d.headers['webhook-id'])).size).toBe(1);
  }, 60_000);

  it('applies the account’s queued-models limit to API keys too (429 with Retry-After)', async () => {
    const limited = await platform.generation({ VTON_API_URL: engine.url, MAX_QUEUED_MODELS_PER_ACCOUNT: '1' });
    try {
      const { token } = await seller(['job.completed']);
      const { key } = (await request(platform.auth.url).post(API_KEYS_PATH).auth(token, { type: 'bearer' }).send({ name: 'ci', scopes: ['try-on'] }).expect(201)).body;
      const seed = new MediaSeeder(platform.media.url, token);
      const garmentId = (await seed.croppedGarment()).id;
      const modelIds = [(await seed.model(await solidPng(300, 300, [10, 20, 30]))).id, (await seed.model(await solidPng(320, 300, [10, 20, 30]))).id];
      const refused = await request(limited.url).post('/api/try-on/jobs').auth(key, { type: 'bearer' }).send({ garmentId, modelIds, prompt: 'tee' }).expect(429);
      expect(refused.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('more than the 1 allowed at once') });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers.ratelimit).toMatch(/^"api-key";r=\d+;t=\d+$/);
    } finally {
      await limited.app.close();
    }
  });
});
