import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = 'vton:isPublic';
/** Marks public operations in the OpenAPI document (no security requirement). */
export const PUBLIC_EXTENSION = 'x-public';

/** Opts a route (or a whole controller) out of the default JWT guard. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));
