import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkBase64Image, fakeResult, FakeRejection, FakeServer, retryAfterHeader, sendGarbage, sendJson, localFakeOf } from '../../../test/fakes/fake-server.js';
import { googleError, GoogleOAuthFake } from '../../../test/fakes/google-oauth.js';

export type VertexFake = FakeServer & {
  /** A service-account JSON whose token_uri is this fake's /token (the one GOOGLE_APPLICATION_CREDENTIALS names). */
  credentialsFile: string;
  /** The same account signed with a key the fake does not know: the token endpoint refuses it. */
  wrongKeyCredentialsFile: string;
  project: string;
  readonly tokensIssued: number;
  /** Every prediction is filtered by the fake's "Responsible AI" check with this reason. */
  filterWith(reason?: string): void;
  /** Forgets what was asked and recorded, and filters nothing again (between tests). */
  reset(): void;
};

/**
 * Vertex AI's `:predict` for virtual-try-on-001 and Google's OAuth token endpoint, as documented
 * (research/providers.md). The token endpoint takes the JWT-bearer grant, checks the assertion's
 * RS256 signature against the account's public key, its issuer, audience, scope and lifetime, and
 * issues a short-lived access token; predict accepts only those tokens. Errors are
 * google.rpc.Status JSON.
 */
export async function startVertexFake(options: { port?: number; credentialsDir?: string } = {}): Promise<VertexFake> {
  const oauth = new GoogleOAuthFake();
  const project = oauth.project;
  let filterReason: string | undefined;

  const fake: FakeServer = new FakeServer(async (req, res) => {
    if (oauth.handle(req, res)) return;

    const predict = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):predict$/.exec(req.path);
    if (!predict) return sendJson(res, 404, googleError(404, 'NOT_FOUND', `The requested URL ${req.path} was not found on this server.`));
    if (req.method !== 'POST') return sendJson(res, 405, googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed'));
    const scenario = fake.takeScenario();
    if (!oauth.bearerIsValid(req.headers.authorization) || scenario === 'unauthorized') {
      return sendJson(
        res,
        401,
        googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'),
      );
    }
    if (decodeURIComponent(predict[1]) !== project) return sendJson(res, 403, googleError(403, 'PERMISSION_DENIED', `Permission denied on resource project ${predict[1]}.`));
    if (predict[3] !== 'virtual-try-on-001') return sendJson(res, 404, googleError(404, 'NOT_FOUND', `Publisher Model projects/${predict[1]}/locations/${predict[2]}/publishers/google/models/${predict[3]} not found.`));
    if (scenario === 'rate-limited') {
      return sendJson(
        res,
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model with base model: virtual-try-on-001. Please submit a quota increase request.'),
        retryAfterHeader(fake),
      );
    }
    if (scenario === 'server-error') return sendJson(res, 500, googleError(500, 'INTERNAL', 'Internal error encountered.'));
    if (scenario === 'bad-request') return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Image editing failed with the following error: No person detected in the person image.'));
    if (scenario === 'slow') return fake.hold(res);

    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) throw new FakeRejection(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received: the body must be application/json.'));
    const person = await checkPredictBody(req.body);
    // A synchronous call: "queued" means Google keeps the connection a while before answering.
    if (scenario === 'queued') await sleep(150);
    if (scenario === 'garbage') return sendGarbage(res);
    if (filterReason) return sendJson(res, 200, { predictions: [{ raiFilteredReason: filterReason }] });
    // The output has the input image's size (virtual-try-on-001's documented behaviour).
    const image = await fakeResult(person.width, person.height);
    return sendJson(res, 200, { predictions: [{ mimeType: 'image/png', bytesBase64Encoded: image.toString('base64') }], modelVersionId: '1' });
  });
  await fake.start(options.port ?? 0);

  const { dir, credentialsFile, wrongKeyCredentialsFile } = oauth.writeCredentials(`${fake.url}/token`, options.credentialsDir);

  const resetServer = fake.reset.bind(fake);
  const state = Object.assign(fake, {
    credentialsFile,
    wrongKeyCredentialsFile,
    project,
    filterWith(reason?: string) {
      filterReason = reason;
    },
    reset() {
      resetServer();
      filterReason = undefined;
    },
  });
  Object.defineProperty(state, 'tokensIssued', { get: () => oauth.tokensIssued });
  const close = fake.close.bind(fake);
  state.close = async () => {
    await close();
    if (!options.credentialsDir) fs.rmSync(dir, { recursive: true, force: true });
  };
  return state as VertexFake;
}

const KNOWN_PARAMETERS = new Set(['addWatermark', 'baseSteps', 'personGeneration', 'safetySetting', 'sampleCount', 'seed', 'storageUri', 'outputOptions']);

/** The predict body as the API reference defines it; anything else is 400 INVALID_ARGUMENT. */
async function checkPredictBody(raw: Buffer): Promise<{ width: number; height: number }> {
  const invalid = (message: string) => new FakeRejection(400, googleError(400, 'INVALID_ARGUMENT', message));
  let body: { instances?: unknown; parameters?: Record<string, unknown> };
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
  if (!Array.isArray(body.instances) || body.instances.length !== 1) throw invalid('instances must hold exactly one instance');
  const instance = body.instances[0] as { personImage?: { image?: Record<string, unknown> }; productImages?: { image?: Record<string, unknown> }[] };
  const imageOf = async (image: Record<string, unknown> | undefined, field: string) => {
    if (!image) throw invalid(`${field}.image is required`);
    const union = ['bytesBase64Encoded', 'gcsUri'].filter((k) => image[k] !== undefined);
    if (union.length !== 1) throw invalid(`${field}.image must set exactly one of bytesBase64Encoded, gcsUri`);
    if (image.mimeType !== undefined && !['image/png', 'image/jpeg'].includes(image.mimeType as string)) throw invalid(`${field}.image.mimeType must be image/png or image/jpeg`);
    return checkBase64Image(image.bytesBase64Encoded, `${field}.image.bytesBase64Encoded`, { dataUri: false, types: ['png', 'jpeg'], maxBytes: 10 * 1024 * 1024 }).catch((e: Error) => {
      throw invalid(e.message);
    });
  };
  const person = await imageOf(instance.personImage?.image, 'personImage');
  if (!Array.isArray(instance.productImages) || instance.productImages.length < 1 || instance.productImages.length > 3) throw invalid('productImages must hold 1 to 3 images');
  for (const [i, product] of instance.productImages.entries()) await imageOf(product.image, `productImages[${i}]`);
  const parameters = body.parameters ?? {};
  const unknown = Object.keys(parameters).filter((k) => !KNOWN_PARAMETERS.has(k));
  if (unknown.length) throw invalid(`Invalid JSON payload received. Unknown name "${unknown[0]}" at 'parameters'`);
  const count = parameters.sampleCount;
  if (count !== undefined && (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 4)) throw invalid('sampleCount must be between 1 and 4');
  const mime = (parameters.outputOptions as { mimeType?: string } | undefined)?.mimeType;
  if (mime !== undefined && !['image/png', 'image/jpeg'].includes(mime)) throw invalid('outputOptions.mimeType must be image/png or image/jpeg');
  return person;
}

/** `npm run fake-providers` runs this fake (test/fakes/serve.ts). */
export const localFake = localFakeOf('vertex', 'Vertex AI', 4102, async (port, credentialsDir) => {
  const fake = await startVertexFake({ port, credentialsDir });
  return { fake, url: fake.url, note: `(OAuth token endpoint ${fake.url}/token)`, tryWith: [`VTON_PROVIDER=vertex GOOGLE_APPLICATION_CREDENTIALS=${fake.credentialsFile} VERTEX_API_URL=${fake.url} npm start`] };
});
