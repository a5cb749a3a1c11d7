import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'vton:isPublic';

/** Opts a route (or a whole controller) out of the default JWT guard. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
