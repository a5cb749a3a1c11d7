import type { GarmentCategory, WornCategory } from './garment-category.js';
import type { ResultProviderMetadata } from './providers.js';

/**
 * svc-media's API (spec §3, §7). Image URLs are short-lived signed same-origin URLs
 * (`/api/media/files/...?...&sig=`) because an <img> cannot send a Bearer header.
 */
export interface CropData { x: number; y: number; width: number; height: number; naturalWidth: number; naturalHeight: number }
export interface CropBounds { x: number; y: number; width: number; height: number }

/**
 * A garment or product of the seller's library. POST /api/garments (multipart, field `file`, optional
 * `category`); GET /api/garments (GarmentsPage); GET /api/garments/:id; PATCH /api/garments/:id
 * (UpdateGarmentRequest); POST /api/garments/:id/crop (CropData); DELETE /api/garments/:id.
 */
export interface GarmentRecord {
  id: number;
  /** The product's name: the upload's file name without its extension until the seller renames it (names its results in a run's archive). */
  name: string;
  filename: string;
  /** Its garment category: which mask of a model photo it is tried on with, and which engine makes it. */
  category: GarmentCategory;
  width: number;
  height: number;
  /** Signed URL of the stored (re-encoded) upload. */
  url: string;
  /** Signed URL of the 960×960 PNG crop, null until cropped; replacing the garment clears it. */
  croppedUrl: string | null;
  cropData: CropData | null;
  uploadedAt: string;
}

/** GET /api/garments?limit=&cursor= → the product library, newest first. */
export interface GarmentsPage {
  garments: GarmentRecord[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  total: number;
}

/** PATCH /api/garments/:id body: rename the product or change its category. */
export interface UpdateGarmentRequest {
  name?: string;
  category?: GarmentCategory;
}

/** The longest product name. */
export const MAX_GARMENT_NAME_LENGTH = 200;

/** Stored model status (spec §4); the client shows `processing` until its upload is stored. */
export type ModelStatus = 'uploading' | 'processing' | 'uploaded' | 'ready';

/** One approved mask of a model photo: where a garment of its category goes. */
export interface ModelMask {
  croppedImageUrl: string;
  processedMaskUrl: string;
  bounds: CropBounds;
  approvedAt: string;
}

/** A model photo's approved masks, one per garment category at most. */
export type ModelMasks = Partial<Record<GarmentCategory, ModelMask>>;

/**
 * A model photo's suggested masks by garment category: the signed URL of each (lime on transparency,
 * the photo's shape, at most SUGGESTED_MASK_MAX_SIDE a side), kept so a reload or another browser
 * finds them. Only worn categories have suggestions: a product's mask is painted by hand.
 */
export type SuggestedMasks = Partial<Record<WornCategory, string>>;

/**
 * POST /api/models (multipart, field `files`, several); GET /api/models; POST /api/models/:id/mask
 * (multipart, field `mask`: PNG at the photo's size, optional `category`, default upper body);
 * PUT/DELETE /api/models/:id/suggested-mask (optional `category`, default upper body).
 */
export interface ModelPhotoRecord {
  id: number;
  filename: string;
  width: number;
  height: number;
  status: ModelStatus;
  url: string;
  /** Small preview (≤ 400 px) for tiles. */
  thumbnailUrl: string;
  /** Its approved masks by garment category. */
  masks: ModelMasks;
  /** The mask approved last, whatever its category (clients from before masks per category read this). */
  inpaint: {
    croppedImageUrl: string;
    processedMaskUrl: string;
    bounds: CropBounds;
  } | null;
  /** Why the last mask failed, when status went back to `uploaded`. */
  error?: string;
  /** Its suggested masks waiting for approval, by garment category (signed URLs); one leaves once that category's mask is approved. */
  suggestedMasks: SuggestedMasks;
  uploadedAt: string;
}

export type GenerationType = 'vton' | 'mock';

/** POST /api/generated-images body (spec §3 "Saved generated-image record"). */
export interface SaveGeneratedImageRequest {
  imageUrl: string; // data:image/png;base64,...
  garmentId?: number | null;
  modelId?: number | null;
  prompt?: string;
  generationType?: GenerationType;
  metadata?: { processedAt?: string; scaleFactor?: number; [key: string]: unknown } & ResultProviderMetadata;
}

/**
 * One saved result as listed (never image bytes in the list). Also the answer of
 * GET /api/generated-images/:id (owner only, 404 otherwise): the same record with freshly signed
 * URLs, which is how a stored try-on result's expired links are renewed.
 */
export interface GeneratedImageRecord {
  id: number;
  /** Signed URL of the full-size PNG (viewer, download). */
  imageUrl: string;
  /** Signed URL of a small WebP/PNG thumbnail for grid tiles. */
  thumbnailUrl: string;
  width: number;
  height: number;
  garmentId: number | null;
  modelId: number | null;
  prompt: string | null;
  generationType: GenerationType;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  /** Its number in the seller's gallery ("Result #n", download vton-result-{n}.png): 1 for the first, never renumbered. */
  number: number;
  /** The file name of the model photo it was made from (the caption under "Result #n"). */
  modelFilename: string | null;
  /**
   * The name of the product (garment) it was made from, as the product library shows it: its name now,
   * or, once the product is deleted, its name when the result was saved. Null without a product.
   */
  productName: string | null;
}

/** GET /api/generated-images?limit=&cursor= → newest first; `?ids=1,2,3` (at most 100) → those images only, newest first. */
export interface GeneratedImagesPage {
  images: GeneratedImageRecord[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  total: number;
}

/**
 * The variants of a stored file a seller (or an API caller, with their own token) reads back:
 * - GET /api/garments/:id/files/original | cropped            → the upload, or the 960×960 crop (PNG)
 * - GET /api/models/:id/files/original | inpaint-cropped | inpaint-mask → the photo, the mask region cut
 *   from it (PNG), or the processed mask for those bounds (PNG, white = garment)
 * svc-generation's workers do not use these: they read through INTERNAL_MEDIA_PATHS with the
 * service credential (generation.ts), and save results through a granted upload.
 */
export const MEDIA_FILE_VARIANTS = ['original', 'cropped', 'inpaint-cropped', 'inpaint-mask'] as const;
export type MediaFileVariant = (typeof MEDIA_FILE_VARIANTS)[number];

/** The most model photos a saved studio workspace holds. */
export const MAX_WORKSPACE_MODELS = 200;

/**
 * The seller's studio workspace, kept on the server (GET/PUT /api/media/workspace): the garment,
 * the model photos in order, the prompt and the garment category. Its crop, masks and status come with those records.
 */
export interface WorkspaceRecord {
  garmentId: number | null;
  modelIds: number[];
  prompt: string;
  garmentCategory: GarmentCategory;
  /** null before the seller ever saved one. */
  updatedAt: string | null;
}

/** PUT /api/media/workspace body. */
export interface SaveWorkspaceRequest {
  garmentId: number | null;
  modelIds: number[];
  prompt: string;
  /** Default upper body (a client that doesn't send it). */
  garmentCategory?: GarmentCategory;
}

/**
 * The chunks a stored PNG result keeps (svc-media strips every other one; svc-generation's worker,
 * which writes its results straight to object storage, drops them before it writes). The critical
 * ones and tRNS are the image itself; gAMA, cHRM, sRGB and iCCP say how its numbers map to colours.
 * Everything else is metadata: text, XMP, eXIf, tIME, pHYs, private chunks.
 */
export const PNG_KEPT_CHUNKS: readonly string[] = ['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'cHRM', 'sRGB', 'iCCP'];
