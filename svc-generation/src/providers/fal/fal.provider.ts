import { ApiError, createFalClient, type FalClient } from '@fal-ai/client';
import { STATUS_CODES } from 'node:http';
import sharp from 'sharp';
import type { FalConfig } from './fal.config.js';
import { ModelTryOnError, safetyRefusal, vtonApiError, vtonProcessingError } from '../../errors/try-on-errors.js';
import { HostedProvider, type HostedSettings } from '../hosted-provider.js';
import { apiBase, callLimits, jsonMessage, parseRetryAfter, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';
import { FAL_MODELS, FAL_PLACEMENT_MODELS, GENERIC_FAL_MODEL, GENERIC_FAL_PLACEMENT_MODEL, type FalModel } from './fal-models.js';
import { imageDataUri } from '../../imaging/framing.js';

export interface FalSettings extends HostedSettings {
  key: string;
  /** FAL_MODEL (a try-on model) or, for the placement engine, FAL_PLACEMENT_MODEL. */
  model: string;
  /** Which table names the model's fields: try-on (FAL_MODELS) or placement (FAL_PLACEMENT_MODELS). */
  role: 'try-on' | 'placement';
  /** fal's queue base, https://queue.fal.run (another base: a proxy, or a test fake). */
  queueUrl: string;
  pollIntervalMs: number;
}

export function falSettings(config: FalConfig, role: FalSettings['role'] = 'try-on'): FalSettings {
  return {
    key: config.FAL_KEY ?? '',
    model: role === 'placement' ? config.FAL_PLACEMENT_MODEL : config.FAL_MODEL,
    role,
    queueUrl: apiBase(config.FAL_QUEUE_URL),
    pollIntervalMs: config.VTON_POLL_INTERVAL_MS,
    ...callLimits(config),
  };
}

const FAL_QUEUE = 'https://queue.fal.run';

/** fal's answer to a non-success HTTP status, thrown by our response handler (not an ApiError, so the client does not retry it on its own). */
class FalHttpError extends Error {
  constructor(readonly failure: ModelTryOnError) {
    super(failure.message);
  }
}

interface FalStatus {
  status?: string;
  error?: string;
}

/**
 * fal.ai's queue through the official @fal-ai/client (research/providers.md): submit, poll the
 * status ourselves (so the wait is bounded by VTON_TIMEOUT_MS and cancellable), fetch the result,
 * and read the image (inline with `sync_mode`, or downloaded with a size cap). The client's own
 * retries would ignore Retry-After and hold the slot, so its submit/status answers go through our
 * handler: a 429 reaches the caller with its Retry-After. The client is pointed at FAL_QUEUE_URL
 * by rewriting its queue URLs. Inputs are data URIs: nothing is uploaded to fal's CDN.
 */
export class FalProvider extends HostedProvider<FalSettings> implements TryOnProvider {
  readonly name = 'fal' as const;
  readonly label = 'fal.ai';
  readonly limits = { maxImageBytes: 10 * 1024 * 1024 };
  private readonly spec: FalModel;

  constructor(settings: FalSettings) {
    super(settings);
    this.spec = settings.role === 'placement' ? (FAL_PLACEMENT_MODELS[settings.model] ?? GENERIC_FAL_PLACEMENT_MODEL) : (FAL_MODELS[settings.model] ?? GENERIC_FAL_MODEL);
  }

  get framing() {
    return this.spec.framing;
  }

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('fal.ai', s, [s.key], input.signal);
    const client = this.clientFor(call);
    let requestId: string | undefined;
    try {
      const submitted = await client.queue.submit(s.model, {
        input: this.spec.input({ person: imageDataUri(input.person), garment: imageDataUri(input.garment), mask: imageDataUri(input.mask), frame: await frameOf(input.person) }, input),
        abortSignal: call.signal,
      });
      requestId = submitted.request_id;
      if (!requestId) throw vtonProcessingError('fal.ai did not queue the request');
      for (;;) {
        const status = (await client.queue.status(s.model, { requestId, logs: false, abortSignal: call.signal })) as FalStatus;
        if (status?.status === 'COMPLETED') {
          if (status.error) throw vtonProcessingError(call.redact(`fal.ai could not make the try-on (${status.error})`));
          break;
        }
        if (status?.status !== 'IN_QUEUE' && status?.status !== 'IN_PROGRESS') {
          throw vtonProcessingError(`fal.ai answered with an unknown request status ${JSON.stringify(status?.status ?? null)}`);
        }
        await call.pause(s.pollIntervalMs);
      }
      const data = (await this.result(call, requestId)) as { image?: { url?: string }; images?: { url?: string }[] } | undefined;
      const image = await call.image(data?.image?.url ?? data?.images?.[0]?.url);
      return { image, provider: this.name, model: s.model, durationMs: call.elapsedMs };
    } catch (error) {
      const failure = this.explain(call, error);
      // Abandoned (deadline or cancellation): tell fal, so the request does not run on for nothing.
      if (requestId && call.signal.aborted) void client.queue.cancel(s.model, { requestId }).catch(() => undefined);
      throw failure;
    }
  }

  /**
   * A client for one call (creating one only builds its configuration): its response handler must
   * know the call, and the client passes it nothing but the response.
   */
  private clientFor(call: ProviderCall): FalClient {
    const { key, queueUrl } = this.settings;
    return createFalClient({
      credentials: key,
      suppressLocalCredentialsWarning: true,
      requestMiddleware: async (request) => ({
        ...request,
        url: request.url.startsWith(FAL_QUEUE) ? `${queueUrl}${request.url.slice(FAL_QUEUE.length)}` : request.url,
      }),
      responseHandler: (response: Response) => this.handle(call, response),
    });
  }

  private async handle(call: ProviderCall, response: Response): Promise<unknown> {
    if (!response.ok) throw new FalHttpError(await this.failure(call, response));
    return call.json(response);
  }

  /**
   * The request's result, fetched here rather than by the client (whose result handler would read
   * any body whole and drop Retry-After): from the queue's response URL (owner/alias only), the body
   * capped, a 429's Retry-After kept.
   */
  private async result(call: ProviderCall, requestId: string): Promise<unknown> {
    const { key, queueUrl, model } = this.settings;
    const [owner, alias] = model.split('/');
    const response = await call.fetch(`${queueUrl}/${owner}/${alias}/requests/${encodeURIComponent(requestId)}`, { headers: { authorization: `Key ${key}`, accept: 'application/json' } });
    if (!response.ok) throw await this.failure(call, response);
    return call.json(response);
  }

  /** fal's non-success answer in §8's words; a request its content checker flagged is a refusal for safety. */
  private async failure(call: ProviderCall, response: Response): Promise<ModelTryOnError> {
    const raw = await call.errorText(response);
    if (response.status === 422 && contentPolicyViolation(raw)) return safetyRefusal('fal.ai', 'content_policy_violation');
    return vtonApiError(response.status, response.statusText || STATUS_CODES[response.status] || '', call.redact(falMessage(raw)).slice(0, 500), parseRetryAfter(response.headers.get('retry-after')));
  }

  private explain(call: ProviderCall, error: unknown): ModelTryOnError {
    if (error instanceof FalHttpError) return error.failure;
    if (error instanceof ApiError) {
      const body = (error as ApiError<unknown>).body;
      const message = body === undefined ? error.message : falMessage(JSON.stringify(body));
      return vtonApiError(error.status, STATUS_CODES[error.status] ?? '', call.redact(message).slice(0, 500));
    }
    return call.explain(error);
  }
}

function contentPolicyViolation(raw: string): boolean {
  try {
    const detail = (JSON.parse(raw) as { detail?: unknown }).detail;
    return Array.isArray(detail) && detail.some((d: { type?: string }) => d?.type === 'content_policy_violation');
  } catch {
    return false;
  }
}

/** fal's error bodies: `{"detail": "..."}` or pydantic's `{"detail": [{loc, msg, type}]}`. */
function falMessage(raw: string): string {
  return jsonMessage(raw, (body) => {
    const detail = body?.detail;
    if (Array.isArray(detail)) return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).join('.')}: ${d.msg ?? ''}`).join('; ');
    return detail ?? body?.message;
  });
}

async function frameOf(image: Buffer): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return { width, height };
}
