import sharp from 'sharp';
import { FashnProvider, type FashnSettings } from './fashn.provider.js';
import { startFashnFake, type FashnFake } from './fashn.fake.js';
import { failedCall, sampleInput } from '../../../test/providers/provider-inputs.js';
import { itFailsAs, itGivesUpAtTheTimeout, itRefusesAWrongKey, itStopsWhenTheCallerCancels, type ContractSubject } from '../../../test/providers/contract-spec-kit.js';

const KEY = 'fa-test-key-0123456789';

describe('FASHN adapter against a fake written from FASHN’s docs', () => {
  let fake: FashnFake;
  const provider = (overrides: Partial<FashnSettings> = {}) =>
    new FashnProvider({ apiKey: KEY, baseUrl: fake.base, model: 'tryon-v1.6', mode: 'quality', timeoutMs: 20_000, pollIntervalMs: 10, maxResponseBytes: 50 * 1024 * 1024, ...overrides });
  const fashnApi: ContractSubject<FashnSettings> = { fake: () => fake, provider };

  beforeAll(async () => {
    fake = await startFashnFake(KEY);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('runs the prediction with base64 inputs and FASHN’s category, polls its status and returns the 864×1296 PNG', async () => {
    const fashn = provider();
    const output = await fashn.tryOn(await sampleInput(fashn, 'lower_body'));
    expect(fake.violations).toEqual([]);
    expect(output).toMatchObject({ provider: 'fashn', model: 'tryon-v1.6' });
    expect(output.durationMs).toBeGreaterThanOrEqual(0);
    const meta = await sharp(output.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 864, 1296]);

    const run = fake.requestsTo('/v1/run')[0];
    expect(run.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = JSON.parse(run.body.toString('utf8'));
    expect(body.model_name).toBe('tryon-v1.6');
    expect(body.inputs).toMatchObject({ category: 'bottoms', mode: 'quality', output_format: 'png', return_base64: true });
    // Sent as FASHN recommends: JPEG at about quality 95, at most 2000 px.
    expect(body.inputs.model_image).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.inputs.garment_image).toMatch(/^data:image\/jpeg;base64,/);
    // The person is sent at FASHN's own processing size.
    const person = await sharp(Buffer.from(body.inputs.model_image.split(',')[1], 'base64')).metadata();
    expect([person.width, person.height]).toEqual([864, 1296]);
  });

  it.each([
    ['upper_body', 'tops'],
    ['full_body', 'one-pieces'],
  ] as const)('passes the %s category as %s', async (category, expected) => {
    const fashn = provider();
    await fashn.tryOn(await sampleInput(fashn, category));
    expect(JSON.parse(fake.requestsTo('/v1/run')[0].body.toString('utf8')).inputs.category).toBe(expected);
  });

  it('waits while the prediction is queued and processing, then returns it', async () => {
    fake.scenario = 'queued';
    fake.queuedPolls = 3;
    const fashn = provider();
    const output = await fashn.tryOn(await sampleInput(fashn));
    expect((await sharp(output.image).metadata()).width).toBe(864);
    expect(fake.requestsTo('/v1/status/')).toHaveLength(4);
    expect(fake.violations).toEqual([]);
  });

  itFailsAs(
    fashnApi,
    [
      ['reports a 400 as VTON_API_ERROR with FASHN’s error and message, not retryable', 'bad-request', {
          code: 'VTON_API_ERROR',
          message: 'VTON API request failed: 400 Bad Request. BadRequest: inputs.model_image: could not load the image',
          retryable: false,
          status: 400,
          retryAfterMs: undefined,
        }],
    ],
    'exactly',
  );

  itRefusesAWrongKey(fashnApi, 'reports a wrong key as a 401 and never puts the key in the message', { apiKey: 'fa-wrong-key-987654321' }, 'fa-wrong-key', {
    code: 'VTON_API_ERROR',
    message: 'VTON API request failed: 401 Unauthorized. UnauthorizedAccess: Unauthorized: Invalid token',
    retryable: false,
    status: 401,
  });

  it('surfaces a 429 with its Retry-After so the caller can wait it out', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 7;
    expect(await failedCall(provider())).toEqual({
      code: 'VTON_API_ERROR',
      message: 'VTON API request failed: 429 Too Many Requests. RateLimitExceeded: Too many requests in the window',
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
    });
  });

  // Each scenario of the fake, and the model failure the adapter must turn it into.
  itFailsAs(fashnApi, [
    ['reports a 500 as a retryable VTON_API_ERROR', 'server-error', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 500 Internal Server Error. InternalServerError: Internal server error',
        retryable: true,
        status: 500,
      }],
    ['reports a garbage body as VTON_PROCESSING_ERROR, not retryable', 'garbage', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: FASHN answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
        retryable: false,
      }],
  ]);

  itGivesUpAtTheTimeout(fashnApi, 'gives up when FASHN does not answer within the timeout', 'FASHN', { timeoutMs: 300 });

  it('gives up on a prediction that stays queued past the timeout', async () => {
    fake.scenario = 'queued';
    fake.queuedPolls = 1_000_000;
    expect(await failedCall(provider({ timeoutMs: 300, pollIntervalMs: 20 }))).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: FASHN did not finish within 300 ms',
    });
  });

  it('reports a prediction that failed at run time with FASHN’s error name and message', async () => {
    fake.failWith({ name: 'PoseError', message: 'Unable to detect body pose in the model image' });
    expect(await failedCall(provider())).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: FASHN could not make the try-on (PoseError: Unable to detect body pose in the model image)',
      retryable: false,
    });
  });

  itStopsWhenTheCallerCancels(fashnApi);

  it.each([
    // An OutOfCreditsError: the worker then pauses nothing (it is no rate limit), logs it as an error and counts it (provider-jobs.e2e-spec).
    ['a 429 OutOfCredits is not retried: the model fails saying the FASHN account is out of credits', 'OutOfCredits', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 429 Too Many Requests. OutOfCredits: Your account is out of API credits (the FASHN account is out of credits)',
        retryable: false,
        status: 429,
        retryAfterMs: undefined,
        outOfCredits: true,
      }],
    ['a 429 ConcurrencyLimitExceeded is retried', 'ConcurrencyLimitExceeded', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 429 Too Many Requests. ConcurrencyLimitExceeded: Too many concurrent requests for your plan',
        status: 429,
        retryable: true,
        retryAfterMs: 7000,
        outOfCredits: undefined,
      }],
  ] as const)('%s', async (_title, rateLimitAs, failure) => {
    fake.scenario = 'rate-limited';
    fake.rateLimitAs = rateLimitAs;
    expect(await failedCall(provider())).toStrictEqual(failure);
  });

  it.each([
    ['3rdPartyProviderError', true],
    ['InternalServerError', true],
    ['ThirdPartyError', false],
    ['ImageLoadError', false],
  ] as const)('a prediction failing with %s is retried: %s (as FASHN’s SDK does)', async (name, retryable) => {
    fake.failWith({ name, message: 'failed' });
    expect(await failedCall(provider())).toMatchObject({ code: 'VTON_PROCESSING_ERROR', retryable });
  });

  it('FASHN_MODEL=tryon-max sends the garment as product_image, without a category', async () => {
    const fashn = provider({ model: 'tryon-max', mode: undefined });
    await fashn.tryOn(await sampleInput(fashn, 'lower_body'));
    expect(fake.violations).toEqual([]);
    const body = JSON.parse(fake.requestsTo('/v1/run')[0].body.toString('utf8'));
    expect(body.model_name).toBe('tryon-max');
    expect(body.inputs.product_image).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.inputs.category).toBeUndefined();
    expect(body.inputs.garment_image).toBeUndefined();
  });
});
