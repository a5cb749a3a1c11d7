import { ErrorCode } from '@vton/contracts';
import { ApiException, parseRecordId, type PageSizes } from '@vton/service-kit';

/** A list's page size when the caller names none, and the most it may ask for (the gallery, the product library). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZES: PageSizes = { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE };

/** `?cursor=`: the `nextCursor` a previous page answered (an id or a gallery number: a record id's rule). */
export function pageCursor(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const cursor = parseRecordId(value);
  if (cursor === null) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'cursor is not one this API returned');
  return cursor;
}
