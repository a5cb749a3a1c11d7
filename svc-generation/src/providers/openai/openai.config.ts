import { HttpUrl } from '@vton/service-kit';
import { IsNotEmpty, IsOptional } from 'class-validator';
import { RequiredFor } from '../../config/config-rules.js';
import type { ConfigClass } from '../provider-config.js';

/** The variables of OpenAI's image edit (PLACEMENT_PROVIDER=openai): declared, defaulted and validated here, composed by the registry. */
export function withOpenAIConfig<B extends ConfigClass>(Base: B) {
  class OpenAIConfig extends Base {
    @RequiredFor('openai')
    OPENAI_API_KEY?: string;

    /** The openai SDK's own variable; unset, https://api.openai.com/v1. */
    @IsOptional()
    @HttpUrl()
    OPENAI_BASE_URL?: string;

    @IsNotEmpty({ message: 'OPENAI_IMAGE_MODEL must not be empty' })
    OPENAI_IMAGE_MODEL = 'gpt-image-1.5';
  }
  return OpenAIConfig;
}

export type OpenAIConfig = InstanceType<ReturnType<typeof withOpenAIConfig>>;
