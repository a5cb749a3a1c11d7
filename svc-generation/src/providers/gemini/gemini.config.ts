import { IsOptional, IsString } from 'class-validator';
import { ModelName, OptionalHttpUrl } from '../../config/config-rules.js';
import type { ConfigClass } from '../provider-config.js';
import type { GoogleCloudConfig } from '../vertex/google-cloud.config.js';

/** The variables of Gemini (PLACEMENT_PROVIDER=gemini; through Vertex AI it also reads the Google Cloud ones): declared, defaulted and validated here, composed by the registry. */
export function withGeminiConfig<B extends ConfigClass>(Base: B) {
  class GeminiConfig extends Base {
    /** Gemini API key (PLACEMENT_PROVIDER=gemini); unset, Gemini is reached through Vertex AI with the Google Cloud variables (vertex/google-cloud.config.ts). */
    @IsOptional()
    @IsString()
    GEMINI_API_KEY?: string;

    @ModelName()
    GEMINI_MODEL = 'gemini-3.1-flash-image';

    /** The SDK's base URL (a proxy, a test fake); unset, Google's host for the Gemini API or Vertex AI. */
    @OptionalHttpUrl()
    GEMINI_API_URL?: string;
  }
  return GeminiConfig;
}

export type GeminiConfig = InstanceType<ReturnType<typeof withGeminiConfig>> & GoogleCloudConfig;

/** Where Gemini is called (GEMINI_API_URL, else the Gemini API with a key, Vertex AI without) and with which model, for `npm start`'s banner (never the key). */
export const describeGemini = (config: GeminiConfig) => `${config.GEMINI_API_URL ?? (config.GEMINI_API_KEY ? 'the Gemini API' : 'Vertex AI')} (${config.GEMINI_MODEL})`;
