import { HttpUrl } from '@vton/service-kit';
import { IsIn, IsOptional } from 'class-validator';
import { ModelName, RequiredFor } from '../../config/config-rules.js';
import type { ConfigClass } from '../provider-config.js';

/** The variables of FASHN (VTON_PROVIDER=fashn): declared, defaulted and validated here, composed by the registry. */
export function withFashnConfig<B extends ConfigClass>(Base: B) {
  class FashnConfig extends Base {
    @RequiredFor('fashn')
    FASHN_API_KEY?: string;

    @HttpUrl()
    FASHN_API_URL = 'https://api.fashn.ai/v1';

    @ModelName()
    FASHN_MODEL = 'tryon-v1.6';

    /** FASHN's speed/quality trade-off; unset: FASHN's default (balanced). */
    @IsOptional()
    @IsIn(['performance', 'balanced', 'quality'], { message: 'FASHN_MODE must be one of performance, balanced, quality' })
    FASHN_MODE?: 'performance' | 'balanced' | 'quality';
  }
  return FashnConfig;
}

export type FashnConfig = InstanceType<ReturnType<typeof withFashnConfig>>;

/** Where FASHN is called, for `npm start`'s banner (never the key). */
export const describeFashn = (config: FashnConfig) => config.FASHN_API_URL;
