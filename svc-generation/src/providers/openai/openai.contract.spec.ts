import sharp from 'sharp';
import { OpenAIProvider, type OpenAISettings } from './openai.provider.js';
import { startOpenAIFake, type OpenAIFake } from './openai.fake.js';
import { failedCall, PRODUCT_PROMPT, sampleInput } from '../../../test/providers/provider-inputs.js';
import { itFailsAs, itGivesUpAtTheTimeout, itRefusesAWrongKey, itStopsWhenTheCallerCancels, type ContractSubject } from '../../../test/providers/contract-spec-kit.js';

const KEY = 'sk-test-key-0123456789';

describe('OpenAI placement engine (openai SDK, images.edit) against a fake written from OpenAI’s API reference', () => {
  let fake: OpenAIFake;
  // The fake's day, for OpenAI's shutdown dates: each test that depends on it sets it.
  let today = new Date('2026-11-28T12:00:00Z');
  const provider = (overrides: Partial<OpenAISettings> = {}) =>
    new OpenAIProvider({ apiKey: KEY, baseUrl: fake.base, model: 'gpt-image-2.6-sunburst', timeoutMs: 20_000, maxResponseBytes: 50 * 1024 * 1024, ...overrides });
  const openaiApi: ContractSubject<OpenAISettings> = { fake: () => fake, provider, category: 'product' };

  beforeAll(async () => {
    fake = await startOpenAIFake(KEY, 0, () => today);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    today = new Date('2026-11-28T12:00:00Z');
  });
  afterEach(() => fake.asked.splice(0));

  it('edits the scene (first image) with the product (second) under the mask of the scene’s exact size, alpha 0 where the product goes', async () => {
    const openai = provider();
    const input = await sampleInput(openai, 'product');
    const output = await openai.tryOn(input);
    expect(fake.violations).toEqual([]);
    expect(output).toMatchObject({ provider: 'openai', model: 'gpt-image-2.6-sunburst' });
    const scene = await sharp(input.person).metadata();
    // Placement frames go as JPEG (a sixth to a tenth of a PNG's bytes); the mask stays a PNG with alpha.
    expect(scene.format).toBe('jpeg');
    const [asked] = fake.asked;
    expect(asked.images).toEqual([
      { width: scene.width, height: scene.height },
      { width: 960, height: 960 },
    ]);
    // The painted 400×400 of the 600×600 bounds, in a frame half as big again around them: the frame scaled to 1536.
    expect([asked.mask.width, asked.mask.height]).toEqual([scene.width, scene.height]);
    const white = (await sharp(input.mask).greyscale().raw().toBuffer()).filter((v) => v > 127).length;
    expect(Math.abs(asked.mask.transparent - white)).toBeLessThan(white * 0.01);
    // gpt-image-2.6-sunburst is sent without input_fidelity (the SDK: "For gpt-image-2, omit this parameter"; the fake refuses it).
    expect(asked.fields).toMatchObject({ model: 'gpt-image-2.6-sunburst', size: '1024x1024', output_format: 'png', n: '1' });
    expect(asked.fields.input_fidelity).toBeUndefined();
    expect(asked.prompt).toContain('Place the product from the second image into the first image, inside the masked region.');
    expect(asked.prompt).toContain(`The seller's direction: ${PRODUCT_PROMPT}`);
    const answer = await sharp(output.image).metadata();
    expect([answer.format, answer.width, answer.height]).toEqual(['png', 1024, 1024]);
  });

  it.each(['gpt-image-2', 'gpt-image-2.5-sunburst', 'gpt-image-2.6-flare'])('asks %s without input_fidelity (it refuses the parameter)', async (model) => {
    const openai = provider({ model });
    await openai.tryOn(await sampleInput(openai, 'product'));
    expect(fake.violations).toEqual([]);
    expect(fake.asked[0].fields.model).toBe(model);
    expect(fake.asked[0].fields.input_fidelity).toBeUndefined();
  });

  it('asks gpt-image-1.5 with input_fidelity high until OpenAI shuts it down (2026-12-01)', async () => {
    today = new Date('2026-11-30T23:59:59Z');
    const openai = provider({ model: 'gpt-image-1.5' });
    expect(await openai.tryOn(await sampleInput(openai, 'product'))).toMatchObject({ model: 'gpt-image-1.5' });
    expect(fake.asked[0].fields).toMatchObject({ model: 'gpt-image-1.5', input_fidelity: 'high' });
  });

  // OpenAI answers a model it has shut down as one that does not exist; the adapter passes that on, not retried.
  it.each([
    ['gpt-image-1.5', '2026-12-01T00:00:00Z'],
    ['gpt-image-1-mini', '2026-12-01T00:00:00Z'],
    ['gpt-image-1', '2026-11-28T12:00:00Z'],
    ['dall-e-3', '2026-11-28T12:00:00Z'],
  ])('reports %s, asked on %s (after its shutdown), as OpenAI’s 404 model_not_found', async (model, day) => {
    today = new Date(day);
    expect(await failedCall(provider({ model }), 'product')).toMatchObject({
      code: 'VTON_API_ERROR',
      message: `VTON API request failed: 404 Not Found. model_not_found: The model \`${model}\` does not exist or you do not have access to it.`,
      retryable: false,
      status: 404,
    });
  });

  // Each scenario of the fake, and exactly the model failure the adapter must turn it into.
  itFailsAs(
    openaiApi,
    [
    ['reports a 400 as VTON_API_ERROR with OpenAI’s code and message, not retryable', 'bad-request', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 400 Bad Request. invalid_image_file: Invalid image file or mode for image 1, please check your image file.',
        retryable: false,
        status: 400,
        retryAfterMs: undefined,
      }],
    ['fails the model with the §8 processing error saying OpenAI refused for safety (moderation_blocked), not retried', 'refused', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: OpenAI refused to place the product for safety reasons (moderation_blocked)',
        retryable: false,
        status: undefined,
        retryAfterMs: undefined,
      }],
    ],
    'exactly',
  );

  itRefusesAWrongKey(openaiApi, 'reports a wrong key as a 401 and never puts the key in the message', { apiKey: 'sk-wrong-key-987654321' }, 'sk-wrong-key', {
    code: 'VTON_API_ERROR',
    message: 'VTON API request failed: 401 Unauthorized. invalid_api_key: Incorrect API key provided: sk-proj-****. You can find your API key at https://platform.openai.com/account/api-keys.',
    retryable: false,
    status: 401,
  });

  it('surfaces a 429 with its Retry-After so the fleet pauses for it', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 7;
    expect(await failedCall(provider(), 'product')).toMatchObject({ code: 'VTON_API_ERROR', status: 429, retryable: true, retryAfterMs: 7000 });
  });

  // Each scenario of the fake, and the model failure the adapter must turn it into.
  itFailsAs(openaiApi, [
    ['reports a 500 as a retryable VTON_API_ERROR', 'server-error', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 500 Internal Server Error. The server had an error while processing your request. Sorry about that!',
        retryable: true,
      }],
    ['reports a garbage body as VTON_PROCESSING_ERROR, not retryable', 'garbage', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: OpenAI answered with a body that is not JSON',
        retryable: false,
      }],
  ]);

  itGivesUpAtTheTimeout(openaiApi, 'gives up when OpenAI does not answer within the timeout', 'OpenAI', { timeoutMs: 300 });

  itStopsWhenTheCallerCancels(openaiApi);
});
