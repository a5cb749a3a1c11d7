import { ErrorCode, GARMENT_CATEGORIES, type GarmentCategory } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';

/** A `category` form field or query parameter: undefined when absent; anything that is not a category is a 400. */
export function parseGarmentCategory(value: string | undefined, field = 'category'): GarmentCategory | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(GARMENT_CATEGORIES as readonly string[]).includes(value)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, `${field} must be one of ${GARMENT_CATEGORIES.join(', ')}`);
  }
  return value as GarmentCategory;
}
