import type { ModelPhotoRecord, TryOnJob } from '@vton/contracts';
import sharp, { type Sharp } from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { featherReach } from '../src/imaging/placement.js';
import { startBflFake, type BflFake } from '../src/providers/bfl/bfl.fake.js';
import { PLACEMENT_COLOUR, type FakeServer } from './fakes/fake-server.js';
import { startFalFake } from '../src/providers/fal/fal.fake.js';
import { startFashnFake, type FashnFake } from '../src/providers/fashn/fashn.fake.js';
import { startGeminiFake, type GeminiFake } from '../src/providers/gemini/gemini.fake.js';
import { startOpenAIFake, type OpenAIFake } from '../src/providers/openai/openai.fake.js';
import { startVertexFake, type VertexFake } from '../src/providers/vertex/vertex.fake.js';
import { JobQueue } from '../src/queue/job-queue.js';
import { MODEL_QUEUE } from '../src/queue/queue-schema.js';
import { download, MediaSeeder, Platform, readJobEvents, statesOf, until, waitForJob, type App } from './helpers.js';

/**
 * Every hosted provider end to end through POST /api/try-on/jobs: the API and a worker with
 * VTON_PROVIDER set (garment jobs) or PLACEMENT_PROVIDER set (product jobs, `garmentCategory:
 * "product"`), the provider's fake (written from its documentation) at FASHN_API_URL, VERTEX_API_URL
 * (+ a credentials file whose token_uri is the fake), FAL_QUEUE_URL, GEMINI_API_URL, OPENAI_BASE_URL
 * or BFL_API_URL, real Postgres, S3 and svc-media. What is asserted is what the seller sees: the
 * job's and models' states, the §8 messages and codes, and the results.
 */

const FASHN_KEY = 'fa-jobs-key-0123456789';
const FAL_KEY = 'fal-jobs-key-0123456789';
const GEMINI_KEY = 'gm-jobs-key-0123456789';
const OPENAI_KEY = 'sk-jobs-key-0123456789';
const BFL_KEY = 'bfl-jobs-key-0123456789';
/** The seller's prompt of every job here: a placement engine must be told it. */
const PROMPT = 'a blue shirt';
/**
 * The workers' VTON_TIMEOUT_MS: the service's default, so that no call meant to succeed depends on how
 * fast a loaded machine (two shared cores) renders, sends and checks it.
 */
const CALL_TIMEOUT_MS = 120_000;
/**
 * The timeout of the one worker that meets a provider slower than VTON_TIMEOUT_MS. Its fake never
 * answers, so any timeout ends the same way; a short one keeps the six providers' runs of this case short.
 */
const SLOW_TIMEOUT_MS = 1000;
const MAX_ATTEMPTS = 2;
/** The fakes' try-on: a solid colour (fake-server.ts fakeResult); a placement engine's answer has its own (PLACEMENT_COLOUR). */
const FAKE_COLOUR = [30, 90, 200];

interface ProviderCase {
  name: 'fashn' | 'vertex' | 'fal' | 'gemini' | 'openai' | 'bfl';
  /** `placement`: the engine of product jobs (PLACEMENT_PROVIDER), the jobs sent with garmentCategory "product". */
  /** Its label, which the result carries for "Made with {label}". */
  label: string;
  role?: 'placement';
  /** What the request carried, checked after the 5-model job (the scene, the product, the seller's prompt). */
  carried?(fake: FakeServer): void;
  start(): Promise<FakeServer>;
  env(fake: FakeServer): Record<string, string | undefined>;
  /** Requests that start a try-on (a FASHN run, a Vertex predict, a fal submit). */
  submitPath: string;
  /** The model (and version) the result's metadata names. */
  model: string;
  version?: string;
  /** What the seller reads for each failure (§8). */
  messages: Record<'bad-request' | 'unauthorized' | 'rate-limited' | 'server-error' | 'slow' | 'garbage', string> & { refused?: string };
}

const api = (status: string, body: string) => `VTON API request failed: ${status}. ${body}`;

const PROVIDERS: ProviderCase[] = [
  {
    name: 'fashn',
    label: 'FASHN',
    start: () => startFashnFake(FASHN_KEY),
    env: (fake) => ({ VTON_PROVIDER: 'fashn', FASHN_API_KEY: FASHN_KEY, FASHN_API_URL: (fake as FashnFake).base }),
    submitPath: '/v1/run',
    model: 'tryon-v1.6',
    messages: {
      'bad-request': api('400 Bad Request', 'BadRequest: inputs.model_image: could not load the image'),
      unauthorized: api('401 Unauthorized', 'UnauthorizedAccess: Unauthorized: Invalid token'),
      'rate-limited': api('429 Too Many Requests', 'RateLimitExceeded: Too many requests in the window'),
      'server-error': api('500 Internal Server Error', 'InternalServerError: Internal server error'),
      slow: `Failed to process VTON request: FASHN did not finish within ${SLOW_TIMEOUT_MS} ms`,
      garbage: 'Failed to process VTON request: FASHN answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
    },
  },
  {
    name: 'vertex',
    label: 'Google Vertex AI',
    start: () => startVertexFake(),
    env: (fake) => ({ VTON_PROVIDER: 'vertex', GOOGLE_APPLICATION_CREDENTIALS: (fake as VertexFake).credentialsFile, VERTEX_API_URL: fake.url }),
    submitPath: '/v1/projects/',
    model: 'virtual-try-on-001',
    version: '1',
    messages: {
      'bad-request': api('400 Bad Request', 'INVALID_ARGUMENT: Image editing failed with the following error: No person detected in the person image.'),
      unauthorized: api(
        '401 Unauthorized',
        'UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      ),
      'rate-limited': api(
        '429 Too Many Requests',
        'RESOURCE_EXHAUSTED: Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model with base model: virtual-try-on-001. Please submit a quota increase request.',
      ),
      'server-error': api('500 Internal Server Error', 'INTERNAL: Internal error encountered.'),
      slow: `Failed to process VTON request: Vertex AI did not finish within ${SLOW_TIMEOUT_MS} ms`,
      garbage: 'Failed to process VTON request: Vertex AI answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
    },
  },
  {
    name: 'fal',
    label: 'fal.ai',
    start: () => startFalFake(FAL_KEY),
    // Leffa: its schema takes the garment category (garment_type).
    env: (fake) => ({ VTON_PROVIDER: 'fal', FAL_KEY, FAL_QUEUE_URL: fake.url, FAL_MODEL: 'fal-ai/leffa/virtual-tryon' }),
    submitPath: '/fal-ai/leffa/virtual-tryon',
    model: 'fal-ai/leffa/virtual-tryon',
    messages: {
      'bad-request': api('400 Bad Request', 'Could not download the human image'),
      unauthorized: api('401 Unauthorized', 'Invalid Key Authorization header'),
      'rate-limited': api('429 Too Many Requests', 'Rate limit exceeded'),
      'server-error': api('500 Internal Server Error', 'Internal Server Error'),
      slow: `Failed to process VTON request: fal.ai did not finish within ${SLOW_TIMEOUT_MS} ms`,
      garbage: 'Failed to process VTON request: fal.ai answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
    },
  },
  {
    name: 'gemini',
    label: 'Google Gemini',
    role: 'placement',
    start: () => startGeminiFake(GEMINI_KEY),
    env: (fake) => ({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: GEMINI_KEY, GEMINI_API_URL: fake.url }),
    submitPath: '/v1/models/',
    model: 'gemini-3.1-flash-image',
    version: 'gemini-3.1-flash-image',
    carried: (fake) => {
      for (const asked of (fake as GeminiFake).asked) {
        expect(asked.images).toHaveLength(3);
        expect(asked.text).toContain(`The seller's direction: ${PROMPT}`);
      }
    },
    messages: {
      'bad-request': api('400 Bad Request', 'INVALID_ARGUMENT: Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'),
      unauthorized: api('401 Unauthorized', 'UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'),
      'rate-limited': api('429 Too Many Requests', 'RESOURCE_EXHAUSTED: Resource has been exhausted (e.g. check quota). Quota exceeded for metric: generate_content_requests, model: gemini-3.1-flash-image'),
      'server-error': api('500 Internal Server Error', 'INTERNAL: An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'),
      slow: `Failed to process VTON request: Google Gemini did not finish within ${SLOW_TIMEOUT_MS} ms`,
      garbage: 'Failed to process VTON request: Google Gemini answered with a body that is not JSON',
      refused: 'Failed to process VTON request: Google Gemini refused to place the product for safety reasons (IMAGE_SAFETY)',
    },
  },
  {
    name: 'openai',
    label: 'OpenAI',
    role: 'placement',
    start: () => startOpenAIFake(OPENAI_KEY),
    env: (fake) => ({ PLACEMENT_PROVIDER: 'openai', OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: (fake as OpenAIFake).base }),
    submitPath: '/v1/images/edits',
    model: 'gpt-image-2.6-sunburst',
    carried: (fake) => {
      for (const asked of (fake as OpenAIFake).asked) {
        expect(asked.images).toHaveLength(2);
        expect([asked.mask.width, asked.mask.height]).toEqual([asked.images[0].width, asked.images[0].height]);
        expect(asked.prompt).toContain(`The seller's direction: ${PROMPT}`);
      }
    },
    messages: {
      'bad-request': api('400 Bad Request', 'invalid_image_file: Invalid image file or mode for image 1, please check your image file.'),
      unauthorized: api('401 Unauthorized', 'invalid_api_key: Incorrect API key provided: sk-proj-****. You can find your API key at https://platform.openai.com/account/api-keys.'),
      'rate-limited': api(
        '429 Too Many Requests',
        'rate_limit_exceeded: Rate limit reached for gpt-image-2.6-sunburst in organization org-fake on images per minute (IPM): Limit 5, Used 5, Requested 1. Please try again in 12s.',
      ),
      'server-error': api('500 Internal Server Error', 'The server had an error while processing your request. Sorry about that!'),
      slow: `Failed to process VTON request: OpenAI did not finish within ${SLOW_TIMEOUT_MS} ms`,
      garbage: 'Failed to process VTON request: OpenAI answered with a body that is not JSON',
      refused: 'Failed to process VTON request: OpenAI refused to place the product for safety reasons (moderation_blocked)',
    },
  },
  {
    name: 'bfl',
    label: 'Black Forest Labs',
    role: 'placement',
    start: () => startBflFake(BFL_KEY),
    env: (fake) => ({ PLACEMENT_PROVIDER: 'bfl', BFL_API_KEY: BFL_KEY, BFL_API_URL: fake.url }),
    submitPath: '/v1/flux-2-pro',
    model: 'flux-2-pro',
    carried: (fake) => {
      for (const asked of (fake as BflFake).asked) {
        expect(asked.images.map((i) => i.field)).toEqual(['input_image', 'input_image_2', 'input_image_3']);
        expect(asked.prompt).toContain(`The seller's direction: ${PROMPT}`);
      }
    },
    messages: {
      'bad-request': api('400 Bad Request', 'Could not decode input_image'),
      // BFL answers a key it does not accept with 403 (its error table has no 401).
      unauthorized: api('403 Forbidden', 'Not authenticated - Invalid Authentication'),
      'rate-limited': api('429 Too Many Requests', 'You have exceeded the number of active tasks (24). Please wait for some tasks to finish.'),
      'server-error': api('500 Internal Server Error', 'Internal Server Error'),
      slow: `Failed to process VTON request: Black Forest Labs did not finish within ${SLOW_TIMEOUT_MS} ms`,
      garbage: 'Failed to process VTON request: Black Forest Labs answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
      refused: 'Failed to process VTON request: Black Forest Labs refused to place the product for safety reasons (Content Moderated)',
    },
  },
];

/** A photo-like image (every pixel differs from its neighbours), so any stray write or lossy step shows. */
function photoLike(width: number, height: number, tint: number): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      raw[i] = (x * 7 + y * 3 + tint) & 255;
      raw[i + 1] = (x * 3 + y * 11) & 255;
      raw[i + 2] = ((x ^ y) * 5 + tint) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** The five kinds of model photo a seller uploads. */
async function uploads(): Promise<{ name: string; bytes: Buffer }[]> {
  return [
    { name: 'studio.png', bytes: await photoLike(600, 800, 0).png().toBuffer() },
    { name: 'camera.jpg', bytes: await photoLike(640, 800, 40).jpeg({ quality: 88 }).withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS R5' } }).toBuffer() },
    { name: 'display-p3.jpg', bytes: await photoLike(620, 780, 80).jpeg({ quality: 90 }).withIccProfile('p3').toBuffer() },
    // Stored landscape, shown portrait (EXIF orientation 6: rotate 90° clockwise).
    { name: 'rotated.jpg', bytes: await photoLike(800, 640, 120).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer() },
    { name: 'catalogue.webp', bytes: await photoLike(560, 760, 160).webp({ quality: 90 }).toBuffer() },
  ];
}

/** The upload as a browser shows it: orientation applied, colours converted to sRGB. */
async function asShown(upload: Buffer) {
  const { data, info } = await sharp(upload).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels outside the painted rectangle grown by the feather's reach that differ from the upload as shown. */
async function changedOutsideMask(result: Buffer, upload: Buffer, model: ModelPhotoRecord, painted: { left: number; top: number; width: number; height: number }) {
  const shown = await asShown(upload);
  const { data, info } = await sharp(result).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([shown.width, shown.height]);
  const reach = featherReach(model.inpaint!.bounds.width, model.inpaint!.bounds.height);
  let changed = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const near = x >= painted.left - reach && x < painted.left + painted.width + reach && y >= painted.top - reach && y < painted.top + painted.height + reach;
      if (near) continue;
      const i = (y * info.width + x) * 3;
      if (data[i] !== shown.data[i] || data[i + 1] !== shown.data[i + 1] || data[i + 2] !== shown.data[i + 2]) changed++;
    }
  }
  return changed;
}

const paintedRect = (m: { width: number; height: number }) => ({
  left: Math.round(m.width * 0.3),
  top: Math.round(m.height * 0.25),
  width: Math.round(m.width * 0.4),
  height: Math.round(m.height * 0.5),
});

describe.each(PROVIDERS.map((p) => ({ ...p, variable: p.role === 'placement' ? 'PLACEMENT_PROVIDER' : 'VTON_PROVIDER' })))('$variable=$name through POST /api/try-on/jobs (its documented fake, real Postgres, S3 and svc-media)', (provider) => {
  const placement = provider.role === 'placement';
  const colour = placement ? [PLACEMENT_COLOUR.r, PLACEMENT_COLOUR.g, PLACEMENT_COLOUR.b] : FAKE_COLOUR;
  const platform = new Platform();
  let fake: FakeServer;
  /** The API's and the shared worker's environment. */
  let env: Record<string, string | undefined>;
  let generation: App;
  let worker: App;
  let workerClosed = false;
  let token: string;
  let seed: MediaSeeder;
  let garmentId: number;
  let plainModels: number[];

  beforeAll(async () => {
    await platform.start();
    fake = await provider.start();
    env = {
      ...provider.env(fake),
      VTON_API_URL: undefined,
      VTON_TIMEOUT_MS: String(CALL_TIMEOUT_MS),
      VTON_POLL_INTERVAL_MS: '20',
      VTON_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      VTON_CONCURRENCY: '2',
      PLACEMENT_CONCURRENCY: '2',
    };
    generation = await platform.generation(env);
    worker = await platform.worker(env);
    token = await platform.token(1500 + PROVIDERS.indexOf(provider));
    seed = new MediaSeeder(platform.media.url, token);
    garmentId = (await seed.croppedGarment()).id;
    plainModels = [];
    for (let i = 0; i < 2; i++) plainModels.push((await seed.model(await photoLike(300 + 20 * i, 400, i).png().toBuffer())).id);
  }, 120_000);

  beforeEach(async () => {
    fake.reset();
    // Each test starts with the provider not rate limited.
    await generation.app.get(DataSource).query('DELETE FROM provider_pauses');
  });

  afterAll(async () => {
    if (!workerClosed) await worker?.app.close();
    await generation?.app.close();
    await fake?.close();
    await platform.stop();
  });

  const startJob = async (modelIds: number[], extra: object = {}): Promise<TryOnJob> =>
    (
      await request(generation.url)
        .post('/api/try-on/jobs')
        .auth(token, { type: 'bearer' })
        .send({ garmentId, modelIds, prompt: PROMPT, ...(placement ? { garmentCategory: 'product' } : {}), ...extra })
        .expect(201)
    ).body;
  const finished = (job: TryOnJob) => waitForJob(generation.url, token, job.id, (j) => j.status !== 'running', 60_000);
  const submissions = () => fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith(provider.submitPath));

  it('a 5-model job (PNG, JPEG, Display-P3 JPEG, EXIF-rotated JPEG, WebP) yields PNG results of each photo’s exact size, identical to the upload outside the feathered mask', async () => {
    const files = await uploads();
    const models: ModelPhotoRecord[] = [];
    for (const file of files) {
      const shown = await asShown(file.bytes);
      models.push(await seed.model(file.bytes, { filename: file.name, rect: paintedRect(shown) }));
    }
    const job = await finished(await startJob(models.map((m) => m.id)));
    expect(fake.violations).toEqual([]);
    expect(job.status).toBe('completed');
    expect(job.models.map((m) => [m.state, m.attempts, m.error])).toEqual(models.map(() => ['succeeded', 1, null]));
    for (const [i, model] of models.entries()) {
      // What made the result is kept with it and with its gallery image.
      const result = job.models[i].result!;
      const made = { provider: provider.name, providerLabel: provider.label, providerModel: provider.model, providerDurationMs: result.providerDurationMs, ...(provider.version ? { providerVersion: provider.version } : {}) };
      expect(result).toMatchObject({ ...made, providerDurationMs: expect.any(Number) });
      expect(result.savedImage!.metadata).toMatchObject(made);
      const png = await download(platform.media.url, job.models[i].result!.imageUrl);
      const meta = await sharp(png).metadata();
      const shown = await asShown(files[i].bytes);
      expect({ file: files[i].name, format: meta.format, size: [meta.width, meta.height] }).toEqual({ file: files[i].name, format: 'png', size: [shown.width, shown.height] });
      expect({ file: files[i].name, changed: await changedOutsideMask(png, files[i].bytes, model, paintedRect(shown)) }).toEqual({ file: files[i].name, changed: 0 });
      // The provider's answer shows inside the painted area.
      const rect = paintedRect(shown);
      const centre = await sharp(png).extract({ left: rect.left + rect.width / 2, top: rect.top + rect.height / 2, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
      expect([...centre].every((v, c) => Math.abs(v - colour[c]) <= 2)).toBe(true);
    }
    provider.carried?.(fake);
  }, 120_000);

  if (placement) {
    it('a safety refusal fails the model at once, with the §8 processing error saying why', async () => {
      fake.scenario = 'refused';
      const job = await finished(await startJob([plainModels[0]]));
      expect(job.status).toBe('failed');
      expect(job.models[0]).toMatchObject({ state: 'failed', attempts: 1, result: null, error: { code: 'VTON_PROCESSING_ERROR', message: provider.messages.refused } });
      expect(submissions()).toHaveLength(1);
    });

    it('a 429 once is waited out: the model runs again after the Retry-After and succeeds', async () => {
      fake.retryAfterSeconds = 1;
      fake.upcoming.push('rate-limited');
      const job = await finished(await startJob([plainModels[0]]));
      expect(job.models[0]).toMatchObject({ state: 'succeeded', attempts: 2, error: null, result: { provider: provider.name } });
      expect(submissions()).toHaveLength(2);
    });

    it('a 429 that names no wait pauses the engine for VTON_RETRY_DELAY_SECONDS: the model runs again and succeeds', async () => {
      fake.retryAfterSeconds = null;
      fake.upcoming.push('rate-limited');
      const job = await finished(await startJob([plainModels[0]]));
      expect(job.models[0]).toMatchObject({ state: 'succeeded', attempts: 2, error: null, result: { provider: provider.name } });
      expect(submissions()).toHaveLength(2);
      // The fleet held back for the worker's own pause (VTON_RETRY_DELAY_SECONDS, 1 s in these tests: helpers.ts), both ends written by Postgres in one statement.
      const [pause] = await generation.app.get(DataSource).query(
        `SELECT extract(epoch FROM paused_until - updated_at) * 1000 AS ms, reason FROM provider_pauses WHERE provider = $1`,
        [provider.name],
      );
      expect({ ms: Number(pause.ms), reason: pause.reason }).toEqual({ ms: 1000, reason: provider.messages['rate-limited'] });
    });

    it('a garment job on the same API and worker still goes to the try-on provider', async () => {
      const job = await finished(await startJob([plainModels[0]], { garmentCategory: 'upper_body' }));
      expect(job.models[0]).toMatchObject({ state: 'succeeded', result: { provider: 'local' } });
      expect(submissions()).toHaveLength(0);
    });
  }

  it('waits while the prediction is queued, then completes', async () => {
    fake.scenario = 'queued';
    fake.queuedPolls = 3;
    const job = await finished(await startJob([plainModels[0]]));
    expect(job.models[0]).toMatchObject({ state: 'succeeded', attempts: 1, error: null });
    expect(fake.violations).toEqual([]);
  });

  it.each([
    ['bad-request', 400],
    ['unauthorized', 401],
  ] as const)('fails a model at once on a %s (%s), with VTON_API_ERROR and the provider’s message', async (scenario, _status) => {
    fake.scenario = scenario;
    const job = await finished(await startJob([plainModels[0]]));
    expect(job.status).toBe('failed');
    expect(job.models[0]).toMatchObject({ state: 'failed', attempts: 1, result: null, error: { code: 'VTON_API_ERROR', message: provider.messages[scenario] } });
    expect(submissions()).toHaveLength(1);
  });

  it('runs a model again after a 500, up to VTON_MAX_ATTEMPTS, then shows VTON_API_ERROR', async () => {
    fake.scenario = 'server-error';
    const job = await startJob([plainModels[0]]);
    const events = await readJobEvents(`${generation.url}/api/try-on/jobs/${job.id}/events?access_token=${token}`, (j) => j.status !== 'running', 60_000);
    const last = events[events.length - 1];
    expect(last.models[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, error: { code: 'VTON_API_ERROR', message: provider.messages['server-error'] } });
    expect(statesOf(events, plainModels[0])).toContain('requeued');
  }, 60_000);

  it('gives up on a provider that answers slower than VTON_TIMEOUT_MS, after VTON_MAX_ATTEMPTS, with VTON_PROCESSING_ERROR', async () => {
    // A worker of its own with a short VTON_TIMEOUT_MS, in place of the shared one (whose timeout is generous).
    await worker.app.close();
    const impatient = await platform.worker({ ...env, VTON_TIMEOUT_MS: String(SLOW_TIMEOUT_MS), VTON_RETRY_DELAY_SECONDS: '1' });
    try {
      fake.scenario = 'slow';
      const job = await finished(await startJob([plainModels[0]]));
      expect(job.models[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, error: { code: 'VTON_PROCESSING_ERROR', message: provider.messages.slow } });
    } finally {
      await impatient.app.close();
      worker = await platform.worker(env);
    }
  }, 60_000);

  it('fails a model at once on a garbage body, with VTON_PROCESSING_ERROR', async () => {
    fake.scenario = 'garbage';
    const job = await finished(await startJob([plainModels[0]]));
    expect(job.models[0]).toMatchObject({ state: 'failed', attempts: 1, error: { code: 'VTON_PROCESSING_ERROR', message: provider.messages.garbage } });
  });

  it('pauses the provider for its 429’s Retry-After and runs the model again; still limited at the last attempt, it shows VTON_API_ERROR 429', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 2;
    const job = await finished(await startJob([plainModels[0]]));
    expect(job.models[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, error: { code: 'VTON_API_ERROR', message: provider.messages['rate-limited'] } });
    expect(submissions()).toHaveLength(MAX_ATTEMPTS);
    // The pause the fleet honours is the Retry-After the provider named (both ends written by Postgres in one statement).
    const [pause] = await generation.app.get(DataSource).query(
      `SELECT extract(epoch FROM paused_until - updated_at) * 1000 AS ms, reason FROM provider_pauses WHERE provider = $1`,
      [provider.name],
    );
    expect({ ms: Number(pause.ms), reason: pause.reason }).toEqual({ ms: 2000, reason: provider.messages['rate-limited'] });
  });

  it('keeps the results of a partly failed job', async () => {
    fake.upcoming.push('success', 'bad-request');
    const job = await finished(await startJob(plainModels));
    expect(job.status).toBe('completed');
    const states = job.models.map((m) => m.state).sort();
    expect(states).toEqual(['failed', 'succeeded']);
    const failed = job.models.find((m) => m.state === 'failed')!;
    const succeeded = job.models.find((m) => m.state === 'succeeded')!;
    expect(failed.error).toEqual({ code: 'VTON_API_ERROR', message: provider.messages['bad-request'] });
    expect(succeeded.result!.savedImage).toMatchObject({ modelId: succeeded.modelId });
  });

  if (provider.name === 'fashn' || provider.name === 'fal') {
    it('passes the garment category in the provider’s words', async () => {
      const job = await finished(await startJob([plainModels[0]], { garmentCategory: 'lower_body' }));
      expect(job).toMatchObject({ status: 'completed', garmentCategory: 'lower_body' });
      const body = JSON.parse(submissions()[0].body.toString('utf8'));
      if (provider.name === 'fashn') expect(body.inputs.category).toBe('bottoms');
      else expect(body.garment_type).toBe('lower_body');
    });
  }

  if (provider.name === 'fashn') {
    it('an account out of credits (429 OutOfCredits) fails the model at once, pauses nothing, and tells the operator in the log and in /metrics', async () => {
      // A worker process in place of the shared one: its log lines and its /metrics are what the operator reads.
      await worker.app.close();
      const own = await platform.spawnWorker(env, 'fashn-out-of-credits');
      try {
        fake.scenario = 'rate-limited';
        (fake as FashnFake).rateLimitAs = 'OutOfCredits';
        const job = await finished(await startJob([plainModels[0]]));
        const message = api('429 Too Many Requests', 'OutOfCredits: Your account is out of API credits (the FASHN account is out of credits)');
        expect(job.models[0]).toMatchObject({ state: 'failed', attempts: 1, result: null, error: { code: 'VTON_API_ERROR', message } });
        expect(submissions()).toHaveLength(1);
        // Not a rate limit: FASHN is not paused (garment jobs go on as soon as the account is topped up).
        expect(await generation.app.get(DataSource).query('SELECT provider FROM provider_pauses')).toEqual([]);
        const metrics = await own.metrics();
        expect(metrics.value('generation_provider_out_of_credits_total', { provider: 'fashn' })).toBe(1);
        expect(metrics.value('generation_model_failures_total', { code: 'VTON_API_ERROR', final: 'true' })).toBe(1);
        const logged = own.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
        // pino's level 50: an error.
        expect(logged.filter((l) => l.level === 50 && l.provider === 'fashn').map((l) => l.msg)).toEqual([
          `The FASHN account is out of credits: its models fail until it is topped up (${message})`,
        ]);
      } finally {
        await own.kill('SIGTERM');
        worker = await platform.worker(env);
      }
    }, 90_000);
  }

  // Last: it replaces the worker with two whose fleet limit is one model at a time.
  it('a 429 pauses the provider for the whole fleet: no worker sends anything until the Retry-After has passed', async () => {
    await worker.app.close();
    workerClosed = true;
    const fleetEnv = { ...env, VTON_MAX_ATTEMPTS: '3', VTON_CONCURRENCY: '1', PLACEMENT_CONCURRENCY: '1' };
    const fleet = [await platform.worker(fleetEnv), await platform.worker(fleetEnv)];
    // How often each worker looked for work and was held back by the pause (a pass-through count of its claims).
    const heldBack = fleet.map((w) => {
      const queue = w.app.get(JobQueue);
      const claim = queue.claim.bind(queue);
      const count = { times: 0 };
      queue.claim = (async (...args: Parameters<typeof claim>) => {
        const answer = await claim(...args);
        if (answer && 'pausedMs' in answer) count.times++;
        return answer;
      }) as typeof queue.claim;
      return count;
    });
    try {
      // The first call is rate limited for an hour (the pause is capped at 10 minutes); the rest would succeed.
      fake.retryAfterSeconds = 3600;
      fake.upcoming.push('rate-limited');
      const job = await startJob(plainModels);
      const database = generation.app.get(DataSource);
      const paused = async () => (await database.query(`SELECT paused_until > now() AS paused FROM provider_pauses WHERE provider = $1`, [provider.name]))[0]?.paused === true;
      await until(paused, 'the provider is paused');
      // The rate-limited model is given back: the fleet's one slot is free for any worker that would not honour the pause.
      const waiting = await waitForJob(generation.url, token, job.id, (j) => j.models.some((m) => m.state === 'requeued'));
      expect(waiting.status).toBe('running');
      expect(waiting.models.map((m) => m.state).sort()).toEqual(['queued', 'requeued']);
      // SQL: pg-boss's own table, the one place that says the model's unit of work is no longer held.
      const slotsTaken = async () => (await database.query(`SELECT count(*)::int AS active FROM job WHERE name = $1 AND state = 'active'`, [MODEL_QUEUE]))[0].active;
      await until(async () => (await slotsTaken()) === 0, 'the rate-limited model is given back');
      // Both workers look for work again and are held back, twice each: a worker claims one claim after another, so
      // the second of two that end from here on began after the slot was freed.
      const before = heldBack.map((h) => h.times);
      await database.query(`SELECT pg_notify($1, '')`, [`${platform.schema}.work`]);
      await until(() => heldBack.every((h, i) => h.times >= before[i] + 2), 'both workers looked for work twice more and were held back by the pause');
      expect(fake.submissions).toHaveLength(1);
      expect((await waitForJob(generation.url, token, job.id, () => true)).models.map((m) => m.state).sort()).toEqual(['queued', 'requeued']);

      // The Retry-After passes (here: made to pass now): the fleet sends the models again.
      await database.query(`UPDATE provider_pauses SET paused_until = now() WHERE provider = $1`, [provider.name]);
      await database.query(`SELECT pg_notify($1, '')`, [`${platform.schema}.work`]);
      const done = await finished(job);
      expect(done.status).toBe('completed');
      expect(done.models.map((m) => [m.state, m.attempts]).sort()).toEqual([
        ['succeeded', 1],
        ['succeeded', 2],
      ]);
    } finally {
      for (const w of fleet) await w.app.close();
    }
  }, 60_000);
});
