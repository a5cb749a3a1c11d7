import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiQuery } from '@nestjs/swagger';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '../errors/api-exception.js';

/** A list's page size when the caller names none, and the most it may ask for. */
export interface PageSizes {
  default: number;
  max: number;
}

/** `?limit=`: a whole number from 1 to `sizes.max` (`sizes.default` when absent). */
export function pageSize(value: string | undefined, sizes: PageSizes): number {
  if (value === undefined || value === '') return sizes.default;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= sizes.max)) throw new ApiException(400, ErrorCode.INVALID_INPUT, `limit must be a whole number from 1 to ${sizes.max}`);
  return limit;
}

/**
 * The `?limit=` and `?cursor=` of a list that answers one page and its `nextCursor`, and the 400 for
 * either out of range, in the OpenAPI document; a list with more query rules words its own 400.
 */
export function ApiPageQuery(sizes: PageSizes, badRequest = 'A limit or cursor out of range.'): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: sizes.max, default: sizes.default } }),
    ApiQuery({ name: 'cursor', required: false, schema: { type: 'string' }, description: '`nextCursor` of the previous page.' }),
    ApiBadRequestResponse({ description: badRequest }),
  );
}
