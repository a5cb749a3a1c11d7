import { ModelName, OptionalHttpUrl, RequiredFor } from '../../config/config-rules.js';
import type { ConfigClass } from '../provider-config.js';

/** The openai SDK's base URL when OPENAI_BASE_URL is unset. */
const SDK_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** The variables of OpenAI's image edit (PLACEMENT_PROVIDER=openai): declared, defaulted and validated here, composed by the registry. */
export function withOpenAIConfig<B extends ConfigClass>(Base: B) {
  class OpenAIConfig extends Base {
    @RequiredFor('openai')
    OPENAI_API_KEY?: string;

    /** The openai SDK's own variable; unset, https://api.openai.com/v1. */
    @OptionalHttpUrl()
    OPENAI_BASE_URL?: string;

    /**
     * OpenAI shuts gpt-image-1.5 down on 2026-12-01 and recommends gpt-image-2.6-sunburst or
     * gpt-image-2.6-flare instead (https://developers.openai.com/api/docs/deprecations). Sunburst:
     * OpenAI's image generation guide (https://developers.openai.com/api/docs/guides/image-generation)
     * gives it the work where editing precision matters most, and a placed product has to keep its
     * details; Flare is its fast choice for everyday generation. It takes no input_fidelity.
     */
    @ModelName()
    OPENAI_IMAGE_MODEL = 'gpt-image-2.6-sunburst';
  }
  return OpenAIConfig;
}

export type OpenAIConfig = InstanceType<ReturnType<typeof withOpenAIConfig>>;

/** Where OpenAI is called and with which model, for `npm start`'s banner (never the key). */
export const describeOpenAI = (config: OpenAIConfig) => `${config.OPENAI_BASE_URL ?? SDK_DEFAULT_BASE_URL} (${config.OPENAI_IMAGE_MODEL})`;
