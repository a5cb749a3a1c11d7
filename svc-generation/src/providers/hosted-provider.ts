import { apiBase, callLimits, type CallLimits } from './provider-http.js';

/** What a hosted provider is built from: the model its settings name, and the bounds of each call. */
export interface HostedSettings extends CallLimits {
  model: string;
}

/** A REST API called with a key at a base URL and polled for its answer (FASHN, Black Forest Labs). */
export interface PolledApiSettings extends HostedSettings {
  apiKey: string;
  /** The *_API_URL without a trailing slash (a proxy, a test fake). */
  baseUrl: string;
  pollIntervalMs: number;
}

/** A polled API's settings from its variables (*_API_KEY, *_API_URL, *_MODEL) and the fleet's call bounds. */
export function polledApiSettings(
  config: Parameters<typeof callLimits>[0],
  api: { key: string | undefined; url: string; model: string; pollIntervalMs: number },
): PolledApiSettings {
  // An unset key never reaches a call: the config of a chosen provider without one is refused at start (RequiredFor).
  return { apiKey: api.key ?? '', baseUrl: apiBase(api.url), model: api.model, pollIntervalMs: api.pollIntervalMs, ...callLimits(config) };
}

/**
 * A hosted provider (FASHN, fal.ai, Vertex AI, Gemini, OpenAI, Black Forest Labs): built from its
 * settings, it calls the model they name (its *_MODEL variable). Each adds how it speaks to its API.
 */
export abstract class HostedProvider<S extends HostedSettings> {
  constructor(protected readonly settings: S) {}

  get model(): string {
    return this.settings.model;
  }
}
