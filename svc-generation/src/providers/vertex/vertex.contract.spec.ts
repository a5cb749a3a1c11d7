import sharp from 'sharp';
import { googleAuthFor } from './google-credentials.js';
import { VertexProvider, type VertexSettings } from './vertex.provider.js';
import { startVertexFake, type VertexFake } from './vertex.fake.js';
import { failedCall, sampleInput } from '../../../test/providers/provider-inputs.js';
import { itFailsAs, itGivesUpAtTheTimeout, type ContractSubject } from '../../../test/providers/contract-spec-kit.js';

describe('Vertex AI adapter against a fake written from Google’s docs (token endpoint at the credentials’ token_uri)', () => {
  let fake: VertexFake;
  const provider = (overrides: Partial<VertexSettings> = {}) =>
    new VertexProvider({
      auth: googleAuthFor(fake.credentialsFile),
      location: 'us-central1',
      baseUrl: fake.url,
      model: 'virtual-try-on-001',
      timeoutMs: 20_000,
      maxResponseBytes: 50 * 1024 * 1024,
      ...overrides,
    });
  const vertexApi: ContractSubject<VertexSettings> = { fake: () => fake, provider };

  beforeAll(async () => {
    fake = await startVertexFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('gets a token from the file’s token_uri with a signed JWT grant, predicts, and returns an image of the input’s size', async () => {
    const vertex = provider();
    const input = await sampleInput(vertex);
    const output = await vertex.tryOn(input);
    expect(fake.violations).toEqual([]);
    expect(output).toMatchObject({ provider: 'vertex', model: 'virtual-try-on-001', version: '1' });
    const sent = await sharp(input.person).metadata();
    const got = await sharp(output.image).metadata();
    expect([got.format, got.width, got.height]).toEqual(['png', sent.width, sent.height]);

    const tokenRequest = fake.requestsTo('/token')[0];
    expect(new URLSearchParams(tokenRequest.body.toString()).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const predict = fake.requestsTo('/v1/projects/')[0];
    // The project comes from the credentials file when GOOGLE_CLOUD_PROJECT is unset.
    expect(predict.path).toBe(`/v1/projects/${fake.project}/locations/us-central1/publishers/google/models/virtual-try-on-001:predict`);
    expect(predict.headers.authorization).toMatch(/^Bearer ya29\.fake-/);
    const body = JSON.parse(predict.body.toString('utf8'));
    expect(body.parameters).toEqual({ sampleCount: 1, outputOptions: { mimeType: 'image/png' } });
    expect(body.instances[0].productImages).toHaveLength(1);
    // The person as a JPEG (Vertex documents PNG and JPEG).
    const person = Buffer.from(body.instances[0].personImage.image.bytesBase64Encoded, 'base64');
    expect((await sharp(person).metadata()).format).toBe('jpeg');
  });

  it('reuses its access token across calls', async () => {
    const vertex = provider();
    const before = fake.tokensIssued;
    await vertex.tryOn(await sampleInput(vertex));
    await vertex.tryOn(await sampleInput(vertex));
    expect(fake.tokensIssued - before).toBe(1);
  });

  it('keeps the person image within the documented 10 MB and never upscales it', async () => {
    const vertex = provider();
    const input = await sampleInput(vertex);
    const meta = await sharp(input.person).metadata();
    expect(input.person.length).toBeLessThanOrEqual(vertex.limits.maxImageBytes);
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1536);
  });

  it('answers after a while (Google held the call), within the timeout', async () => {
    fake.scenario = 'queued';
    const vertex = provider();
    const output = await vertex.tryOn(await sampleInput(vertex));
    expect((await sharp(output.image).metadata()).format).toBe('png');
  });

  itFailsAs(
    vertexApi,
    [
      ['reports a 400 with Google’s status and message', 'bad-request', {
          code: 'VTON_API_ERROR',
          message: 'VTON API request failed: 400 Bad Request. INVALID_ARGUMENT: Image editing failed with the following error: No person detected in the person image.',
          retryable: false,
          status: 400,
          retryAfterMs: undefined,
        }],
    ],
    'exactly',
  );

  // Each scenario of the fake, and the model failure the adapter must turn it into.
  itFailsAs(vertexApi, [
    ['reports a 401 from predict', 'unauthorized', {
        code: 'VTON_API_ERROR',
        message:
          'VTON API request failed: 401 Unauthorized. UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        retryable: false,
        status: 401,
      }],
    ['reports a 500 INTERNAL as retryable', 'server-error', {
        code: 'VTON_API_ERROR',
        message: 'VTON API request failed: 500 Internal Server Error. INTERNAL: Internal error encountered.',
        retryable: true,
      }],
    ['reports a garbage body as VTON_PROCESSING_ERROR', 'garbage', {
        code: 'VTON_PROCESSING_ERROR',
        message: 'Failed to process VTON request: Vertex AI answered with a body that is not JSON: <html><body>502 Bad Gateway</body></html>',
        retryable: false,
      }],
  ]);

  it('reports a service account the token endpoint refuses (wrong key) without any key material', async () => {
    const failure = await failedCall(provider({ auth: googleAuthFor(fake.wrongKeyCredentialsFile) }));
    expect(failure).toMatchObject({ code: 'VTON_API_ERROR', status: 400, retryable: false });
    expect(failure.message).toBe('VTON API request failed: 400 Bad Request. Google token endpoint: invalid_grant: Invalid JWT Signature.');
    expect(failure.message).not.toMatch(/PRIVATE KEY/);
    expect(fake.requestsTo('/v1/projects/')).toHaveLength(0);
  });

  it('surfaces a 429 RESOURCE_EXHAUSTED with its Retry-After', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 12;
    expect(await failedCall(provider())).toEqual({
      code: 'VTON_API_ERROR',
      message:
        'VTON API request failed: 429 Too Many Requests. RESOURCE_EXHAUSTED: Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model with base model: virtual-try-on-001. Please submit a quota increase request.',
      retryable: true,
      status: 429,
      retryAfterMs: 12_000,
    });
  });

  itGivesUpAtTheTimeout(vertexApi, 'gives up when predict does not answer within the timeout', 'Vertex AI', { timeoutMs: 400 });

  it('reports a result filtered by Responsible AI checks', async () => {
    fake.filterWith('The image was filtered out because it violates Vertex AI’s usage guidelines.');
    expect(await failedCall(provider())).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: Vertex AI filtered the try-on out (The image was filtered out because it violates Vertex AI’s usage guidelines.)',
    });
  });
});
