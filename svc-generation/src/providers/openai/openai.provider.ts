import OpenAI, { APIError, APIUserAbortError, toFile } from 'openai';
import { STATUS_CODES } from 'node:http';
import sharp from 'sharp';
import type { OpenAIConfig } from './openai.config.js';
import { safetyRefusal, vtonApiError, vtonProcessingError, type ModelTryOnError } from '../../errors/try-on-errors.js';
import { nearestAspect, placementFraming, placementInstruction } from '../placement-instruction.js';
import { HostedProvider, type HostedSettings } from '../hosted-provider.js';
import { callLimits, parseRetryAfter, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';
import { sentImageType } from '../../imaging/framing.js';

export interface OpenAISettings extends HostedSettings {
  apiKey: string;
  /** OPENAI_BASE_URL, the SDK's own variable; unset, https://api.openai.com/v1. */
  baseUrl?: string;
}

export function openaiSettings(config: OpenAIConfig): OpenAISettings {
  return { apiKey: config.OPENAI_API_KEY ?? '', baseUrl: config.OPENAI_BASE_URL, model: config.OPENAI_IMAGE_MODEL, ...callLimits(config) };
}

/** The sizes every GPT image model answers in (images.edit `size`). */
const SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
/**
 * `input_fidelity: high` is taken by gpt-image-1.5 (and its snapshot) alone: -mini takes only `low`, and
 * gpt-image-2 and later are to be sent without it (the openai SDK's ImageEditParamsBase, 7.57.0).
 */
const takesInputFidelity = (model: string) => /^gpt-image-1\.5(-\d{4}-\d{2}-\d{2})?$/.test(model);

/**
 * OpenAI's image edit through the official `openai` SDK: the framed scene first and the product
 * second (`image[]`), the mask of the scene at its exact size as a PNG whose alpha is 0 where the
 * product goes, the placement instruction with the seller's prompt, the standard size nearest the
 * frame's aspect, PNG out, `input_fidelity: high` where the model takes it. The SDK's own retries
 * are off (the queue retries; a 429's Retry-After pauses the engine fleet-wide).
 */
export class OpenAIProvider extends HostedProvider<OpenAISettings> implements TryOnProvider {
  readonly name = 'openai' as const;
  readonly label = 'OpenAI';
  readonly framing = placementFraming(1536);
  // 50 MB per image is OpenAI's limit; the mask (mostly one value) stays far below its 4 MB.
  readonly limits = { maxImageBytes: 20 * 1024 * 1024 };
  private readonly client: OpenAI;

  constructor(settings: OpenAISettings) {
    super(settings);
    // The call's own deadline (VTON_TIMEOUT_MS, the abort signal) ends it first; the SDK's timeout is only a backstop.
    this.client = new OpenAI({ apiKey: settings.apiKey, ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}), maxRetries: 0, timeout: settings.timeoutMs + 5000 });
  }

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('OpenAI', s, [s.apiKey], input.signal);
    const { width, height } = await sharp(input.person).metadata();
    const sceneFile = sentImageType(input.person) === 'image/jpeg' ? 'scene.jpg' : 'scene.png';
    let answer: OpenAI.Images.ImagesResponse;
    try {
      answer = await this.client.images.edit(
        {
          model: s.model,
          image: [await toFile(input.person, sceneFile, { type: sentImageType(input.person) }), await toFile(input.garment, 'product.png', { type: 'image/png' })],
          mask: await toFile(await editMask(input.mask), 'mask.png', { type: 'image/png' }),
          prompt: placementInstruction(input.prompt, 'edit-mask'),
          size: nearestAspect(width!, height!, SIZES),
          output_format: 'png',
          n: 1,
          ...(takesInputFidelity(s.model) ? { input_fidelity: 'high' as const } : {}),
        },
        { signal: call.signal },
      );
    } catch (error) {
      throw this.explain(call, error);
    }
    const image = answer?.data?.[0]?.b64_json;
    if (typeof image !== 'string' || !image) throw vtonProcessingError('OpenAI answered without an image');
    return { image: Buffer.from(image, 'base64'), provider: this.name, model: s.model, durationMs: call.elapsedMs };
  }

  /** The SDK's errors in §8's words: OpenAI's `{error: {message, code}}`, moderation as a safety refusal, a garbage body as a processing error. */
  private explain(call: ProviderCall, error: unknown): ModelTryOnError {
    if (error instanceof APIError && !(error instanceof APIUserAbortError) && error.status !== undefined) {
      if (error.code === 'moderation_blocked') return safetyRefusal('OpenAI', 'moderation_blocked');
      const body = error.error as { message?: string } | undefined;
      const message = call.redact(body?.message ? `${error.code ? `${error.code}: ` : ''}${body.message}` : error.message).slice(0, 500);
      return vtonApiError(error.status, STATUS_CODES[error.status] ?? '', message, parseRetryAfter(error.headers?.get('retry-after')));
    }
    // By name: the SDK parses the body with JSON.parse of another realm in tests.
    if ((error as Error)?.name === 'SyntaxError' && !call.signal.aborted) return vtonProcessingError('OpenAI answered with a body that is not JSON');
    return call.explain(error);
  }
}

/** The mask as OpenAI's edit takes it: the scene's size, alpha 0 where the product goes (white in ours), opaque elsewhere. */
async function editMask(mask: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(mask).greyscale().raw().toBuffer({ resolveWithObject: true });
  const rgba = Buffer.alloc(info.width * info.height * 4);
  for (let i = 0; i < data.length; i++) rgba[i * 4 + 3] = 255 - data[i];
  return sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer();
}
