import sharp from 'sharp';
import type { BflConfig } from './bfl.config.js';
import { safetyRefusal, vtonProcessingError } from '../../errors/try-on-errors.js';
import { fluxOutputSize, placementFraming, placementInstruction } from '../placement-instruction.js';
import { HostedProvider, polledApiSettings, type PolledApiSettings } from '../hosted-provider.js';
import { jsonMessage, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';

/** BFL_API_URL is https://api.bfl.ai by default. */
export type BflSettings = PolledApiSettings;

export function bflSettings(config: BflConfig): BflSettings {
  return polledApiSettings(config, { key: config.BFL_API_KEY, url: config.BFL_API_URL, model: config.BFL_MODEL, pollIntervalMs: config.VTON_POLL_INTERVAL_MS });
}

interface Submitted {
  id?: string;
  polling_url?: string;
}
interface Result {
  id?: string;
  status?: string;
  result?: { sample?: string } | null;
}

/**
 * Black Forest Labs' FLUX.2 API (REST; BFL publishes no SDK): POST {BFL_API_URL}/v1/{BFL_MODEL} with
 * `x-key`, the framed scene as `input_image`, the product as `input_image_2`, the mask as
 * `input_image_3`, the placement instruction with the seller's prompt, and the frame's own size in
 * multiples of 16 within 4 MP; then poll the answer's `polling_url` until `Ready` and download
 * `result.sample` at once (the signed URL expires after 10 minutes). `Request Moderated` and
 * `Content Moderated` are safety refusals. The key goes only to BFL's hosts (or BFL_API_URL's).
 */
export class BflProvider extends HostedProvider<BflSettings> implements TryOnProvider {
  readonly name = 'bfl' as const;
  readonly label = 'Black Forest Labs';
  readonly framing = placementFraming(2048);
  // Base64 in JSON: BFL documents no per-image cap; 10 MB keeps the body (three images) reasonable.
  readonly limits = { maxImageBytes: 10 * 1024 * 1024 };

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('Black Forest Labs', s, [s.apiKey], input.signal);
    const headers = { 'x-key': s.apiKey, 'content-type': 'application/json', accept: 'application/json' };
    // FastAPI's {"detail": "..."} or its validation list {"detail": [{loc, msg}]}.
    const messageOf = (raw: string) =>
      jsonMessage(raw, (body) => (Array.isArray(body?.detail) ? body.detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).join('.')}: ${d.msg ?? ''}`).join('; ') : body?.detail));
    const { width, height } = fluxOutputSize(await sharp(input.person).metadata());

    const submit = await call.failIfNotOk(
      await call.fetch(`${s.baseUrl}/v1/${encodeURIComponent(s.model)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          prompt: placementInstruction(input.prompt, 'third-image'),
          input_image: input.person.toString('base64'),
          input_image_2: input.garment.toString('base64'),
          input_image_3: input.mask.toString('base64'),
          width,
          height,
          output_format: 'png',
        }),
      }),
      messageOf,
    );
    const task = await call.json<Submitted>(submit);
    if (typeof task?.polling_url !== 'string' || !task.polling_url) throw vtonProcessingError('Black Forest Labs did not start a task');
    const pollingUrl = this.trusted(task.polling_url);

    for (;;) {
      const result = await call.json<Result>(await call.failIfNotOk(await call.fetch(pollingUrl, { headers: { 'x-key': s.apiKey, accept: 'application/json' } }), messageOf));
      switch (result?.status) {
        case 'Ready': {
          // At once: the sample's signed URL expires after 10 minutes. It carries its own signature, never our key.
          const image = await call.image(result.result?.sample);
          return { image, provider: this.name, model: s.model, durationMs: call.elapsedMs };
        }
        case 'Request Moderated':
        case 'Content Moderated':
          throw safetyRefusal('Black Forest Labs', result.status);
        case 'Error':
          throw vtonProcessingError('Black Forest Labs could not place the product (Error)', true);
        case 'Task not found':
          throw vtonProcessingError('Black Forest Labs no longer knows the task (Task not found)');
        case 'Pending':
        case 'Processing':
          await call.pause(s.pollIntervalMs);
          break;
        default:
          throw vtonProcessingError(`Black Forest Labs answered with an unknown task status ${JSON.stringify(result?.status ?? null)}`);
      }
    }
  }

  /** The polling URL, if it is BFL's (a regional api.*.bfl.ai) or on BFL_API_URL's host: the key is sent there. */
  private trusted(pollingUrl: string): string {
    let url: URL;
    try {
      url = new URL(pollingUrl);
    } catch {
      throw vtonProcessingError('Black Forest Labs answered with a polling URL that is not a URL');
    }
    const base = new URL(this.settings.baseUrl);
    const bfl = url.protocol === 'https:' && (url.hostname === 'bfl.ai' || url.hostname.endsWith('.bfl.ai'));
    if (!bfl && url.origin !== base.origin) throw vtonProcessingError(`Black Forest Labs answered with a polling URL on another host (${url.host}); the key is not sent there`);
    return url.href;
  }
}
