import type { GenerateResponse } from '@vton/contracts';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, Metrics, Platform, solidPng, type App, type Fault } from './helpers.js';

/**
 * Long enough that a slow-but-answering call is never cut off on a loaded machine (at 600 ms, CI
 * once saw a 150 ms call time out and run twice), short enough that the hanging model's two
 * attempts stay quick.
 */
const TIMEOUT_MS = 3000;
/** Two runs per model: a retryable failure is tried once more. */
const MAX_ATTEMPTS = 2;
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * The provider-call series that deploy/components/monitoring counts as failed calls: the label sets of
 * every `generation_provider_call_duration_seconds_count{…outcome=…}` in the PrometheusRule and the
 * Grafana dashboard, without the ones Grafana fills in (`$namespace`).
 */
function monitoredFailedCallSelectors(): Record<string, string>[] {
  const files = ['prometheus-rules.yaml', 'dashboards/vton-studio.json'].map((f) => path.join(import.meta.dirname, '../../deploy/components/monitoring', f));
  return files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').replaceAll('\\"', '"').matchAll(/generation_provider_call_duration_seconds_count\{([^}]*outcome=[^}]*)\}/g)].map(([, selector]) =>
      Object.fromEntries([...selector.matchAll(/(\w+)="([^"]*)"/g)].filter(([, , value]) => !value.startsWith('$')).map(([, label, value]) => [label, value])),
    ),
  );
}

describe('VTON faults (a fault-injecting VTON stub; real svc-media)', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  let generation: App;
  let worker: App;
  let token: string;
  let garmentId: number;
  const models = {} as Record<Fault, number>;
  /** More distinct models that the stub answers normally: a batch wider than VTON_CONCURRENCY. */
  const okModels: number[] = [];

  beforeAll(async () => {
    await platform.start();
    await vton.start();
    const env = {
      VTON_API_URL: vton.url,
      VTON_TIMEOUT_MS: String(TIMEOUT_MS),
      VTON_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      VTON_CONCURRENCY: '2',
      VTON_MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES),
    };
    generation = await platform.generation(env);
    worker = await platform.worker(env);
    token = await platform.token(201);
    const seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
    for (const fault of Object.keys(FAULT_COLOURS) as Fault[]) models[fault] = (await seed.model(await solidPng(400, 300, FAULT_COLOURS[fault]))).id;
    for (let i = 0; i < 5; i++) okModels.push((await seed.model(await solidPng(400 + 20 * i, 300, FAULT_COLOURS.ok))).id);
  });

  beforeEach(() => {
    for (const key of Object.keys(vton.calls) as Fault[]) vton.calls[key] = 0;
    vton.requests.length = 0;
    vton.maxInFlight = 0;
    vton.okDelayMs = 0;
    vton.oversize = undefined;
  });

  afterAll(async () => {
    await worker?.app.close();
    await generation?.app.close();
    await vton.stop();
    await platform.stop();
  });

  const generate = (faults: Fault[], extraModelIds: number[] = []) =>
    request(generation.url)
      .post('/api/try-on/generate')
      .auth(token, { type: 'bearer' })
      .send({ garmentId, modelIds: [...faults.map((f) => models[f]), ...extraModelIds], prompt: 'linen shirt' });

  it('sends the spec’s multipart call: prompt, 960×960, model.png, garment.png, mask.png (and the garment category beside them)', async () => {
    await generate(['ok']).expect(200);
    expect(vton.requests).toHaveLength(1);
    expect(vton.requests[0]).toEqual({
      // `category` is not §7's: the built-in engine reads it (trousers' legs, products); other services ignore it.
      fields: { prompt: 'linen shirt', width: '960', height: '960', category: 'upper_body' },
      files: {
        target_image: { filename: 'model.png', width: 960, height: 960 },
        reference_image: { filename: 'garment.png', width: 960, height: 960 },
        mask_image: { filename: 'mask.png', width: 960, height: 960 },
      },
    });
  });

  it('runs a 5xx model again up to VTON_MAX_ATTEMPTS and a 4xx never, and keeps the successes of a partly failed batch', async () => {
    const scrape = async () => new Metrics((await request(worker.url).get('/metrics').expect(200)).text);
    const before = await scrape();
    const res = await generate(['ok', 'error500', 'error400']).expect(200);
    expect((res.body as GenerateResponse).results.map((r) => r.modelId)).toEqual([models.ok]);
    expect(vton.calls).toMatchObject({ ok: 1, error500: 2, error400: 1 });

    // The worker's /metrics counts each provider call by outcome: the three failed ones as errors.
    const after = await scrape();
    const calls = (labels: Record<string, string>) => (after.value('generation_provider_call_duration_seconds_count', labels) ?? 0) - (before.value('generation_provider_call_duration_seconds_count', labels) ?? 0);
    expect(calls({ provider: 'seed', outcome: 'ok' })).toBe(1);
    expect(calls({ provider: 'seed', outcome: 'error' })).toBe(3);
    // The provider-errors alert and the dashboard's error ratio select exactly those series.
    const selectors = monitoredFailedCallSelectors();
    expect(selectors).toHaveLength(2);
    for (const selector of selectors) expect([selector, calls({ provider: 'seed', ...selector })]).toEqual([selector, 3]);
  });

  it('gets a result when the retry after a 5xx succeeds', async () => {
    const res = await generate(['flaky500']).expect(200);
    expect(res.body.results).toHaveLength(1);
    expect(vton.calls.flaky500).toBe(2);
  });

  it('abandons a hanging call at the timeout, runs it again up to VTON_MAX_ATTEMPTS, reports it failed and keeps the other results', async () => {
    const res = await generate(['hang', 'ok']).expect(200);
    // The stub never answers: getting an answer at all shows both attempts were cut off.
    expect(res.body.results.map((r: { modelId: number }) => r.modelId)).toEqual([models.ok]);
    expect(vton.calls.hang).toBe(2);
  });

  it('answers BATCH_VTON_FAILED 500 with every message, joined by semicolons, when all models fail', async () => {
    const res = await generate(['error500', 'error400', 'garbage', 'reset', 'hang']).expect(500);
    expect(res.body).toMatchObject({ statusCode: 500, code: 'BATCH_VTON_FAILED' });
    const prefix = 'All VTON requests failed: ';
    expect(res.body.message.startsWith(prefix)).toBe(true);
    const messages = res.body.message.slice(prefix.length).split('; ');
    expect(messages).toHaveLength(5);
    expect(messages[0]).toBe('VTON API request failed: 500 Internal Server Error. engine exploded');
    expect(messages[1]).toBe('VTON API request failed: 400 Bad Request. mask is empty');
    expect(messages[2]).toBe('Failed to process VTON request: the VTON service answered with data that is not an image');
    expect(messages[3]).toMatch(/^Failed to process VTON request: fetch failed/);
    expect(messages[4]).toBe(`Failed to process VTON request: the VTON service did not answer within ${TIMEOUT_MS} ms`);
    expect(res.body.details.failures.map((f: { modelId: number; code: string }) => [f.modelId, f.code])).toEqual([
      [models.error500, 'VTON_API_ERROR'],
      [models.error400, 'VTON_API_ERROR'],
      [models.garbage, 'VTON_PROCESSING_ERROR'],
      [models.reset, 'VTON_PROCESSING_ERROR'],
      [models.hang, 'VTON_PROCESSING_ERROR'],
    ]);
    // Garbage is not retried (the service did answer); a reset connection is.
    expect(vton.calls).toMatchObject({ error500: 2, error400: 1, garbage: 1, reset: 2, hang: 2 });
  });

  it('never has more calls in flight than VTON_CONCURRENCY, however many models a batch has', async () => {
    vton.okDelayMs = 150;
    // Six distinct models (a batch drops repeated ids), each call slow enough to overlap the others.
    const modelIds = [models.ok, ...okModels];
    expect(new Set(modelIds).size).toBe(6);
    const res = await generate([], modelIds).expect(200);
    expect(vton.calls.ok).toBe(6);
    expect(vton.maxInFlight).toBe(2);
    expect(res.body.results.map((r: { modelId: number }) => r.modelId)).toEqual(modelIds);
  });

  it.each([
    ['with a Content-Length', true],
    ['streamed without a length', false],
  ])('refuses an answer larger than VTON_MAX_RESPONSE_BYTES (%s), without a retry', async (_how, declared) => {
    vton.oversize = { bytes: 8 * MAX_RESPONSE_BYTES, declared };
    const res = await generate(['ok']).expect(500);
    expect(res.body).toMatchObject({ code: 'BATCH_VTON_FAILED', message: 'All VTON requests failed: Failed to process VTON request: response larger than 1 MB' });
    expect(res.body.details.failures).toEqual([expect.objectContaining({ modelId: models.ok, code: 'VTON_PROCESSING_ERROR' })]);
    expect(vton.calls.ok).toBe(1);
  });
});
