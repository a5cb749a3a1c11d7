import type { GeneratedImageRecord } from './media.js';
import type { GarmentCategory } from './garment-category.js';
import type { ResultProviderMetadata } from './providers.js';

/** POST /api/try-on/generate {garmentId, modelIds, prompt} → all results at once (spec §7). */
export interface GenerateRequest {
  garmentId: number;
  modelIds: number[];
  prompt: string;
  /** The studio's garment category control; passed to providers that take one. Default upper body. */
  garmentCategory?: GarmentCategory;
}


export interface TryOnResult extends ResultProviderMetadata {
  id: string;
  /** Signed URL of the composed full-resolution PNG (saved in the gallery). */
  imageUrl: string;
  modelId: number;
  garmentId: number;
  prompt: string;
  processedAt: string;
  scaleFactor?: number;
  /** The gallery record when saving succeeded (a failed save is only logged). */
  savedImage?: GeneratedImageRecord;
}
export interface GenerateResponse { results: TryOnResult[] }

/**
 * Live progress: POST /api/try-on/jobs (GenerateRequest) → TryOnJob;
 * GET /api/try-on/jobs/:id → TryOnJob; GET /api/try-on/jobs/:id/events → text/event-stream of
 * `job` events carrying the whole TryOnJob after each change;
 * POST /api/try-on/jobs/:id/models/:modelId/retry → TryOnJob.
 * (EventSource cannot send a Bearer header: the events URL also accepts `?access_token=`.)
 */
/**
 * queued → running → succeeded | failed. `requeued`: the model ran and is waiting again, to be
 * run afresh by another worker (its worker stopped, or the provider failed in a way worth
 * another attempt); it then runs again, and `attempts` counts every run.
 */
export type JobModelState = 'queued' | 'running' | 'requeued' | 'succeeded' | 'failed';

/** States in which a model is still to be done: the job is `running` while any model is in one. */
export const UNFINISHED_MODEL_STATES: readonly JobModelState[] = ['queued', 'requeued', 'running'];
export interface TryOnJobModel {
  modelId: number;
  state: JobModelState;
  result: TryOnResult | null;
  error: { code: string; message: string } | null;
  /** How many times the model has been started (every run, including one cut short by a stopped worker). */
  attempts: number;
}
export interface TryOnJob {
  id: string;
  garmentId: number;
  prompt: string;
  /** The garment category the job was started with. */
  garmentCategory?: GarmentCategory;
  status: 'running' | 'completed' | 'failed';
  models: TryOnJobModel[];
  createdAt: string;
  updatedAt: string;
}

/** The VTON HTTP contract (spec §7): multipart POST to VTON_API_URL, answered with image bytes. */
export const VTON_FIELDS = {
  prompt: 'prompt',
  width: 'width',
  height: 'height',
  targetImage: { field: 'target_image', filename: 'model.png' },
  referenceImage: { field: 'reference_image', filename: 'garment.png' },
  maskImage: { field: 'mask_image', filename: 'mask.png' },
  /**
   * Not in §7: the garment category (or `product`), which the built-in engine reads to fit
   * trousers' legs and to place a product; a §7 service that does not know it ignores the field.
   */
  category: 'category',
} as const;

/**
 * How svc-generation's workers call svc-media: with a service credential, never a seller's token
 * (a queued job must still complete after its seller's token expired). The credential is a JWT
 * signed HS256 with GENERATION_SERVICE_SECRET, which both services hold: `sub` is the job owner's
 * user id (svc-media serves only that account's objects with it), `job` the try-on job id (logs).
 * svc-media accepts it on the internal routes below and nowhere else; those routes accept nothing
 * else (a seller's ES256 token is refused there, and the service credential everywhere else). The
 * internal routes are outside /api, so neither the gateway nor the ingress routes them.
 */
export const SERVICE_CREDENTIAL = {
  algorithm: 'HS256',
  issuer: 'svc-generation',
  audience: 'svc-media:internal',
  /** svc-media refuses a credential meant to live longer than this (seconds). */
  maxLifetimeSeconds: 600,
} as const;

export const INTERNAL_MEDIA_PATHS = {
  /** GET: the bytes of `original` or `cropped`. */
  garmentFile: (garmentId: number, variant: 'original' | 'cropped') => `/internal/media/garments/${garmentId}/files/${variant}`,
  /** GET: the bytes of `original`, `inpaint-cropped` or `inpaint-mask`. */
  modelFile: (modelId: number, variant: 'original' | 'inpaint-cropped' | 'inpaint-mask') => `/internal/media/models/${modelId}/files/${variant}`,
  /**
   * POST multipart: `file` (PNG; optionally a second `file`, its WebP thumbnail fitted inside 400×400) + garmentId, modelId, prompt, metadata (JSON) and idempotencyKey →
   * GeneratedImageRecord. Saves a try-on result (gallery image + try_on_results row) once per key:
   * the same key again answers the image saved the first time.
   */
  tryOnResults: '/internal/media/try-on-results',
} as const;
