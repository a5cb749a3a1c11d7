import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { DEFAULT_GARMENT_CATEGORY, type GarmentCategory } from '@vton/contracts';

/**
 * A multipart form with one file in `field` (readOneFile reads it), in the OpenAPI document; with
 * `categories`, also an optional `category` field: one of them, upper body when absent.
 */
export function ApiFileForm(field: string, categories?: readonly GarmentCategory[]): MethodDecorator {
  const properties: Record<string, object> = { [field]: { type: 'string', format: 'binary' } };
  if (categories) properties.category = { type: 'string', enum: [...categories], default: DEFAULT_GARMENT_CATEGORY };
  return applyDecorators(ApiConsumes('multipart/form-data'), ApiBody({ schema: { type: 'object', properties, required: [field] } }));
}
