import type { GoogleAuth } from 'google-auth-library';
import { vertexApiUrl, type VertexConfig } from './vertex.config.js';
import { vtonApiError, vtonProcessingError } from '../../errors/try-on-errors.js';
import { HostedProvider, type HostedSettings } from '../hosted-provider.js';
import { apiBase, callLimits, jsonMessage, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';
import { googleAuthFor } from './google-credentials.js';
import { FRAME_JPEG_QUALITY } from '../../imaging/framing.js';

export interface VertexSettings extends HostedSettings {
  auth: GoogleAuth;
  /** GOOGLE_CLOUD_PROJECT; unset: the credentials' project. */
  project?: string;
  location: string;
  /** VERTEX_PERSON_GENERATION, passed through as `parameters.personGeneration` (unset: Google's default). */
  personGeneration?: string;
  /** The API's base, by default the location's host (vertexHost). */
  baseUrl: string;
}

export function vertexSettings(config: VertexConfig): VertexSettings {
  const location = config.GOOGLE_CLOUD_LOCATION;
  return {
    auth: googleAuthFor(config.GOOGLE_APPLICATION_CREDENTIALS),
    project: config.GOOGLE_CLOUD_PROJECT,
    location,
    personGeneration: config.VERTEX_PERSON_GENERATION,
    baseUrl: apiBase(vertexApiUrl(config)),
    model: config.VERTEX_MODEL,
    ...callLimits(config),
  };
}

interface PredictAnswer {
  predictions?: { mimeType?: string; bytesBase64Encoded?: string; gcsUri?: string; raiFilteredReason?: string }[];
  modelVersionId?: string;
}

/**
 * Vertex AI Virtual Try-On (research/providers.md): one synchronous `:predict` with the person and
 * the product as base64, authenticated with an OAuth access token from google-auth-library
 * (service account or ADC; cached by the library until it nears expiry). The answer has the
 * input's size, so the region is sent in its own aspect, up to 1536 px a side, and kept below the
 * documented 10 MB per image (base64 included), as a JPEG (one of the two types it documents, with
 * PNG). Vertex takes no garment category.
 */
export class VertexProvider extends HostedProvider<VertexSettings> implements TryOnProvider {
  readonly name = 'vertex' as const;
  readonly label = 'Google Vertex AI';
  readonly framing = { width: 1536, height: 1536, mode: 'free' as const, context: 0.35, upscale: false, jpegQuality: FRAME_JPEG_QUALITY };
  // 10 MB per image as sent; base64 adds a third.
  readonly limits = { maxImageBytes: Math.floor((10 * 1024 * 1024 * 3) / 4) };
  private project?: string;

  constructor(settings: VertexSettings) {
    super(settings);
    this.project = settings.project;
  }

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('Vertex AI', s, [], input.signal);
    const token = await this.accessToken(call);
    const project = await this.projectId(call);
    const url = `${s.baseUrl}/v1/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(s.location)}/publishers/google/models/${encodeURIComponent(s.model)}:predict`;
    const response = await call.failIfNotOk(
      await call.fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify({
          instances: [
            {
              personImage: { image: { bytesBase64Encoded: input.person.toString('base64') } },
              productImages: [{ image: { bytesBase64Encoded: input.garment.toString('base64') } }],
            },
          ],
          parameters: { sampleCount: 1, outputOptions: { mimeType: 'image/png' }, ...(s.personGeneration ? { personGeneration: s.personGeneration } : {}) },
        }),
      }),
      // google.rpc.Status: {"error": {"code", "message", "status"}}
      (raw) => jsonMessage(raw, (body) => (body?.error?.status && body?.error?.message ? `${body.error.status}: ${body.error.message}` : (body?.error?.message ?? body?.error))),
    );
    const answer = await call.json<PredictAnswer>(response);
    const prediction = Array.isArray(answer?.predictions) ? answer.predictions[0] : undefined;
    if (prediction?.raiFilteredReason) {
      throw vtonProcessingError(`Vertex AI filtered the try-on out (${prediction.raiFilteredReason})`);
    }
    if (typeof prediction?.bytesBase64Encoded !== 'string' || !prediction.bytesBase64Encoded) {
      throw vtonProcessingError('Vertex AI answered without an image');
    }
    return {
      image: Buffer.from(prediction.bytesBase64Encoded, 'base64'),
      provider: this.name,
      model: s.model,
      ...(answer.modelVersionId ? { version: answer.modelVersionId } : {}),
      durationMs: call.elapsedMs,
    };
  }

  /** An access token (the library caches it); a refusal by the token endpoint is Google's answer, in §8's words. */
  private async accessToken(call: ProviderCall): Promise<string> {
    try {
      const token = await withinCall(call, this.settings.auth.getAccessToken());
      if (!token) throw vtonProcessingError('Google credentials gave no access token');
      return token;
    } catch (error) {
      const response = (error as { response?: { status?: number; statusText?: string } }).response;
      if (response?.status) {
        throw vtonApiError(response.status, response.statusText ?? '', call.redact(`Google token endpoint: ${(error as Error).message}`).slice(0, 500));
      }
      throw call.explain(error);
    }
  }

  private async projectId(call: ProviderCall): Promise<string> {
    if (!this.project) {
      try {
        this.project = await withinCall(call, this.settings.auth.getProjectId());
      } catch (error) {
        if (call.signal.aborted) throw call.explain(error);
        throw vtonProcessingError('Google credentials name no Google Cloud project: set GOOGLE_CLOUD_PROJECT');
      }
    }
    return this.project;
  }
}

/** A library promise that knows nothing of our signal, abandoned when the call's deadline or the caller's signal fires. */
function withinCall<T>(call: ProviderCall, promise: Promise<T>): Promise<T> {
  if (call.signal.aborted) return Promise.reject(call.signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(call.signal.reason);
    call.signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        call.signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        call.signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
