import type { CallLimits } from './provider-http.js';

/** What a hosted provider is built from: the model its settings name, and the bounds of each call. */
export interface HostedSettings extends CallLimits {
  model: string;
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
