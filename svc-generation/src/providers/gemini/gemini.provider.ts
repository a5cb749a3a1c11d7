import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { STATUS_CODES } from 'node:http';
import sharp from 'sharp';
import type { GeminiConfig } from './gemini.config.js';
import { safetyRefusal, vtonApiError, vtonProcessingError, type ModelTryOnError } from '../../errors/try-on-errors.js';
import { nearestAspect, placementFraming, placementInstruction } from '../placement-instruction.js';
import { HostedProvider, type HostedSettings } from '../hosted-provider.js';
import { apiBase, callLimits, jsonMessage, parseRetryAfter, ProviderCall } from '../provider-http.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../try-on-provider.js';
import { googleAuthFor } from '../vertex/google-credentials.js';
import type { GoogleAuth } from 'google-auth-library';
import { sentImageType } from '../../imaging/framing.js';

/** The aspect ratios Gemini's image models answer in (ImageConfig.aspectRatio). */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;
/**
 * Finish and block reasons of an answer without an image that the studio reports as a refusal for
 * safety (issue 28 names IMAGE_SAFETY, IMAGE_PROHIBITED_CONTENT and NO_IMAGE; the others are Google's
 * other content filters). Any other reason is a plain processing error naming it.
 */
const SAFETY_REASONS = new Set(['SAFETY', 'IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'IMAGE_PROHIBITED_CONTENT', 'NO_IMAGE', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_RECITATION']);

export type GeminiSettings = HostedSettings & {
  /** GEMINI_API_URL: the SDK's base URL (a proxy, a test fake); unset, Google's own host. */
  baseUrl?: string;
} & (
  | { backend: 'gemini-api'; apiKey: string }
  | { backend: 'vertex'; auth: GoogleAuth; project?: string; location: string }
);

/**
 * GEMINI_API_KEY → the Gemini API; without it, Vertex AI with the same Google credentials as the
 * `vertex` try-on provider (GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_PROJECT, GOOGLE_CLOUD_LOCATION).
 */
export function geminiSettings(config: GeminiConfig): GeminiSettings {
  const common = { model: config.GEMINI_MODEL, baseUrl: config.GEMINI_API_URL && apiBase(config.GEMINI_API_URL), ...callLimits(config) };
  if (config.GEMINI_API_KEY) return { ...common, backend: 'gemini-api', apiKey: config.GEMINI_API_KEY };
  return { ...common, backend: 'vertex', auth: googleAuthFor(config.GOOGLE_APPLICATION_CREDENTIALS), project: config.GOOGLE_CLOUD_PROJECT, location: config.GOOGLE_CLOUD_LOCATION };
}

/**
 * Google's Gemini image models through the official @google/genai SDK (generateContent): the framed
 * scene, the product and the mask as inline images, then the placement instruction with the seller's
 * prompt; the answer is asked for in the aspect ratio nearest the frame's (imageConfig.aspectRatio)
 * at the size nearest its long side (imageSize). The SDK's own retries are off: one call is one
 * attempt, the queue retries (VTON_MAX_ATTEMPTS) and a 429's RetryInfo pauses the engine fleet-wide.
 */
export class GeminiProvider extends HostedProvider<GeminiSettings> implements TryOnProvider {
  readonly name = 'gemini' as const;
  readonly label = 'Google Gemini';
  readonly framing = placementFraming(2048);
  // Inline data: the whole request stays below the Gemini API's 20 MB; three images share it.
  readonly limits = { maxImageBytes: 6 * 1024 * 1024 };
  private vertex?: Promise<{ project: string; authClient: unknown }>;

  async tryOn(input: TryOnInput): Promise<TryOnOutput> {
    const s = this.settings;
    const call = new ProviderCall('Google Gemini', s, s.backend === 'gemini-api' ? [s.apiKey] : [], input.signal);
    const { width, height } = await sharp(input.person).metadata();
    let answer: GenerateContentResponse;
    const seen: { retryAfter?: string | null } = {};
    try {
      const client = await this.clientFor(call, seen);
      answer = await client.models.generateContent({
        model: s.model,
        contents: [
          {
            role: 'user',
            parts: [
              { inlineData: { mimeType: sentImageType(input.person), data: input.person.toString('base64') } },
              { inlineData: { mimeType: 'image/png', data: input.garment.toString('base64') } },
              { inlineData: { mimeType: 'image/png', data: input.mask.toString('base64') } },
              { text: placementInstruction(input.prompt, 'third-image') },
            ],
          },
        ],
        config: {
          responseModalities: ['IMAGE'],
          imageConfig: { aspectRatio: nearestAspect(width!, height!, ASPECT_RATIOS), imageSize: Math.max(width!, height!) > 1024 ? '2K' : '1K' },
          abortSignal: call.signal,
        },
      });
    } catch (error) {
      throw this.explain(call, error, seen.retryAfter);
    }
    const blocked = answer?.promptFeedback?.blockReason;
    if (blocked) throw safetyRefusal('Google Gemini', String(blocked));
    const candidate = answer?.candidates?.[0];
    const image = candidate?.content?.parts?.find((part) => part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/'))?.inlineData?.data;
    if (!image) {
      const reason = String(candidate?.finishReason ?? 'STOP');
      if (SAFETY_REASONS.has(reason)) throw safetyRefusal('Google Gemini', reason);
      const said = candidate?.content?.parts?.find((part) => part.text)?.text;
      throw vtonProcessingError(call.redact(`Google Gemini answered without an image (${reason}${said ? `: ${said.slice(0, 200)}` : ''})`));
    }
    return { image: Buffer.from(image, 'base64'), provider: this.name, model: s.model, ...(answer.modelVersion ? { version: answer.modelVersion } : {}), durationMs: call.elapsedMs };
  }

  /**
   * The SDK's client for one call: the Gemini API with the key, or Vertex AI (its project resolved
   * once from the credentials when not set; the credentials' token cache is shared). No SDK timeout
   * and no SDK retries: the call's own deadline (VTON_TIMEOUT_MS, the abort signal) covers it and the
   * queue retries. The SDK is given Node's fetch so that an error answer's Retry-After header is kept
   * for this call (the SDK's ApiError keeps only status and body).
   */
  private async clientFor(call: ProviderCall, seen: { retryAfter?: string | null }): Promise<GoogleGenAI> {
    const s = this.settings;
    const httpOptions = {
      ...(s.baseUrl ? { baseUrl: s.baseUrl } : {}),
      fetch: async (url: string | URL | Request, init?: RequestInit) => {
        const response = await fetch(url, init);
        if (!response.ok) seen.retryAfter = response.headers.get('retry-after');
        return response;
      },
    };
    if (s.backend === 'gemini-api') return new GoogleGenAI({ apiKey: s.apiKey, httpOptions });
    this.vertex ??= (async () => {
      const project = s.project ?? (await s.auth.getProjectId().catch(() => undefined));
      if (!project) throw vtonProcessingError('Google credentials name no Google Cloud project: set GOOGLE_CLOUD_PROJECT');
      // The same credentials as the vertex provider (google-credentials.ts: a service account's token_uri is honoured).
      return { project, authClient: await s.auth.getClient() };
    })();
    this.vertex.catch(() => (this.vertex = undefined));
    const { project, authClient } = await this.vertex;
    if (call.signal.aborted) throw call.signal.reason;
    return new GoogleGenAI({ vertexai: true, project, location: s.location, googleAuthOptions: { authClient: authClient as never }, httpOptions });
  }

  /** The SDK's errors in §8's words: an ApiError is Google's answer (google.rpc.Status; on a 429 the wait from Retry-After or its RetryInfo); a SyntaxError a garbage body. */
  private explain(call: ProviderCall, error: unknown, retryAfter?: string | null): ModelTryOnError {
    if (error instanceof ApiError) {
      const message = call.redact(jsonMessage(error.message, (body) => (body?.error?.status && body?.error?.message ? `${body.error.status}: ${body.error.message}` : (body?.error?.message ?? body?.error)))).slice(0, 500);
      return vtonApiError(error.status, STATUS_CODES[error.status] ?? '', message, parseRetryAfter(retryAfter) ?? retryDelayOf(error.message));
    }
    // By name: the SDK's response.json() throws a SyntaxError of another realm.
    if ((error as Error)?.name === 'SyntaxError' && !call.signal.aborted) return vtonProcessingError('Google Gemini answered with a body that is not JSON');
    const response = (error as { response?: { status?: number; statusText?: string } }).response;
    if (response?.status) return vtonApiError(response.status, response.statusText ?? '', call.redact(`Google token endpoint: ${(error as Error).message}`).slice(0, 500));
    return call.explain(error);
  }
}

/** google.rpc.RetryInfo's retryDelay ("7s", "1.5s") in a Google error body: how long Google asks us to wait. */
function retryDelayOf(raw: string): number | undefined {
  try {
    const details = (JSON.parse(raw) as { error?: { details?: { '@type'?: string; retryDelay?: string }[] } }).error?.details ?? [];
    const delay = details.find((d) => d['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay;
    const seconds = delay ? /^(\d+(?:\.\d+)?)s$/.exec(delay)?.[1] : undefined;
    return seconds ? Math.round(Number(seconds) * 1000) : undefined;
  } catch {
    return undefined;
  }
}
