import type { ComponentType } from 'react';

/** The module shape of every exposed `./App` and `./NotFound`: a default-exported component without props. */
export interface RemoteComponentModule {
  default: ComponentType;
}
