import type { GarmentCategory } from '@vton/contracts';
import type { GenerationConfig } from '../../config/generation.config.js';
import type { FashnConfig } from './fashn.config.js';
import { ModelTryOnError, vtonProcessingError } from '../../errors/try-on-errors.js';
import { OutOfCreditsError } from '../out-of-credits.js';
import sharp from 'sharp';
import { HostedProvider, polledApiSettings, type PolledApiSettings } from '../hosted-provider.js';
import { jsonMessage, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';
import { FRAME_JPEG_QUALITY, imageDataUri } from '../../imaging/framing.js';

/** FASHN_API_URL is FASHN's v1 base, https://api.fashn.ai/v1 by default. */
export interface FashnSettings extends PolledApiSettings {
  mode?: 'performance' | 'balanced' | 'quality';
}

/** FASHN allows 50 status requests per 10 s per account (its rate limits page). */
export const FASHN_STATUS_LIMIT = { requests: 50, perMs: 10_000 };

/**
 * The status poll interval that keeps the whole fleet within FASHN's status limit: at most
 * VTON_CONCURRENCY FASHN calls are in flight across every worker (the queue's claim), each polling once
 * per interval, so an interval of VTON_CONCURRENCY × 200 ms (10 s / 50) or more can never exceed it.
 */
export function fashnPollIntervalMs(config: Pick<GenerationConfig, 'VTON_POLL_INTERVAL_MS' | 'VTON_CONCURRENCY'>): number {
  return Math.max(config.VTON_POLL_INTERVAL_MS, Math.ceil((config.VTON_CONCURRENCY * FASHN_STATUS_LIMIT.perMs) / FASHN_STATUS_LIMIT.requests));
}

export function fashnSettings(config: FashnConfig): FashnSettings {
  const api = { key: config.FASHN_API_KEY, url: config.FASHN_API_URL, model: config.FASHN_MODEL, pollIntervalMs: fashnPollIntervalMs(config) };
  return { ...polledApiSettings(config, api), mode: config.FASHN_MODE };
}

/**
 * The studio's control in FASHN's words (docs.fashn.ai/api-reference/tryon-v1-6 `category`). A product
 * never reaches a try-on provider (ProviderRouter); FASHN's own `auto` only completes the map.
 */
const CATEGORY: Record<GarmentCategory, 'tops' | 'bottoms' | 'one-pieces' | 'auto'> = { upper_body: 'tops', lower_body: 'bottoms', full_body: 'one-pieces', product: 'auto' };

interface RunAnswer {
  id?: string;
  error?: unknown;
}
interface StatusAnswer {
  id?: string;
  status?: string;
  output?: unknown;
  error?: { name?: string; message?: string } | string | null;
}

/**
 * FASHN's runtime errors worth one more try, as FASHN's own SDK retries them (3rdPartyProviderError,
 * InternalServerError) and as its docs say of PipelineError ("Retry request (no charge for failures)");
 * ThirdPartyError (a content filter upstream) and input errors (PoseError, ImageLoadError, …) are not.
 */
const RETRYABLE_RUNTIME_ERRORS = new Set(['PipelineError', '3rdPartyProviderError', 'InternalServerError']);
/** FASHN's inputs: at most 2000 px a side (its recommendation, with JPEG at about quality 95: FRAME_JPEG_QUALITY; our frame is 864×1296). */
const MAX_INPUT_SIDE = 2000;

/**
 * FASHN's REST API (research/providers.md): POST /run with the model name and base64 inputs, poll
 * GET /status/{id} until completed or failed, all within VTON_TIMEOUT_MS. Outputs are asked for
 * as base64 (`return_base64`: FASHN then keeps no copy) in PNG. The person is framed at the
 * model's own 864×1296, widened with more of the photo so FASHN sees the pose.
 */
export class FashnProvider extends HostedProvider<FashnSettings> implements TryOnProvider {
  readonly name = 'fashn' as const;
  readonly label = 'FASHN';
  // The framed photo arrives as FASHN recommends its inputs (JPEG at quality 95; 864×1296 is within its 2000 px).
  readonly framing = { width: 864, height: 1296, mode: 'widen' as const, context: 0.35, upscale: true, jpegQuality: FRAME_JPEG_QUALITY };
  // No documented cap on base64 inputs was found; 10 MB keeps the JSON body reasonable.
  readonly limits = { maxImageBytes: 10 * 1024 * 1024 };

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('FASHN', s, [s.apiKey], input.signal);
    const headers = { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
    const messageOf = (raw: string) => jsonMessage(raw, (body) => (body?.error && body?.message ? `${body.error}: ${body.message}` : (body?.message ?? body?.error)));

    const [person, garment] = [imageDataUri(input.person), await jpegDataUri(input.garment)];
    // tryon-max takes the garment as product_image and no category; the v1.x models garment_image and category.
    const max = s.model === 'tryon-max';
    const run = await call
      .failIfNotOk(
        await call.fetch(`${s.baseUrl}/run`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            model_name: s.model,
            inputs: {
              model_image: person,
              ...(max ? { product_image: garment } : { garment_image: garment, category: CATEGORY[input.category], garment_photo_type: 'auto' }),
              ...(s.mode && !max ? { mode: s.mode } : {}),
              output_format: 'png',
              return_base64: true,
            },
          }),
        }),
        messageOf,
      )
      .catch((error: unknown) => {
        // Out of credits is a 429 too, but no rate limit: the model fails at once, nothing is paused, and the operator sees why in logs and metrics.
        if (error instanceof ModelTryOnError && error.status === 429 && /^OutOfCredits\b/.test(error.message.split('. ').slice(1).join('. '))) {
          throw new OutOfCreditsError('FASHN', error);
        }
        throw error;
      });
    const started = await call.json<RunAnswer>(run);
    if (typeof started?.id !== 'string' || !started.id) {
      throw vtonProcessingError(`FASHN did not start a prediction${started?.error ? `: ${call.redact(String(started.error))}` : ''}`);
    }

    for (;;) {
      const response = await call.failIfNotOk(await call.fetch(`${s.baseUrl}/status/${encodeURIComponent(started.id)}`, { headers }), messageOf);
      const status = await call.json<StatusAnswer>(response);
      switch (status?.status) {
        case 'completed': {
          const output = Array.isArray(status.output) ? status.output[0] : undefined;
          const image = await call.image(output);
          return { image, provider: this.name, model: s.model, durationMs: call.elapsedMs };
        }
        case 'failed':
        case 'canceled':
        case 'time_out': {
          const error = typeof status.error === 'object' && status.error ? status.error : { name: status.status, message: typeof status.error === 'string' ? status.error : '' };
          const name = error.name ?? status.status;
          throw vtonProcessingError(call.redact(`FASHN could not make the try-on (${name}${error.message ? `: ${error.message}` : ''})`), RETRYABLE_RUNTIME_ERRORS.has(name));
        }
        case 'starting':
        case 'in_queue':
        case 'processing':
          await call.pause(s.pollIntervalMs);
          break;
        default:
          throw vtonProcessingError(`FASHN answered with an unknown prediction status ${JSON.stringify(status?.status ?? null)}`);
      }
    }
  }
}

/** The garment as FASHN recommends its inputs: JPEG at quality 95 (on white), at most 2000 px a side. */
async function jpegDataUri(png: Buffer): Promise<string> {
  const jpeg = await sharp(png)
    .resize(MAX_INPUT_SIDE, MAX_INPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: FRAME_JPEG_QUALITY })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
