import { HttpUrl } from '@vton/service-kit';
import { Matches } from 'class-validator';
import { RequiredFor } from '../../config/config-rules.js';
import type { ConfigClass } from '../provider-config.js';

/** The variables of Black Forest Labs FLUX.2 (PLACEMENT_PROVIDER=bfl): declared, defaulted and validated here, composed by the registry. */
export function withBflConfig<B extends ConfigClass>(Base: B) {
  class BflConfig extends Base {
    @RequiredFor('bfl')
    BFL_API_KEY?: string;

    @HttpUrl()
    BFL_API_URL = 'https://api.bfl.ai';

    /** A FLUX model path of BFL's API (flux-2-pro, flux-2-max, flux-2-flex, …). */
    @Matches(/^[a-z0-9][a-z0-9.-]*$/, { message: 'BFL_MODEL must be a BFL model path such as flux-2-pro' })
    BFL_MODEL = 'flux-2-pro';
  }
  return BflConfig;
}

export type BflConfig = InstanceType<ReturnType<typeof withBflConfig>>;

/** Where Black Forest Labs is called and with which model, for `npm start`'s banner (never the key). */
export const describeBfl = (config: BflConfig) => `${config.BFL_API_URL} (${config.BFL_MODEL})`;
