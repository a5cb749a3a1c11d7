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

    @ModelName()
    OPENAI_IMAGE_MODEL = 'gpt-image-1.5';
  }
  return OpenAIConfig;
}

export type OpenAIConfig = InstanceType<ReturnType<typeof withOpenAIConfig>>;

/** Where OpenAI is called and with which model, for `npm start`'s banner (never the key). */
export const describeOpenAI = (config: OpenAIConfig) => `${config.OPENAI_BASE_URL ?? SDK_DEFAULT_BASE_URL} (${config.OPENAI_IMAGE_MODEL})`;
