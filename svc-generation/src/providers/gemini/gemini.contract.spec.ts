import sharp from 'sharp';
import { googleAuthFor } from '../vertex/google-credentials.js';
import { GeminiProvider, type GeminiSettings } from './gemini.provider.js';
import { startGeminiFake, type GeminiFake } from './gemini.fake.js';
import { failedCall, PRODUCT_PROMPT, sampleInput } from '../../../test/providers/provider-inputs.js';
import { itFailsAs, itGivesUpAtTheTimeout, itRefusesAWrongKey, itStopsWhenTheCallerCancels, type ContractSubject } from '../../../test/providers/contract-spec-kit.js';

const KEY = 'gm-test-key-0123456789';
const MODEL = 'gemini-3.1-flash-image';

describe('Gemini placement engine (@google/genai) against a fake written from Google’s docs', () => {
  let fake: GeminiFake;
  const common = () => ({ model: MODEL, baseUrl: fake.url, timeoutMs: 20_000, maxResponseBytes: 50 * 1024 * 1024 });
  const geminiApi = (overrides: Partial<GeminiSettings> = {}) => new GeminiProvider({ ...common(), backend: 'gemini-api', apiKey: KEY, ...overrides } as GeminiSettings);
  const vertex = () => new GeminiProvider({ ...common(), backend: 'vertex', auth: googleAuthFor(fake.credentialsFile), location: 'global' });
  const throughGeminiApi: ContractSubject<GeminiSettings> = { fake: () => fake, provider: geminiApi, category: 'product' };

  beforeAll(async () => {
    fake = await startGeminiFake(KEY);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  afterEach(() => fake.asked.splice(0));

  it.each([
    ['the Gemini API with GEMINI_API_KEY', () => geminiApi(), 'gemini-api'],
    ['Vertex AI with the service account (its token endpoint)', () => vertex(), 'vertex'],
  ] as const)('through %s: scene, product and mask inline with the instruction and the seller’s prompt, in the nearest aspect ratio', async (_path, make, backend) => {
    const gemini = make();
    const input = await sampleInput(gemini, 'product');
    const output = await gemini.tryOn(input);
    expect(fake.violations).toEqual([]);
    expect(output).toMatchObject({ provider: 'gemini', model: MODEL, version: MODEL });
    const scene = await sharp(input.person).metadata();
    // Placement frames go as JPEG (a sixth to a tenth of a PNG's bytes); the fake refuses one sent under another type.
    expect(scene.format).toBe('jpeg');
    const [asked] = fake.asked;
    expect(asked.backend).toBe(backend);
    expect(asked.model).toBe(MODEL);
    // The scene (the frame), the product (the cropped photo) and the mask (the frame's size).
    expect(asked.images).toEqual([
      { width: scene.width, height: scene.height },
      { width: 960, height: 960 },
      { width: scene.width, height: scene.height },
    ]);
    expect(asked.text).toContain('Place the product from the second image into the first image, inside the region that the third image marks in white.');
    expect(asked.text).toContain(`The seller's direction: ${PRODUCT_PROMPT}`);
    // The sample's region is 600×600 with half as much again around it: 1:1, 1200 px → 2K.
    expect([asked.aspectRatio, asked.imageSize]).toEqual(['1:1', '2K']);
    const answer = await sharp(output.image).metadata();
    expect([answer.format, answer.width, answer.height]).toEqual(['png', 2048, 2048]);
  });

  // Each scenario of the fake, and exactly the model failure the adapter must turn it into.
  itFailsAs(
    throughGeminiApi,
    [
    ['reports a 400 as VTON_API_ERROR with Google’s status and message, not retryable', 'bad-request', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 400 Bad Request. INVALID_ARGUMENT: Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        retryable: false,
        status: 400,
        retryAfterMs: undefined,
      }],
    ['fails the model with the §8 processing error saying the engine refused for safety, not retried', 'refused', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: Google Gemini refused to place the product for safety reasons (IMAGE_SAFETY)',
        retryable: false,
        status: undefined,
        retryAfterMs: undefined,
      }],
    ],
    'exactly',
  );

  itRefusesAWrongKey(
    throughGeminiApi,
    'reports a wrong key as Google does (400 API key not valid) and never puts the key in the message',
    { apiKey: 'gm-wrong-key-987654321' } as Partial<GeminiSettings>,
    'gm-wrong-key',
    { code: 'VTON_API_ERROR', message: 'VTON API request failed: 400 Bad Request. INVALID_ARGUMENT: API key not valid. Please pass a valid API key.', retryable: false },
  );

  it('reports a 401 as VTON_API_ERROR, not retryable', async () => {
    fake.scenario = 'unauthorized';
    expect(await failedCall(vertex(), 'product')).toMatchObject({
      code: 'VTON_API_ERROR',
      message:
        'VTON API request failed: 401 Unauthorized. UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      retryable: false,
      status: 401,
    });
  });

  it('surfaces a 429 with the wait Google names (RetryInfo) so the fleet pauses for it', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 7;
    expect(await failedCall(geminiApi(), 'product')).toEqual({
      code: 'VTON_API_ERROR',
      message: `VTON API request failed: 429 Too Many Requests. RESOURCE_EXHAUSTED: Resource has been exhausted (e.g. check quota). Quota exceeded for metric: generate_content_requests, model: ${MODEL}`,
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
    });
  });

  it.each([
    // Google writes RetryInfo's retryDelay as a protobuf Duration, in fractional seconds as often as not.
    ['a fractional RetryInfo delay to the millisecond', 45.837906927, 45_838],
    // A 429 without RetryInfo names no wait: the worker pauses the engine for VTON_RETRY_DELAY_SECONDS instead.
    ['no wait when the 429 carries no RetryInfo (Gemini sends no Retry-After header either)', null, undefined],
  ])('a 429 is retryable, with %s', async (_title, seconds, retryAfterMs) => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = seconds;
    expect(await failedCall(geminiApi(), 'product')).toMatchObject({ code: 'VTON_API_ERROR', status: 429, retryable: true, retryAfterMs });
  });

  // Each scenario of the fake, and the model failure the adapter must turn it into.
  itFailsAs(throughGeminiApi, [
    ['reports a 500 as a retryable VTON_API_ERROR', 'server-error', { code: 'VTON_API_ERROR', status: 500, retryable: true }],
    ['reports a garbage body as VTON_PROCESSING_ERROR, not retryable', 'garbage', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: Google Gemini answered with a body that is not JSON',
        retryable: false,
      }],
  ]);

  itGivesUpAtTheTimeout(throughGeminiApi, 'gives up when Gemini does not answer within the timeout', 'Google Gemini', { timeoutMs: 300 });

  itStopsWhenTheCallerCancels(throughGeminiApi);
});
