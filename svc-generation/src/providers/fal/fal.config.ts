import { HttpUrl } from '@vton/service-kit';
import { Matches } from 'class-validator';
import { RequiredFor } from '../../config/config-rules.js';
import type { ConfigClass, ProviderUse } from '../provider-config.js';

/** The variables of fal.ai (VTON_PROVIDER=fal for garments, PLACEMENT_PROVIDER=fal for products): declared, defaulted and validated here, composed by the registry. */
export function withFalConfig<B extends ConfigClass>(Base: B) {
  class FalConfig extends Base {
    @RequiredFor('fal')
    FAL_KEY?: string;

    /** A fal model id: fal-ai/leffa/virtual-tryon, fal-ai/cat-vton, fal-ai/kling/v1-5/kolors-virtual-try-on, fal-ai/idm-vton, … */
    @Matches(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/, { message: 'FAL_MODEL must be a fal model id such as fal-ai/leffa/virtual-tryon' })
    FAL_MODEL = 'fal-ai/leffa/virtual-tryon';

    @HttpUrl()
    FAL_QUEUE_URL = 'https://queue.fal.run';

    /** The fal model that places products (PLACEMENT_PROVIDER=fal): fal-ai/nano-banana-2/edit, fal-ai/flux-2-pro/edit. */
    @Matches(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/, { message: 'FAL_PLACEMENT_MODEL must be a fal model id such as fal-ai/flux-2-pro/edit' })
    FAL_PLACEMENT_MODEL = 'fal-ai/nano-banana-2/edit';
  }
  return FalConfig;
}

export type FalConfig = InstanceType<ReturnType<typeof withFalConfig>>;

/** Where fal is called and with which model (FAL_MODEL for garments, FAL_PLACEMENT_MODEL for products), for `npm start`'s banner (never the key). */
export const describeFal = (config: FalConfig, use: ProviderUse) => `${config.FAL_QUEUE_URL} (${use === 'placement' ? config.FAL_PLACEMENT_MODEL : config.FAL_MODEL})`;
