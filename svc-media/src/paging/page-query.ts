import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';

/** A list's page size when the caller names none, and the most it may ask for (the gallery, the product library). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** `?limit=`: a whole number from 1 to MAX_PAGE_SIZE (DEFAULT_PAGE_SIZE when absent). */
export function pageSize(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) throw new ApiException(400, ErrorCode.INVALID_INPUT, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  return limit;
}

/** `?cursor=`: the `nextCursor` a previous page answered (a positive whole number). */
export function pageCursor(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'cursor is not one this API returned');
  return Number(value);
}
