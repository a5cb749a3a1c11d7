import type { GeneratedImageRecord } from './media.js';

/** POST /api/try-on/generate {garmentId, modelIds, prompt} → all results at once (spec §7). */
export interface GenerateRequest { garmentId: number; modelIds: number[]; prompt: string }
export interface TryOnResult {
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
export type JobModelState = 'queued' | 'running' | 'succeeded' | 'failed';
export interface TryOnJobModel {
  modelId: number;
  state: JobModelState;
  result: TryOnResult | null;
  error: { code: string; message: string } | null;
  attempts: number;
}
export interface TryOnJob {
  id: string;
  garmentId: number;
  prompt: string;
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
} as const;
