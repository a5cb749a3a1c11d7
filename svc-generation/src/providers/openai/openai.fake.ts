import sharp from 'sharp';
import { shutdownOf } from '../model-lifecycle.js';
import { boundaryOf, parseMultipart, type FormPart } from '../../local-engine/multipart.js';
import { fakePlacement, FakeRejection, FakeServer, retryAfterHeader, sendGarbage, sendJson, localFakeOf } from '../../../test/fakes/fake-server.js';

export type OpenAIFake = FakeServer & {
  /** `${url}/v1`: what OPENAI_BASE_URL names. */
  base: string;
  /** What each accepted edit was asked: the images' sizes, the mask's, the fields. */
  readonly asked: { model: string; images: { width: number; height: number }[]; mask: { width: number; height: number; transparent: number }; prompt: string; size: string; fields: Record<string, string> }[];
};

const openaiError = (message: string, type: string, code: string | null = null, param: string | null = null) => ({ error: { message, type, param, code } });
/** The GPT image models images.edit takes (the openai SDK's ImageEditParamsBase `model`, 7.57.0), until their shutdown. */
const MODELS = new Set([
  'gpt-image-1-mini',
  'gpt-image-1.5',
  'gpt-image-1.5-2025-12-16',
  'gpt-image-2',
  'gpt-image-2-2026-04-21',
  'gpt-image-2.5-sunburst',
  'gpt-image-2.5-sunburst-2026-09-08',
  'gpt-image-2.5-flare',
  'gpt-image-2.5-flare-2026-09-08',
  'gpt-image-2.6-sunburst',
  'gpt-image-2.6-flare',
  'chatgpt-image-latest',
]);
/** Which `input_fidelity` values a model takes: both on gpt-image-1.5, `low` on -mini, none on later models ("omit this parameter"). */
const INPUT_FIDELITY: Record<string, readonly string[]> = { 'gpt-image-1.5': ['high', 'low'], 'gpt-image-1.5-2025-12-16': ['high', 'low'], 'gpt-image-1-mini': ['low'] };
const SIZES = new Set(['1024x1024', '1536x1024', '1024x1536', 'auto']);
const KNOWN_FIELDS = new Set(['model', 'prompt', 'size', 'n', 'quality', 'background', 'output_format', 'output_compression', 'input_fidelity', 'moderation', 'partial_images', 'stream', 'user', 'response_format']);

/**
 * OpenAI's image edit (POST /v1/images/edits, multipart) as its API reference describes it for the
 * GPT image models: `Authorization: Bearer <key>`; `image`/`image[]` up to 16 PNG/WebP/JPEG files
 * under 50 MB; `mask` a PNG under 4 MB with an alpha channel and the first image's exact size (its
 * transparent pixels are where to edit); `size` one of the standard sizes; `input_fidelity` only where
 * the model takes it. A model shut down by `today` (OpenAI's deprecations page: dall-e-2/3, gpt-image-1,
 * then gpt-image-1.5, -mini and chatgpt-image-latest from 2026-12-01) is answered as OpenAI answers a
 * model that is gone: 404 `model_not_found`, "The model `…` does not exist or you do not have access to
 * it." Errors are `{error: {message, type, param, code}}`; a refused request is 400
 * `moderation_blocked`. The answer is `{created, data: [{b64_json}], …}` at `size`.
 */
export async function startOpenAIFake(apiKey: string, port = 0, today: () => Date = () => new Date()): Promise<OpenAIFake> {
  const asked: OpenAIFake['asked'] = [];
  const fake: FakeServer = new FakeServer(async (req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/images/edits') return sendJson(res, 404, openaiError(`Invalid URL (${req.method} ${req.path})`, 'invalid_request_error'));
    const scenario = fake.takeScenario();
    const auth = req.headers.authorization;
    if (!auth) return sendJson(res, 401, openaiError("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error'));
    if (auth !== `Bearer ${apiKey}` || scenario === 'unauthorized') {
      return sendJson(res, 401, openaiError('Incorrect API key provided: sk-proj-****. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (scenario === 'rate-limited') {
      return sendJson(res, 429, openaiError('Rate limit reached for gpt-image-2.6-sunburst in organization org-fake on images per minute (IPM): Limit 5, Used 5, Requested 1. Please try again in 12s.', 'requests', 'rate_limit_exceeded'), retryAfterHeader(fake));
    }
    if (scenario === 'server-error') return sendJson(res, 500, openaiError('The server had an error while processing your request. Sorry about that!', 'server_error'));
    if (scenario === 'bad-request') return sendJson(res, 400, openaiError('Invalid image file or mode for image 1, please check your image file.', 'invalid_request_error', 'invalid_image_file', 'image'));
    if (scenario === 'slow') return fake.hold(res);
    const boundary = boundaryOf(req.headers['content-type']);
    if (!boundary) throw new FakeRejection(400, openaiError("Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'key=value' in order to send multipart/form-data)", 'invalid_request_error'));
    const request = await checkEdit(parseMultipart(req.body, boundary), today());
    asked.push(request);
    if (scenario === 'garbage') return sendGarbage(res);
    if (scenario === 'refused') {
      return sendJson(res, 400, openaiError('Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_fake.', 'image_generation_user_error', 'moderation_blocked'));
    }
    const [width, height] = request.size === 'auto' ? [1024, 1024] : request.size.split('x').map(Number);
    const image = await fakePlacement(width, height);
    return sendJson(res, 200, {
      created: Math.floor(Date.now() / 1000),
      background: 'opaque',
      data: [{ b64_json: image.toString('base64') }],
      output_format: 'png',
      quality: 'high',
      size: `${width}x${height}`,
      usage: { input_tokens: 1500, input_tokens_details: { image_tokens: 1400, text_tokens: 100 }, output_tokens: 4160, total_tokens: 5660 },
    });
  });
  await fake.start(port);
  return Object.assign(fake, { base: `${fake.url}/v1`, asked });
}

async function checkEdit(parts: FormPart[], today: Date) {
  const invalid = (message: string, param: string | null = null, code: string | null = null) => new FakeRejection(400, openaiError(message, 'invalid_request_error', code, param));
  const fields: Record<string, string> = {};
  const images: { width: number; height: number }[] = [];
  let mask: { width: number; height: number; transparent: number } | undefined;
  for (const part of parts) {
    if (part.name === 'image' || part.name === 'image[]') {
      if (part.data.length > 50 * 1024 * 1024) throw invalid('Image file is too large, must be less than 50MB.', 'image');
      const meta = await sharp(part.data).metadata().catch(() => null);
      if (!meta || !['png', 'jpeg', 'webp'].includes(meta.format ?? '')) throw invalid(`Invalid file '${part.name}': unsupported mimetype. Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`, 'image', 'invalid_image_format');
      images.push({ width: meta.width!, height: meta.height! });
    } else if (part.name === 'mask') {
      if (part.data.length > 4 * 1024 * 1024) throw invalid('Mask file is too large, must be less than 4MB.', 'mask');
      const meta = await sharp(part.data).metadata().catch(() => null);
      if (!meta || meta.format !== 'png') throw invalid("Invalid mask: it must be a valid PNG file.", 'mask', 'invalid_image_format');
      if (!meta.hasAlpha) throw invalid('Invalid mask image format - mask image missing alpha channel', 'mask', 'invalid_mask_image_format');
      const alpha = await sharp(part.data).extractChannel(3).raw().toBuffer();
      mask = { width: meta.width!, height: meta.height!, transparent: alpha.filter((a) => a === 0).length };
    } else if (part.filename === undefined) {
      if (!KNOWN_FIELDS.has(part.name)) throw invalid(`Unrecognized request argument supplied: ${part.name}`, part.name, 'unknown_parameter');
      fields[part.name] = part.data.toString('utf8');
    } else {
      throw invalid(`Unrecognized file supplied: ${part.name}`, part.name, 'unknown_parameter');
    }
  }
  const model = fields.model;
  if (!model) throw invalid("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  // OpenAI's shutdown dates, from its deprecations page as model-lifecycle.ts holds them.
  if (shutdownOf('OPENAI_IMAGE_MODEL', model, today)?.past) throw new FakeRejection(404, openaiError(`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found'));
  if (!MODELS.has(model)) throw invalid(`Invalid value: '${model}'. Value must be one of the GPT image models.`, 'model', 'invalid_value');
  if (!fields.prompt) throw invalid("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  if (images.length === 0) throw invalid("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
  if (images.length > 16) throw invalid('At most 16 images may be provided.', 'image');
  const size = fields.size ?? 'auto';
  if (!SIZES.has(size)) throw invalid(`Invalid value: '${size}'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.`, 'size', 'invalid_value');
  if (fields.input_fidelity !== undefined) {
    if (!['high', 'low'].includes(fields.input_fidelity)) throw invalid(`Invalid value: '${fields.input_fidelity}'. Supported values are: 'high' and 'low'.`, 'input_fidelity', 'invalid_value');
    const takes = INPUT_FIDELITY[model] ?? [];
    if (!takes.length) throw invalid(`The model '${model}' does not support the 'input_fidelity' parameter.`, 'input_fidelity', 'invalid_input_fidelity_model');
    if (!takes.includes(fields.input_fidelity)) throw invalid(`Invalid value: '${fields.input_fidelity}'. The model '${model}' supports only ${takes.map((v) => `'${v}'`).join(' and ')}.`, 'input_fidelity', 'invalid_value');
  }
  if (fields.output_format !== undefined && !['png', 'jpeg', 'webp'].includes(fields.output_format)) throw invalid(`Invalid value: '${fields.output_format}'.`, 'output_format', 'invalid_value');
  if (mask && (mask.width !== images[0].width || mask.height !== images[0].height)) {
    throw invalid(`Invalid mask image format - mask size (${mask.width}x${mask.height}) does not match image size (${images[0].width}x${images[0].height})`, 'mask', 'invalid_mask_image_format');
  }
  return { model, images, mask: mask ?? { width: 0, height: 0, transparent: 0 }, prompt: fields.prompt, size, fields };
}

const LOCAL_KEY = 'fake-openai-key';
/** `npm run fake-providers` runs this fake (test/fakes/serve.ts). */
export const localFake = localFakeOf('openai', 'OpenAI', 4105, async (port) => {
  const fake = await startOpenAIFake(LOCAL_KEY, port);
  return { fake, url: fake.base, tryWith: [`PLACEMENT_PROVIDER=openai OPENAI_API_KEY=${LOCAL_KEY} OPENAI_BASE_URL=${fake.base} npm start`] };
});
