import sharp from 'sharp';
import { BflProvider, type BflSettings } from './bfl.provider.js';
import { fluxOutputSize as outputSize } from '../placement-instruction.js';
import { startBflFake, type BflFake } from './bfl.fake.js';
import { failedCall, PRODUCT_PROMPT, sampleInput } from '../../../test/providers/provider-inputs.js';
import { itFailsAs, itGivesUpAtTheTimeout, itRefusesAWrongKey, itStopsWhenTheCallerCancels, type ContractSubject } from '../../../test/providers/contract-spec-kit.js';

const KEY = 'bfl-test-key-0123456789';

describe('Black Forest Labs placement engine (FLUX.2 REST) against a fake written from BFL’s docs', () => {
  let fake: BflFake;
  const provider = (overrides: Partial<BflSettings> = {}) =>
    new BflProvider({ apiKey: KEY, baseUrl: fake.url, model: 'flux-2-pro', timeoutMs: 20_000, pollIntervalMs: 10, maxResponseBytes: 50 * 1024 * 1024, ...overrides });
  const bflApi: ContractSubject<BflSettings> = { fake: () => fake, provider, category: 'product' };

  beforeAll(async () => {
    fake = await startBflFake(KEY);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.sampleTtlMs = 600_000;
  });
  afterEach(() => fake.asked.splice(0));

  it('submits scene, product and mask with the instruction at the frame’s size (multiples of 16, ≤ 4 MP), polls until Ready and downloads the sample', async () => {
    fake.scenario = 'queued';
    fake.queuedPolls = 2;
    const bfl = provider();
    const input = await sampleInput(bfl, 'product');
    const output = await bfl.tryOn(input);
    expect(fake.violations).toEqual([]);
    expect(output).toMatchObject({ provider: 'bfl', model: 'flux-2-pro' });
    const scene = await sharp(input.person).metadata();
    // Placement frames go as JPEG (a sixth to a tenth of a PNG's bytes).
    expect(scene.format).toBe('jpeg');
    const [asked] = fake.asked;
    expect(asked.images).toEqual([
      { field: 'input_image', width: scene.width, height: scene.height },
      { field: 'input_image_2', width: 960, height: 960 },
      { field: 'input_image_3', width: scene.width, height: scene.height },
    ]);
    // The 2048 square frame is more than 4 MP: scaled to 2000×2000 (4.0 MP), each side a multiple of 16.
    expect([asked.width, asked.height, asked.outputFormat]).toEqual([2000, 2000, 'png']);
    expect(asked.prompt).toContain('inside the region that the third image marks in white');
    expect(asked.prompt).toContain(`The seller's direction: ${PRODUCT_PROMPT}`);
    expect(fake.requestsTo('/v1/get_result')).toHaveLength(3);
    // The key goes to BFL's API and polling URL, never to the signed sample URL.
    expect(fake.requestsTo('/samples/').map((r) => r.headers['x-key'])).toEqual([undefined]);
    const answer = await sharp(output.image).metadata();
    expect([answer.format, answer.width, answer.height]).toEqual(['png', 2000, 2000]);
  });

  it('keeps any frame within 4 MP in multiples of 16', () => {
    expect(outputSize({ width: 1535, height: 1024 })).toEqual({ width: 1520, height: 1024 });
    expect(outputSize({ width: 2048, height: 2048 })).toEqual({ width: 2000, height: 2000 });
    expect(outputSize({ width: 40, height: 2000 })).toEqual({ width: 64, height: 2000 });
  });

  // Each scenario of the fake, and exactly the model failure the adapter must turn it into.
  itFailsAs(
    bflApi,
    [
    ['reports a 400 as VTON_API_ERROR with BFL’s detail, not retryable', 'bad-request', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 400 Bad Request. Could not decode input_image',
        retryable: false,
        status: 400,
        retryAfterMs: undefined,
      }],
    ['fails the model with the §8 processing error saying BFL refused for safety (Content Moderated), not retried', 'refused', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: Black Forest Labs refused to place the product for safety reasons (Content Moderated)',
        retryable: false,
        status: undefined,
        retryAfterMs: undefined,
      }],
    ],
    'exactly',
  );

  itRefusesAWrongKey(
    bflApi,
    'reports a key that is not valid as BFL does (403, its error table has no 401) and never puts the key in the message',
    { apiKey: 'bfl-wrong-key-987654321' },
    'bfl-wrong-key',
    { code: 'VTON_API_ERROR', message: 'VTON API request failed: 403 Forbidden. Not authenticated - Invalid Authentication', retryable: false, status: 403 },
  );

  it('surfaces a 429 with its Retry-After so the fleet pauses for it', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 7;
    expect(await failedCall(provider(), 'product')).toEqual({
      code: 'VTON_API_ERROR',
      message: 'VTON API request failed: 429 Too Many Requests. You have exceeded the number of active tasks (24). Please wait for some tasks to finish.',
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
    });
  });

  // Each scenario of the fake, and the model failure the adapter must turn it into.
  itFailsAs(bflApi, [
    ['reports a 500 as a retryable VTON_API_ERROR', 'server-error', { code: 'VTON_API_ERROR', message: 'VTON API request failed: 500 Internal Server Error. Internal Server Error', retryable: true }],
    ['reports a garbage body as VTON_PROCESSING_ERROR, not retryable', 'garbage', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: Black Forest Labs answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
        retryable: false,
      }],
  ]);

  itGivesUpAtTheTimeout(bflApi, 'gives up on a task that stays Pending past the timeout', 'Black Forest Labs', { timeoutMs: 300, pollIntervalMs: 20 });

  it('an expired sample URL is a processing error (the sample must be downloaded at once)', async () => {
    fake.sampleTtlMs = -1;
    expect(await failedCall(provider(), 'product')).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: downloading the image from Black Forest Labs failed with 403 Forbidden',
    });
  });

  it('never sends the key to a polling URL on another host', async () => {
    expect(await failedCall(provider({ baseUrl: fake.url.replace('127.0.0.1', 'localhost') }), 'product')).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: expect.stringMatching(/^Failed to process VTON request: Black Forest Labs answered with a polling URL on another host \(127\.0\.0\.1:\d+\); the key is not sent there$/),
    });
  });

  itStopsWhenTheCallerCancels(bflApi);
});
