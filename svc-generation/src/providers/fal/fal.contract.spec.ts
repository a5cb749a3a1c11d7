import sharp from 'sharp';
import { FalProvider, type FalSettings } from './fal.provider.js';
import { startFalFake, type FalFake } from './fal.fake.js';
import { failedCall, PRODUCT_PROMPT, sampleInput, settle } from '../../../test/providers/provider-inputs.js';
import { itFailsAs, itGivesUpAtTheTimeout, itRefusesAWrongKey, type ContractSubject } from '../../../test/providers/contract-spec-kit.js';

const KEY = 'fal-key-id:fal-key-secret-0123456789';

describe('fal.ai adapter (@fal-ai/client) against a fake of fal’s queue written from its docs', () => {
  let fake: FalFake;
  const provider = (overrides: Partial<FalSettings> = {}) =>
    new FalProvider({ key: KEY, model: 'fal-ai/leffa/virtual-tryon', role: 'try-on', queueUrl: fake.url, timeoutMs: 20_000, pollIntervalMs: 10, maxResponseBytes: 50 * 1024 * 1024, ...overrides });
  const falQueue: ContractSubject<FalSettings> = { fake: () => fake, provider };

  beforeAll(async () => {
    fake = await startFalFake(KEY);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const submitted = () => JSON.parse(fake.requests.find((r) => r.method === 'POST')!.body.toString('utf8'));

  it('submits to the queue with the Key header and data URIs, polls the status, and reads the inline result', async () => {
    const fal = provider();
    const output = await fal.tryOn(await sampleInput(fal, 'full_body'));
    expect(fake.violations).toEqual([]);
    expect(output).toMatchObject({ provider: 'fal', model: 'fal-ai/leffa/virtual-tryon' });
    const meta = await sharp(output.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 1024]);
    const submit = fake.requests.find((r) => r.method === 'POST')!;
    expect(submit.path).toBe('/fal-ai/leffa/virtual-tryon');
    expect(submit.headers.authorization).toBe(`Key ${KEY}`);
    expect(submitted()).toMatchObject({ garment_type: 'dresses', output_format: 'png', sync_mode: true });
    // The person as a JPEG under its own type (fal's image fields take either).
    expect(submitted().human_image_url).toMatch(/^data:image\/jpeg;base64,/);
    // Status and result are addressed without the model's sub-path, as fal's queue does.
    expect(fake.requests.some((r) => r.path.startsWith('/fal-ai/leffa/requests/') && r.path.includes('/status'))).toBe(true);
  });

  it.each([
    ['fal-ai/cat-vton', 'lower_body', { cloth_type: 'lower' }],
    ['fal-ai/kling/v1-5/kolors-virtual-try-on', 'upper_body', { sync_mode: true }],
  ] as const)('speaks %s’s inputs (category %s) and downloads a result given by URL', async (model, category, expected) => {
    const fal = provider({ model });
    const output = await fal.tryOn(await sampleInput(fal, category));
    expect(fake.violations).toEqual([]);
    expect(submitted()).toMatchObject(expected);
    expect((await sharp(output.image).metadata()).width).toBe(768);
  });

  it('waits while the request is IN_QUEUE and IN_PROGRESS', async () => {
    fake.scenario = 'queued';
    fake.queuedPolls = 3;
    const fal = provider();
    await fal.tryOn(await sampleInput(fal));
    expect(fake.requests.filter((r) => r.path.includes('/status'))).toHaveLength(4);
  });

  itFailsAs(
    falQueue,
    [
      ['reports a 400 with fal’s detail', 'bad-request', {
          code: 'VTON_API_ERROR',
          message: 'VTON API request failed: 400 Bad Request. Could not download the human image',
          retryable: false,
          status: 400,
          retryAfterMs: undefined,
        }],
    ],
    'exactly',
  );

  itRefusesAWrongKey(falQueue, 'reports a wrong key as a 401 without the key', { key: 'wrong-id:wrong-secret-98765' }, 'wrong-secret', {
    code: 'VTON_API_ERROR',
    message: 'VTON API request failed: 401 Unauthorized. Invalid Key Authorization header',
    status: 401,
    retryable: false,
  });

  it('surfaces a 429 at once with its Retry-After (the client does not retry it behind our back)', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 3;
    expect(await failedCall(provider())).toEqual({
      code: 'VTON_API_ERROR',
      message: 'VTON API request failed: 429 Too Many Requests. Rate limit exceeded',
      retryable: true,
      status: 429,
      retryAfterMs: 3000,
    });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  // Each scenario of the fake, and the model failure the adapter must turn it into.
  itFailsAs(falQueue, [
    ['reports a 500 when fetching the result', 'server-error', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 500 Internal Server Error. Internal Server Error',
        retryable: true,
        status: 500,
      }],
    ['reports a garbage status body as VTON_PROCESSING_ERROR', 'garbage', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: fal.ai answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
        retryable: false,
      }],
  ]);

  itGivesUpAtTheTimeout(falQueue, 'gives up when fal does not answer within the timeout', 'fal.ai', { timeoutMs: 300 });

  it('cancels a request still queued when the timeout passes', async () => {
    fake.scenario = 'queued';
    fake.queuedPolls = 1_000_000;
    // Long enough for the submit to be answered on a loaded machine: only a known request can be cancelled.
    expect(await failedCall(provider({ timeoutMs: 2000, pollIntervalMs: 20 }))).toMatchObject({ code: 'VTON_PROCESSING_ERROR', message: 'Failed to process VTON request: fal.ai did not finish within 2000 ms' });
    expect(await settle(() => fake.cancelled.length, 1)).toBe(1);
  });

  it('reports a request that failed in fal’s runner', async () => {
    fake.failWith('CUDA out of memory');
    expect(await failedCall(provider())).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: fal.ai could not make the try-on (CUDA out of memory)',
    });
  });

  it('runs FASHN’s model on fal with FASHN’s own field names (model_image, garment_image, category)', async () => {
    const fal = provider({ model: 'fal-ai/fashn/tryon/v1.6' });
    const output = await fal.tryOn(await sampleInput(fal, 'lower_body'));
    expect(fake.violations).toEqual([]);
    expect(fake.asked[fake.asked.length - 1].input).toMatchObject({ category: 'bottoms', output_format: 'png', sync_mode: true });
    expect(fake.asked[fake.asked.length - 1].input.model_image).toMatch(/^data:image\/jpeg;base64,/);
    expect((await sharp(output.image).metadata()).width).toBe(864);
  });

  it('the result fetch keeps a 429’s Retry-After (the fleet pauses for it)', async () => {
    fake.resultRateLimited = true;
    fake.retryAfterSeconds = 9;
    expect(await failedCall(provider())).toMatchObject({ code: 'VTON_API_ERROR', status: 429, retryable: true, retryAfterMs: 9000 });
  });

  it('a result answer larger than it reads (an inline image over VTON_MAX_RESPONSE_BYTES) fails the model with the §8 processing error, not retried', async () => {
    // 1 MB of image at most: the result's JSON is read up to 1.4 MB (the image as base64, and the fields around it).
    fake.resultImageBytes = 2 * 1024 * 1024;
    expect(await failedCall(provider({ maxResponseBytes: 1024 * 1024 }))).toStrictEqual({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: fal.ai answered with a response larger than 1.4 MB',
      retryable: false,
      status: undefined,
      retryAfterMs: undefined,
      outOfCredits: undefined,
    });
    // The status said COMPLETED; only the result was too large.
    expect(fake.requests.filter((r) => /\/requests\/[^/]+$/.test(r.path) && r.method === 'GET')).toHaveLength(1);
  });

  it('the same result is read whole when VTON_MAX_RESPONSE_BYTES is above its image’s size', async () => {
    fake.resultImageBytes = 2 * 1024 * 1024;
    const fal = provider({ maxResponseBytes: 2 * 1024 * 1024 });
    expect((await fal.tryOn(await sampleInput(fal))).image.length).toBe(2 * 1024 * 1024);
  });

  describe('as the placement engine (FAL_PLACEMENT_MODEL)', () => {
    const placement = (model: string) => provider({ model, role: 'placement' });

    it.each([
      ['fal-ai/nano-banana-2/edit', { aspect_ratio: '1:1', resolution: '2K', output_format: 'png', num_images: 1, sync_mode: true }, 2048],
      ['fal-ai/flux-2-pro/edit', { image_size: { width: 2000, height: 2000 }, output_format: 'png', sync_mode: true }, 2000],
    ])('%s: image_urls (scene, product, mask) and the instruction with the seller’s prompt, in the model’s own size fields', async (model, fields, side) => {
      const fal = placement(model);
      const output = await fal.tryOn(await sampleInput(fal, 'product'));
      expect(fake.violations).toEqual([]);
      expect(output).toMatchObject({ provider: 'fal', model });
      const { input } = fake.asked[fake.asked.length - 1];
      expect(input).toMatchObject(fields);
      expect(input.image_urls).toHaveLength(3);
      // The scene as JPEG (a sixth to a tenth of a PNG's bytes) under its own type, the product and the mask as PNG.
      expect((input.image_urls as string[]).map((uri) => uri.slice(0, uri.indexOf(';')))).toEqual(['data:image/jpeg', 'data:image/png', 'data:image/png']);
      expect(input.prompt).toContain(`The seller's direction: ${PRODUCT_PROMPT}`);
      const answer = await sharp(output.image).metadata();
      expect([answer.width, answer.height]).toEqual([side, side]);
    });

    it('a request fal’s content checker flagged fails with the §8 processing error saying it was refused for safety', async () => {
      fake.scenario = 'refused';
      expect(await failedCall(placement('fal-ai/nano-banana-2/edit'), 'product')).toMatchObject({
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: fal.ai refused to place the product for safety reasons (content_policy_violation)',
        retryable: false,
      });
    });
  });
});
