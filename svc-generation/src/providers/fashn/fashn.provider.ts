import type { GarmentCategory } from '@vton/contracts';
import type { GenerationConfig } from '../../config/generation.config.js';
import { vtonProcessingError } from '../../try-on/try-on-errors.js';
import { jsonMessage, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';

export interface FashnSettings {
  apiKey: string;
  /** FASHN's v1 base, https://api.fashn.ai/v1. */
  baseUrl: string;
  model: string;
  mode?: 'performance' | 'balanced' | 'quality';
  timeoutMs: number;
  pollIntervalMs: number;
  maxResponseBytes: number;
}

export function fashnSettings(config: GenerationConfig): FashnSettings {
  return {
    apiKey: config.FASHN_API_KEY ?? '',
    baseUrl: config.FASHN_API_URL.replace(/\/+$/, ''),
    model: config.FASHN_MODEL,
    mode: config.FASHN_MODE,
    timeoutMs: config.VTON_TIMEOUT_MS,
    pollIntervalMs: config.VTON_POLL_INTERVAL_MS,
    maxResponseBytes: config.VTON_MAX_RESPONSE_BYTES,
  };
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

/** FASHN's runtime errors worth one more try (docs: PipelineError "Retry request (no charge for failures)"). */
const RETRYABLE_RUNTIME_ERRORS = new Set(['PipelineError', 'ThirdPartyError']);

/**
 * FASHN's REST API (research/providers.md): POST /run with the model name and base64 inputs, poll
 * GET /status/{id} until completed or failed, all within VTON_TIMEOUT_MS. Outputs are asked for
 * as base64 (`return_base64`: FASHN then keeps no copy) in PNG. The person is framed at the
 * model's own 864×1296, widened with more of the photo so FASHN sees the pose.
 */
export class FashnProvider implements TryOnProvider {
  readonly name = 'fashn' as const;
  readonly framing = { width: 864, height: 1296, mode: 'widen' as const, context: 0.35, upscale: true };
  // No documented cap on base64 inputs was found; 10 MB keeps the JSON body reasonable.
  readonly limits = { maxImageBytes: 10 * 1024 * 1024 };

  constructor(private readonly settings: FashnSettings) {}

  get model(): string {
    return this.settings.model;
  }

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('FASHN', s.timeoutMs, [s.apiKey], s.maxResponseBytes, input.signal);
    const headers = { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
    const messageOf = (raw: string) => jsonMessage(raw, (body) => (body?.error && body?.message ? `${body.error}: ${body.message}` : (body?.message ?? body?.error)));

    const run = await call.failIfNotOk(
      await call.fetch(`${s.baseUrl}/run`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model_name: s.model,
          inputs: {
            model_image: dataUri(input.person),
            garment_image: dataUri(input.garment),
            category: CATEGORY[input.category],
            ...(s.mode ? { mode: s.mode } : {}),
            garment_photo_type: 'auto',
            output_format: 'png',
            return_base64: true,
          },
        }),
      }),
      messageOf,
    );
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

function dataUri(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
