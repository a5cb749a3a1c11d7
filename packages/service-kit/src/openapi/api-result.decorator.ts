import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';

/** Notes an operation's successful answer in the OpenAPI document: `x-result`. */
export const RESULT_EXTENSION = 'x-result';
/** Notes a public route (no token) that belongs to the public API reference: `x-public-api`. */
export const PUBLIC_API_EXTENSION = 'x-public-api';

export interface ApiResultOptions {
  status?: 200 | 201 | 204;
  description: string;
  /** The answer is a list of `type`. */
  list?: boolean;
  /** The answer is not JSON (an image, an event stream). */
  mediaType?: string;
}

/**
 * The operation's successful answer is the `@vton/contracts` type named `type`: the public API
 * reference (packages/api-reference) turns that name into a JSON Schema generated from the type,
 * so the typed client and the services' TypeScript cannot disagree.
 */
export function ApiResult(type: string | null, { status = 200, description, list = false, mediaType }: ApiResultOptions) {
  return applyDecorators(ApiResponse({ status, description }), ApiExtension(RESULT_EXTENSION, { status, type, list, mediaType }));
}

/** A public route (its URL carries its own permission, such as a signature) that API callers use. */
export const PublicApi = () => ApiExtension(PUBLIC_API_EXTENSION, true);
