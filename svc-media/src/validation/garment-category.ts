import { DEFAULT_GARMENT_CATEGORY, ErrorCode, GARMENT_CATEGORIES, WORN_CATEGORIES, type GarmentCategory, type WornCategory } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';

/** A `category` form field or query parameter: undefined when absent; anything that is not a category is a 400. */
export function parseGarmentCategory(value: string | undefined, field = 'category'): GarmentCategory | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(GARMENT_CATEGORIES as readonly string[]).includes(value)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, `${field} must be one of ${GARMENT_CATEGORIES.join(', ')}`);
  }
  return value as GarmentCategory;
}

/** A suggested mask's `category`: a worn one, upper body when absent (a product's mask is painted by hand, never suggested). */
export function parseWornCategory(value: string | undefined, field = 'category'): WornCategory {
  const category = parseGarmentCategory(value, field) ?? DEFAULT_GARMENT_CATEGORY;
  if (!(WORN_CATEGORIES as readonly string[]).includes(category)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, `${field} must be one of ${WORN_CATEGORIES.join(', ')}: a product's mask is painted by hand`);
  }
  return category as WornCategory;
}
