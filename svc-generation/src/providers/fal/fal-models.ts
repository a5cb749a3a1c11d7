import type { GarmentCategory } from '@vton/contracts';
import type { ProviderFraming, TryOnInput } from '../try-on-provider.js';

/** How one fal model is called: its input fields, how the garment category is named, and the frame it works in. */
export interface FalModel {
  input(person: string, garment: string, request: TryOnInput): Record<string, unknown>;
  framing: ProviderFraming;
}

/** 3:4 portrait, the size these open models are trained and served at (cat-vton's default `portrait_4_3`). */
const PORTRAIT_3_4: ProviderFraming = { width: 768, height: 1024, mode: 'widen', context: 0.35, upscale: true };

// A product never reaches a try-on model (ProviderRouter sends it to the placement engine): its entry only completes the map.
const LEFFA_TYPE: Record<GarmentCategory, string> = { upper_body: 'upper_body', lower_body: 'lower_body', full_body: 'dresses', product: 'upper_body' };
const CAT_VTON_TYPE: Record<GarmentCategory, string> = { upper_body: 'upper', lower_body: 'lower', full_body: 'overall', product: 'upper' };

/**
 * The fal models the studio knows (input names from fal-js's generated endpoint types, see
 * research/providers.md). `sync_mode` asks for the image inline, so fal keeps no copy in the
 * request history. Any other FAL_MODEL gets the common human/garment URL fields.
 */
export const FAL_MODELS: Record<string, FalModel> = {
  'fal-ai/leffa/virtual-tryon': {
    input: (person, garment, { category }) => ({
      human_image_url: person,
      garment_image_url: garment,
      garment_type: LEFFA_TYPE[category],
      output_format: 'png',
      sync_mode: true,
    }),
    framing: PORTRAIT_3_4,
  },
  'fal-ai/cat-vton': {
    input: (person, garment, { category }) => ({
      human_image_url: person,
      garment_image_url: garment,
      cloth_type: CAT_VTON_TYPE[category],
      image_size: { width: PORTRAIT_3_4.width, height: PORTRAIT_3_4.height },
    }),
    framing: PORTRAIT_3_4,
  },
  'fal-ai/kling/v1-5/kolors-virtual-try-on': {
    input: (person, garment) => ({ human_image_url: person, garment_image_url: garment, sync_mode: true }),
    framing: PORTRAIT_3_4,
  },
  // Not in fal-js's generated types: `description` (the prompt) follows fal's IDM-VTON page as remembered; check it there.
  'fal-ai/idm-vton': {
    input: (person, garment, { prompt }) => ({ human_image_url: person, garment_image_url: garment, description: prompt || 'a garment' }),
    framing: PORTRAIT_3_4,
  },
};

export const GENERIC_FAL_MODEL: FalModel = {
  input: (person, garment) => ({ human_image_url: person, garment_image_url: garment }),
  framing: PORTRAIT_3_4,
};
