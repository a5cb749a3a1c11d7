import type { GeneratedImageRecord } from './media.js';
import type { GarmentCategory } from './garment-category.js';
import type { ResultProviderMetadata } from './providers.js';

/** POST /api/try-on/generate {garmentId, modelIds, prompt} → all results at once (spec §7). */
export interface GenerateRequest {
  garmentId: number;
  modelIds: number[];
  prompt: string;
  /**
   * The studio's garment category control; passed to try-on providers that take one. `product` sends the
   * job to the placement engine (any object placed into the photo). Default upper body.
   */
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
 * another attempt); it then runs again, and `attempts` counts every run. Only in a catalogue run:
 * `skipped` (never queued: the model photo has no approved mask for the product's category) and
 * `canceled` (the seller cancelled the rest of the run before it finished).
 */
export type JobModelState = 'queued' | 'running' | 'requeued' | 'succeeded' | 'failed' | 'skipped' | 'canceled';

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

// ---------------------------------------------------------------------------------------------
// Catalogue runs: many products × many model photos in one go

/** Most cells (products × model photos) one run may have, and most of an account's run cells waiting at once (MAX_RUN_CELLS). */
export const DEFAULT_MAX_RUN_CELLS = 500;

/** A product's own prompt in a run, instead of the run's. */
export interface RunPromptOverride {
  garmentId: number;
  prompt: string;
}

/**
 * POST /api/try-on/runs: every product (garment) on every model photo. Each product is tried on with
 * its own category (the product library's) and the model photo's mask for that category.
 */
export interface StartRunRequest {
  garmentIds: number[];
  modelIds: number[];
  prompt: string;
  /** Optional per-product prompts. */
  prompts?: RunPromptOverride[];
}

/** A cell's state as the grid shows it (a model run waiting again after a retryable failure is `queued`). */
export type RunCellState = 'queued' | 'running' | 'succeeded' | 'failed' | 'skipped' | 'canceled';

/**
 * One product on one model photo: one model run of the queue, like a job's model. `error` says why it
 * failed, was skipped (code `MASK_MISSING`) or was cancelled (code `CANCELED`).
 */
export interface TryOnRunCell {
  id: number;
  garmentId: number;
  modelId: number;
  /** The product's category when the run started: which mask and which engine. */
  category: GarmentCategory;
  state: RunCellState;
  attempts: number;
  result: TryOnResult | null;
  error: { code: string; message: string } | null;
}

/** How many cells of a run are in each state. */
export type RunCounts = Record<RunCellState, number> & { total: number };

/** A run without its cells (GET /api/try-on/runs, the `run.completed` webhook). */
export interface TryOnRunSummary {
  id: string;
  prompt: string;
  /** `running` while any cell is queued or running, then `completed`. */
  status: 'running' | 'completed';
  /** The grid's rows (products) and columns (model photos), in the order they were asked for. */
  garmentIds: number[];
  modelIds: number[];
  counts: RunCounts;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/try-on/runs → 201; GET /api/try-on/runs/:id; the retry and cancel routes answer it too. */
export interface TryOnRun extends TryOnRunSummary {
  cells: TryOnRunCell[];
}

/** GET /api/try-on/runs?limit=&cursor= → newest first. */
export interface RunsPage {
  runs: TryOnRunSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The run's archive: `GET /api/try-on/runs/:id/archive` (a ZIP of `<product>__<model>.png` files and `manifest.csv`). */
export const RUN_ARCHIVE_MANIFEST = 'manifest.csv';
export const RUN_ARCHIVE_MANIFEST_COLUMNS = ['product', 'model', 'category', 'state', 'file', 'error'] as const;

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
  /**
   * GET → ModelPhotoAndMask: where a worker reads a model photo and its mask for `category`
   * (without one, the mask approved last) straight from object storage — one request to svc-media
   * for a model's inputs. 404 when the photo is not the credential's account's, or has no such mask.
   * With `idempotencyKey` (the run's result key) the answer also carries `result`: what
   * `tryOnResultUploads` would answer for that key, so a run asks svc-media once before its save.
   */
  modelPhotoAndMask: (modelId: number, category?: GarmentCategory, idempotencyKey?: string) => {
    const query = new URLSearchParams({ ...(category ? { category } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) }).toString();
    return `/internal/media/models/${modelId}/photo-and-mask${query ? `?${query}` : ''}`;
  },
  /**
   * GET: the bytes of `original`, `inpaint-cropped` or `inpaint-mask` (of the mask for `category`; without one, the mask approved last).
   * The workers read `modelPhotoAndMask` instead; kept for the previous release's workers during a rollout.
   */
  modelFile: (modelId: number, variant: 'original' | 'inpaint-cropped' | 'inpaint-mask', category?: GarmentCategory) =>
    `/internal/media/models/${modelId}/files/${variant}${category ? `?category=${category}` : ''}`,
  /**
   * POST multipart: `file` (PNG; optionally a second `file`, its WebP thumbnail fitted inside 400×400) + garmentId, modelId, prompt, metadata (JSON) and idempotencyKey →
   * GeneratedImageRecord. Saves a try-on result (gallery image + try_on_results row) once per key:
   * the same key again answers the image saved the first time.
   */
  tryOnResults: '/internal/media/try-on-results',
  /**
   * POST JSON `{idempotencyKey}` → ResultUploadGrant: the result saved earlier under that key
   * (`saved`), or where to write it (`upload`: an id, presigned PUT URLs for the PNG and its WebP
   * thumbnail, and a grant). The worker writes both straight to object storage, then POSTs the
   * fields to `tryOnResultUpload(id)`.
   */
  tryOnResultUploads: '/internal/media/try-on-results/uploads',
  /**
   * POST JSON `{grant, garmentId, modelId, prompt, metadata, idempotencyKey}` → GeneratedImageRecord:
   * svc-media checks what was written (a whole PNG without metadata, within the limits; a WebP
   * thumbnail of its fitted size) and records the result once per key, or removes both objects.
   */
  tryOnResultUpload: (id: number) => `/internal/media/try-on-results/uploads/${id}`,
} as const;

/** Answer of INTERNAL_MEDIA_PATHS.modelPhotoAndMask: presigned GETs, each of one object, valid a minute (read them at once). */
export interface ModelPhotoAndMask {
  /** The model photo as uploaded (file variant `original`). */
  photoUrl: string;
  /** Its mask for the category, white on black, cut to the mask bounds (file variant `inpaint-mask`). */
  maskUrl: string;
  /** Only when asked with `idempotencyKey`: where the run's result goes, or the image saved under that key already. */
  result?: ResultUploadGrant;
}

/** Answer of INTERNAL_MEDIA_PATHS.tryOnResultUploads. */
export type ResultUploadGrant =
  | { saved: GeneratedImageRecord; upload?: undefined }
  | {
      saved?: undefined;
      /** `expiresInSeconds`: how long, from the answer, the URLs and the grant stay good (ask again after). */
      upload: { id: number; grant: string; pngUrl: string; thumbnailUrl: string; expiresInSeconds: number };
    };
