import type { GarmentCategory } from '@vton/contracts';
import { fluxOutputSize, nearestAspect, placementFraming, placementInstruction } from '../placement-instruction.js';
import type { ProviderFraming, TryOnInput } from '../try-on-provider.js';
import { FRAME_JPEG_QUALITY } from '../../imaging/framing.js';

/** The images of one call as data URIs (nothing is uploaded to fal's CDN), and the frame's size. */
export interface FalImages {
  person: string;
  garment: string;
  mask: string;
  frame: { width: number; height: number };
}

/** How one fal model is called: its input fields (as fal publishes its schema), and the frame it works in. */
export interface FalModel {
  input(images: FalImages, request: TryOnInput): Record<string, unknown>;
  framing: ProviderFraming;
}

/**
 * 3:4 portrait, the size these open models are trained and served at (cat-vton's default `portrait_4_3`).
 * Every fal image field takes a JPEG data URI as well as a PNG one: the person is sent as JPEG.
 */
const PORTRAIT_3_4: ProviderFraming = { width: 768, height: 1024, mode: 'widen', context: 0.35, upscale: true, jpegQuality: FRAME_JPEG_QUALITY };
/** FASHN's own processing size (864×1296) and its recommended JPEG, as for the direct FASHN provider. */
const FASHN_FRAME: ProviderFraming = { width: 864, height: 1296, mode: 'widen', context: 0.35, upscale: true, jpegQuality: FRAME_JPEG_QUALITY };

// A product never reaches a try-on model (ProviderRouter sends it to the placement engine): its entry only completes the map.
const LEFFA_TYPE: Record<GarmentCategory, string> = { upper_body: 'upper_body', lower_body: 'lower_body', full_body: 'dresses', product: 'upper_body' };
const CAT_VTON_TYPE: Record<GarmentCategory, string> = { upper_body: 'upper', lower_body: 'lower', full_body: 'overall', product: 'upper' };
const FASHN_CATEGORY: Record<GarmentCategory, string> = { upper_body: 'tops', lower_body: 'bottoms', full_body: 'one-pieces', product: 'auto' };

/**
 * The fal try-on models the studio knows (FAL_MODEL), each with the input names of fal's published
 * schema (fal-js's generated endpoint types, `@fal-ai/client` src/types/endpoints.d.ts). `sync_mode`
 * asks for the image inline where the model takes it, so fal keeps no copy in the request history.
 * Any other FAL_MODEL gets the common human/garment URL fields.
 */
export const FAL_MODELS: Record<string, FalModel> = {
  'fal-ai/leffa/virtual-tryon': {
    input: ({ person, garment }, { category }) => ({
      human_image_url: person,
      garment_image_url: garment,
      garment_type: LEFFA_TYPE[category],
      output_format: 'png',
      sync_mode: true,
    }),
    framing: PORTRAIT_3_4,
  },
  'fal-ai/cat-vton': {
    input: ({ person, garment }, { category }) => ({
      human_image_url: person,
      garment_image_url: garment,
      cloth_type: CAT_VTON_TYPE[category],
      image_size: { width: PORTRAIT_3_4.width, height: PORTRAIT_3_4.height },
    }),
    framing: PORTRAIT_3_4,
  },
  'fal-ai/kling/v1-5/kolors-virtual-try-on': {
    input: ({ person, garment }) => ({ human_image_url: person, garment_image_url: garment, sync_mode: true }),
    framing: PORTRAIT_3_4,
  },
  // FASHN's model on fal: FASHN's own field names (model_image, garment_image), not the human/garment URLs.
  'fal-ai/fashn/tryon/v1.6': {
    input: ({ person, garment }, { category }) => ({
      model_image: person,
      garment_image: garment,
      category: FASHN_CATEGORY[category],
      garment_photo_type: 'auto',
      output_format: 'png',
      sync_mode: true,
    }),
    framing: FASHN_FRAME,
  },
};

/** Any other FAL_PLACEMENT_MODEL: the fields fal's multi-reference edit models share. */
export const GENERIC_FAL_PLACEMENT_MODEL: FalModel = {
  input: ({ person, garment, mask }, { prompt }) => ({ prompt: placementInstruction(prompt, 'third-image'), image_urls: [person, garment, mask] }),
  framing: placementFraming(2048),
};

export const GENERIC_FAL_MODEL: FalModel = {
  input: ({ person, garment }) => ({ human_image_url: person, garment_image_url: garment }),
  framing: PORTRAIT_3_4,
};

/** The aspect ratios of nano-banana-2/edit (its `aspect_ratio` enum, without `auto` and the extreme 1:8…8:1). */
const NANO_BANANA_RATIOS = ['21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16'] as const;

/**
 * The fal models that place a product (FAL_PLACEMENT_MODEL): multi-reference edit models taking
 * `image_urls` (the scene, the product, the mask) and the placement instruction as `prompt`, with
 * each model's own size field as its schema names it.
 */
export const FAL_PLACEMENT_MODELS: Record<string, FalModel> = {
  // Google's Gemini 3.1 Flash Image on fal.
  'fal-ai/nano-banana-2/edit': {
    input: ({ person, garment, mask, frame }, { prompt }) => ({
      prompt: placementInstruction(prompt, 'third-image'),
      image_urls: [person, garment, mask],
      aspect_ratio: nearestAspect(frame.width, frame.height, NANO_BANANA_RATIOS),
      resolution: Math.max(frame.width, frame.height) > 1024 ? '2K' : '1K',
      output_format: 'png',
      num_images: 1,
      sync_mode: true,
    }),
    framing: placementFraming(2048),
  },
  // Black Forest Labs' FLUX.2 [pro] on fal: the frame's own size (within its 4 MP, multiples of 16).
  'fal-ai/flux-2-pro/edit': {
    input: ({ person, garment, mask, frame }, { prompt }) => ({
      prompt: placementInstruction(prompt, 'third-image'),
      image_urls: [person, garment, mask],
      image_size: fluxOutputSize(frame),
      output_format: 'png',
      sync_mode: true,
    }),
    framing: placementFraming(2048),
  },
};
