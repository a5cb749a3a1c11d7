import { randomUUID } from 'node:crypto';
import { checkBase64Image, fakePlacement, fakeResult, FakeRejection, FakeServer, retryAfterHeader, sendGarbage, sendJson, type FakeScenario, localFakeOf } from '../../../test/fakes/fake-server.js';

export type FalFake = FakeServer & {
  /** Requests cancelled through PUT …/cancel. */
  cancelled: string[];
  /** Each accepted submission's model and input. */
  asked: { model: string; input: Record<string, unknown> }[];
  /** The result request (GET …/requests/{id}) answers 429 with Retry-After, as fal's queue can. */
  resultRateLimited: boolean;
  /** The result's image is this many bytes (inline with `sync_mode`: a result answer of 4/3 that): a model answering at a very high resolution. */
  resultImageBytes?: number;
  /** The request fails in fal's runner: status COMPLETED with an error, as fal reports an app failure. */
  failWith(error?: string): void;
  /** Forgets what was asked and recorded, and answers as documented again: no runtime failure, no 429 on results, results of their usual size (between tests). */
  reset(): void;
};

interface ModelSchema {
  /** The image fields (data URIs or URLs); `image_urls` is a list of them. */
  images: string[];
  required: string[];
  enums: Record<string, string[]>;
  booleans: string[];
  known: string[];
  /** The output's size for a person (scene) image of `width`×`height` and the input. */
  outputSize(width: number, height: number, input: Record<string, unknown>): { width: number; height: number };
  /** The output's shape: `image` (the try-on models) or `images` (FASHN, the edit models). */
  output: 'image' | 'images';
}

const IMAGE_FIELDS = ['human_image_url', 'garment_image_url'];
const NANO_BANANA_RATIOS = ['auto', '21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16', '4:1', '1:4', '8:1', '1:8'];
const RESOLUTION_SIDE: Record<string, number> = { '0.5K': 512, '1K': 1024, '2K': 2048, '4K': 4096 };
// Input schemas from fal-js's generated endpoint types (@fal-ai/client src/types/endpoints.d.ts).
const SCHEMAS: Record<string, ModelSchema> = {
  'fal-ai/leffa/virtual-tryon': {
    images: IMAGE_FIELDS,
    output: 'image',
    required: [...IMAGE_FIELDS, 'garment_type'],
    enums: { garment_type: ['upper_body', 'lower_body', 'dresses'], output_format: ['jpeg', 'png'] },
    booleans: ['sync_mode', 'enable_safety_checker'],
    known: [...IMAGE_FIELDS, 'garment_type', 'num_inference_steps', 'guidance_scale', 'seed', 'enable_safety_checker', 'output_format', 'sync_mode'],
    outputSize: (width, height) => ({ width, height }),
  },
  'fal-ai/cat-vton': {
    images: IMAGE_FIELDS,
    output: 'image',
    required: [...IMAGE_FIELDS, 'cloth_type'],
    enums: { cloth_type: ['upper', 'lower', 'overall', 'inner', 'outer'] },
    booleans: [],
    known: [...IMAGE_FIELDS, 'cloth_type', 'image_size', 'num_inference_steps', 'guidance_scale', 'seed'],
    outputSize: () => ({ width: 768, height: 1024 }),
  },
  'fal-ai/kling/v1-5/kolors-virtual-try-on': {
    images: IMAGE_FIELDS,
    output: 'image',
    required: IMAGE_FIELDS,
    enums: {},
    booleans: ['sync_mode'],
    known: [...IMAGE_FIELDS, 'sync_mode'],
    outputSize: () => ({ width: 768, height: 1024 }),
  },
  'fal-ai/fashn/tryon/v1.6': {
    images: ['model_image', 'garment_image'],
    output: 'images',
    required: ['model_image', 'garment_image'],
    enums: { category: ['tops', 'bottoms', 'one-pieces', 'auto'], mode: ['performance', 'balanced', 'quality'], garment_photo_type: ['auto', 'model', 'flat-lay'], moderation_level: ['none', 'permissive', 'conservative'], output_format: ['png', 'jpeg'] },
    booleans: ['sync_mode', 'segmentation_free'],
    known: ['model_image', 'garment_image', 'category', 'mode', 'garment_photo_type', 'moderation_level', 'num_samples', 'output_format', 'seed', 'segmentation_free', 'sync_mode'],
    outputSize: () => ({ width: 864, height: 1296 }),
  },
  'fal-ai/nano-banana-2/edit': {
    images: ['image_urls'],
    output: 'images',
    required: ['prompt', 'image_urls'],
    enums: { aspect_ratio: NANO_BANANA_RATIOS, output_format: ['jpeg', 'png', 'webp'], resolution: Object.keys(RESOLUTION_SIDE), safety_tolerance: ['1', '2', '3', '4', '5', '6'], thinking_level: ['minimal', 'high'] },
    booleans: ['sync_mode', 'enable_web_search', 'limit_generations'],
    known: ['prompt', 'image_urls', 'aspect_ratio', 'enable_web_search', 'limit_generations', 'num_images', 'output_format', 'resolution', 'safety_tolerance', 'seed', 'sync_mode', 'thinking_level'],
    outputSize: (_w, _h, input) => {
      const [w, h] = String(input.aspect_ratio ?? '1:1').split(':').map(Number);
      const side = RESOLUTION_SIDE[String(input.resolution ?? '1K')];
      return { width: Math.round((w / Math.max(w, h)) * side), height: Math.round((h / Math.max(w, h)) * side) };
    },
  },
  'fal-ai/flux-2-pro/edit': {
    images: ['image_urls'],
    output: 'images',
    required: ['prompt', 'image_urls'],
    enums: { output_format: ['jpeg', 'png'], safety_tolerance: ['1', '2', '3', '4', '5'] },
    booleans: ['sync_mode', 'enable_safety_checker'],
    known: ['prompt', 'image_urls', 'image_size', 'output_format', 'safety_tolerance', 'seed', 'sync_mode', 'enable_safety_checker'],
    outputSize: (width, height, input) => {
      const size = input.image_size as { width?: number; height?: number } | undefined;
      return typeof size === 'object' && size ? { width: size.width!, height: size.height! } : { width, height };
    },
  },
};

/**
 * fal's queue as documented (research/providers.md): POST /{model_id} with `Authorization: Key …`
 * → {request_id, response_url, status_url, cancel_url}; GET /{owner}/{alias}/requests/{id}/status
 * → IN_QUEUE (queue_position) | IN_PROGRESS | COMPLETED; GET …/requests/{id} → the model's output;
 * PUT …/cancel. Inputs are checked against the model's schema (pydantic's 422 otherwise); errors
 * are {"detail": …}. Serve it as FAL_QUEUE_URL.
 */
export async function startFalFake(key: string, port = 0): Promise<FalFake> {
  const requests = new Map<string, { model: string; polls: number; output: Buffer; inline: boolean; scenario: FakeScenario; many: boolean }>();
  const asked: { model: string; input: Record<string, unknown> }[] = [];
  const files = new Map<string, Buffer>();
  const cancelled: string[] = [];
  let runtimeError: string | undefined;

  const fake: FakeServer = new FakeServer(async (req, res) => {
    const url = new URL(req.path, 'http://fake');
    const file = /^\/files\/(.+)\.png$/.exec(url.pathname);
    if (req.method === 'GET' && file && files.has(file[1])) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(files.get(file[1]));
      return;
    }
    const queued = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(url.pathname);
    const known = queued ? requests.get(queued[3]) : undefined;
    const scenario = queued ? (known?.scenario ?? fake.scenario) : req.method === 'POST' ? fake.takeScenario() : fake.scenario;
    if (req.headers.authorization !== `Key ${key}` || scenario === 'unauthorized') {
      return sendJson(res, 401, { detail: 'Invalid Key Authorization header' });
    }
    if (queued) {
      const request = known;
      // Status and results are addressed by owner/alias only, without the model's sub-path.
      if (!request || request.model.split('/').slice(0, 2).join('/') !== `${queued[1]}/${queued[2]}`) return sendJson(res, 404, { detail: 'Request not found' });
      if (queued[4] === '/cancel' && req.method === 'PUT') {
        cancelled.push(queued[3]);
        return sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (queued[4] === '/status' && req.method === 'GET') {
        request.polls++;
        if (scenario === 'garbage') return sendGarbage(res);
        const responseUrl = `${fake.url}/${queued[1]}/${queued[2]}/requests/${queued[3]}`;
        if (scenario === 'queued' && request.polls <= fake.queuedPolls) {
          return sendJson(res, 202, request.polls === 1 ? { status: 'IN_QUEUE', queue_position: 2, response_url: responseUrl } : { status: 'IN_PROGRESS', logs: null, response_url: responseUrl });
        }
        return sendJson(res, 200, { status: 'COMPLETED', logs: null, response_url: responseUrl, ...(runtimeError ? { error: runtimeError, error_type: 'runner_error' } : {}) });
      }
      if (!queued[4] && req.method === 'GET') {
        if (scenario === 'server-error') return sendJson(res, 500, { detail: 'Internal Server Error' });
        if ((fake as FalFake).resultRateLimited) return sendJson(res, 429, { detail: 'Rate limit exceeded' }, retryAfterHeader(fake));
        // A request fal's content checker flagged: its result is a 422 of type content_policy_violation.
        if (scenario === 'refused') {
          return sendJson(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'The content could not be processed because it contained material flagged by a content checker.', type: 'content_policy_violation' }] });
        }
        const output = (fake as FalFake).resultImageBytes ? Buffer.alloc((fake as FalFake).resultImageBytes!, 0x89) : request.output;
        const meta = { content_type: 'image/png', file_name: `${queued[3]}.png`, file_size: output.length };
        const image = request.inline
          ? { url: `data:image/png;base64,${output.toString('base64')}`, ...meta }
          : { url: `${fake.url}/files/${queued[3]}.png`, ...meta };
        const body = request.many ? { images: [image], seed: 42, description: '' } : { image, seed: 42, has_nsfw_concepts: false };
        return sendJson(res, 200, body, { 'x-fal-request-id': queued[3] });
      }
      return sendJson(res, 405, { detail: 'Method Not Allowed' });
    }

    if (req.method !== 'POST') return sendJson(res, 404, { detail: 'Not Found' });
    const model = url.pathname.slice(1);
    const schema = SCHEMAS[model];
    if (!schema) return sendJson(res, 404, { detail: `Application '${model}' not found` });
    if (scenario === 'rate-limited') return sendJson(res, 429, { detail: 'Rate limit exceeded' }, retryAfterHeader(fake));
    if (scenario === 'bad-request') return sendJson(res, 400, { detail: 'Could not download the human image' });
    if (scenario === 'slow') return fake.hold(res);
    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) throw new FakeRejection(422, { detail: [{ loc: ['body'], msg: 'Expected a JSON body', type: 'value_error' }] });
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(req.body.toString('utf8'));
    } catch {
      throw new FakeRejection(422, { detail: [{ loc: ['body'], msg: 'Invalid JSON', type: 'value_error.jsondecode' }] });
    }
    const invalid = (field: string, msg: string) => new FakeRejection(422, { detail: [{ loc: ['body', field], msg, type: 'value_error' }] });
    for (const field of schema.required) if (input[field] === undefined) throw invalid(field, 'field required');
    for (const field of Object.keys(input)) if (!schema.known.includes(field)) throw invalid(field, 'extra fields not permitted');
    for (const [field, allowed] of Object.entries(schema.enums)) {
      if (input[field] !== undefined && !allowed.includes(input[field] as string)) throw invalid(field, `value is not a valid enumeration member; permitted: ${allowed.join(', ')}`);
    }
    for (const field of schema.booleans) if (input[field] !== undefined && typeof input[field] !== 'boolean') throw invalid(field, 'value could not be parsed to a boolean');
    let human = { width: 0, height: 0 };
    for (const field of schema.images) {
      const values = field === 'image_urls' ? input[field] : [input[field]];
      if (!Array.isArray(values) || values.length === 0) throw invalid(field, 'value is not a valid list');
      for (const [i, value] of values.entries()) {
        const checked = await checkBase64Image(value, field, { dataUri: true, types: ['png', 'jpeg', 'webp'] }).catch((e: Error) => {
          throw invalid(field, e.message);
        });
        if (i === 0 && field === schema.images[0]) human = checked;
      }
    }
    if (input.image_size !== undefined && typeof input.image_size === 'object') {
      const { width, height } = input.image_size as { width?: unknown; height?: unknown };
      if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) > 14142 || (height as number) > 14142) throw invalid('image_size', 'width and height must be integers');
    }
    asked.push({ model, input });

    const id = randomUUID();
    const size = schema.outputSize(human.width, human.height, input);
    const output = await (schema.output === 'images' ? fakePlacement(size.width, size.height) : fakeResult(size.width, size.height));
    files.set(id, output);
    requests.set(id, { model, polls: 0, output, inline: input.sync_mode === true, scenario, many: schema.output === 'images' });
    const owner = model.split('/').slice(0, 2).join('/');
    return sendJson(res, 200, {
      request_id: id,
      response_url: `${fake.url}/${owner}/requests/${id}`,
      status_url: `${fake.url}/${owner}/requests/${id}/status`,
      cancel_url: `${fake.url}/${owner}/requests/${id}/cancel`,
      queue_position: 0,
    });
  });
  await fake.start(port);
  const resetServer = fake.reset.bind(fake);
  return Object.assign(fake, {
    cancelled,
    asked,
    resultRateLimited: false,
    failWith(error?: string) {
      runtimeError = error;
    },
    reset(this: FalFake) {
      resetServer();
      this.resultRateLimited = false;
      this.resultImageBytes = undefined;
      runtimeError = undefined;
    },
  });
}

const LOCAL_KEY = 'fake-fal-key';
/** `npm run fake-providers` runs this fake (test/fakes/serve.ts). */
export const localFake = localFakeOf('fal', 'fal.ai', 4103, async (port) => {
  const fake = await startFalFake(LOCAL_KEY, port);
  return { fake, url: fake.url, tryWith: [`VTON_PROVIDER=fal FAL_KEY=${LOCAL_KEY} FAL_QUEUE_URL=${fake.url} npm start`, `PLACEMENT_PROVIDER=fal FAL_KEY=${LOCAL_KEY} FAL_QUEUE_URL=${fake.url} npm start`] };
});
