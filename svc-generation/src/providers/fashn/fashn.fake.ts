import { randomUUID } from 'node:crypto';
import { checkBase64Image, fakeResult, FakeRejection, FakeServer, retryAfterHeader, sendGarbage, sendJson, type FakeScenario, localFakeOf } from '../../../test/fakes/fake-server.js';

export type FashnFake = FakeServer & {
  base: string;
  failWith(error?: { name: string; message: string }): void;
  /** Forgets what was asked and recorded, and answers as documented again: no runtime failure, the default 429 (between tests). */
  reset(): void;
  /** The error name of the `rate-limited` scenario's 429: RateLimitExceeded (default), ConcurrencyLimitExceeded or OutOfCredits. */
  rateLimitAs: 'RateLimitExceeded' | 'ConcurrencyLimitExceeded' | 'OutOfCredits';
};

const RATE_LIMIT_MESSAGES: Record<FashnFake['rateLimitAs'], string> = {
  RateLimitExceeded: 'Too many requests in the window',
  ConcurrencyLimitExceeded: 'Too many concurrent requests for your plan',
  OutOfCredits: 'Your account is out of API credits',
};

/**
 * FASHN's v1 API as its documentation describes it (research/providers.md, docs.fashn.ai):
 * POST /v1/run {model_name, inputs} with `Authorization: Bearer <key>` → {id, error: null};
 * GET /v1/status/{id} → {id, status, output, error}. API-level errors are
 * {error: <Name>, message}; runtime failures are a 200 with status "failed". Serve it at
 * `${url}/v1` (FASHN_API_URL).
 */
export async function startFashnFake(apiKey: string, port = 0): Promise<FashnFake> {
  const predictions = new Map<string, { polls: number; output: string; scenario: FakeScenario }>();
  const fake: FakeServer = new FakeServer(async (req, res) => {
    const submitting = req.method === 'POST' && req.path === '/v1/run';
    const status = /^\/v1\/status\/([^/?]+)$/.exec(req.path);
    const prediction = status ? predictions.get(decodeURIComponent(status[1])) : undefined;
    const scenario = submitting ? fake.takeScenario() : (prediction?.scenario ?? fake.scenario);
    const auth = req.headers.authorization;
    if (auth !== `Bearer ${apiKey}` || scenario === 'unauthorized') {
      return sendJson(res, 401, { error: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' });
    }
    if (submitting) {
      if (scenario === 'rate-limited') {
        const name = (fake as FashnFake).rateLimitAs;
        return sendJson(res, 429, { error: name, message: RATE_LIMIT_MESSAGES[name] }, retryAfterHeader(fake));
      }
      if (scenario === 'server-error') return sendJson(res, 500, { error: 'InternalServerError', message: 'Internal server error' });
      if (scenario === 'bad-request') return sendJson(res, 400, { error: 'BadRequest', message: 'inputs.model_image: could not load the image' });
      if (scenario === 'slow') return fake.hold(res);
      if (!/^application\/json/.test(req.headers['content-type'] ?? '')) throw new FakeRejection(400, { error: 'BadRequest', message: 'Content-Type must be application/json' });
      let body: { model_name?: unknown; inputs?: Record<string, unknown> };
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        throw new FakeRejection(400, { error: 'BadRequest', message: 'Invalid JSON' });
      }
      if (body.model_name !== 'tryon-v1.6' && body.model_name !== 'tryon-max') throw new FakeRejection(400, { error: 'BadRequest', message: `Unknown model_name ${String(body.model_name)}` });
      const inputs = body.inputs ?? {};
      // tryon-max: the garment is product_image, and it takes no category (FASHN's tryon-max reference).
      const max = body.model_name === 'tryon-max';
      const garmentField = max ? 'product_image' : 'garment_image';
      const enumOf = (field: string, allowed: string[]) => {
        if (inputs[field] !== undefined && !allowed.includes(inputs[field] as string)) {
          throw new FakeRejection(400, { error: 'BadRequest', message: `inputs.${field} must be one of ${allowed.join(', ')}` });
        }
      };
      enumOf('category', ['auto', 'tops', 'bottoms', 'one-pieces']);
      enumOf('mode', ['performance', 'balanced', 'quality']);
      enumOf('garment_photo_type', ['auto', 'flat-lay', 'model']);
      enumOf('moderation_level', ['conservative', 'permissive', 'none']);
      enumOf('output_format', ['png', 'jpeg']);
      for (const flag of ['return_base64', 'segmentation_free']) {
        if (inputs[flag] !== undefined && typeof inputs[flag] !== 'boolean') throw new FakeRejection(400, { error: 'BadRequest', message: `inputs.${flag} must be a boolean` });
      }
      const known = new Set(
        max
          ? ['model_image', 'product_image', 'prompt', 'generation_mode', 'resolution', 'moderation_level', 'num_images', 'seed', 'output_format', 'return_base64']
          : ['model_image', 'garment_image', 'category', 'mode', 'garment_photo_type', 'moderation_level', 'segmentation_free', 'num_samples', 'seed', 'output_format', 'return_base64'],
      );
      const unknown = Object.keys(inputs).filter((k) => !known.has(k));
      if (unknown.length) throw new FakeRejection(400, { error: 'BadRequest', message: `Unknown inputs: ${unknown.join(', ')}` });
      const rejectAs = (e: unknown) => {
        throw e instanceof FakeRejection ? new FakeRejection(400, { error: 'BadRequest', message: `inputs.${e.message}` }) : e;
      };
      await checkBase64Image(inputs.model_image, 'model_image', { dataUri: true, types: ['png', 'jpeg', 'webp'] }).catch(rejectAs);
      await checkBase64Image(inputs[garmentField], garmentField, { dataUri: true, types: ['png', 'jpeg', 'webp'] }).catch(rejectAs);

      const id = `${randomUUID()}-u1`;
      const format = inputs.output_format === 'jpeg' ? 'jpeg' : 'png';
      const result = await fakeResult(864, 1296);
      // With return_base64 FASHN answers a data URI; otherwise a CDN URL (here: served by the fake).
      const output = inputs.return_base64 ? `data:image/${format};base64,${result.toString('base64')}` : `${fake.url}/cdn/${id}.png`;
      outputs.set(id, result);
      predictions.set(id, { polls: 0, output, scenario });
      return sendJson(res, 200, { id, error: null });
    }
    if (req.method === 'GET' && status) {
      if (!prediction) return sendJson(res, 404, { error: 'NotFound', message: 'Prediction not found or no longer tracked' });
      prediction.polls++;
      if (scenario === 'garbage') return sendGarbage(res);
      if (failure.error) return sendJson(res, 200, { id: status[1], status: 'failed', output: null, error: failure.error });
      if (scenario === 'queued' && prediction.polls <= fake.queuedPolls) {
        return sendJson(res, 200, { id: status[1], status: prediction.polls === 1 ? 'in_queue' : 'processing', output: null, error: null });
      }
      return sendJson(res, 200, { id: status[1], status: 'completed', output: [prediction.output], error: null });
    }
    const cdn = /^\/cdn\/(.+)\.png$/.exec(req.path);
    if (req.method === 'GET' && cdn && outputs.has(cdn[1])) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(outputs.get(cdn[1]));
      return;
    }
    return sendJson(res, 404, { error: 'NotFound', message: 'Resource not found' });
  });
  const outputs = new Map<string, Buffer>();
  const failure: { error?: { name: string; message: string } } = {};
  await fake.start(port);
  const resetServer = fake.reset.bind(fake);
  return Object.assign(fake, {
    base: `${fake.url}/v1`,
    rateLimitAs: 'RateLimitExceeded' as FashnFake['rateLimitAs'],
    /** Predictions fail at run time (HTTP 200, status "failed") with this FASHN error, e.g. PoseError. */
    failWith(error?: { name: string; message: string }) {
      failure.error = error;
    },
    reset(this: FashnFake) {
      resetServer();
      this.rateLimitAs = 'RateLimitExceeded';
      failure.error = undefined;
    },
  });
}

const LOCAL_KEY = 'fake-fashn-key';
/** `npm run fake-providers` runs this fake (test/fakes/serve.ts). */
export const localFake = localFakeOf('fashn', 'FASHN', 4101, async (port) => {
  const fake = await startFashnFake(LOCAL_KEY, port);
  return { fake, url: fake.base, tryWith: [`VTON_PROVIDER=fashn FASHN_API_KEY=${LOCAL_KEY} FASHN_API_URL=${fake.base} npm start`] };
});
