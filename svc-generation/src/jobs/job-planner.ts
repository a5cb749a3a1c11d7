import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_GARMENT_CATEGORY, ErrorCode, type CropBounds, type GarmentCategory, type GarmentRecord, type ModelMask, type ModelPhotoRecord } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { MediaClient, MediaNotFoundError, type Caller } from '../media/media-client.js';
import type { GenerateTryOnDto } from './dto/generate-try-on.dto.js';

/** A model photo that passed §5: ready, with the bounds of the mask it is tried on with. */
export interface ReadyModel {
  id: number;
  /** The model photo's file name, as the seller knows it (the ledger's note says it). */
  filename: string;
  width: number;
  height: number;
  bounds: CropBounds;
  /** Whose mask that is (the worker reads the same one). */
  maskCategory: GarmentCategory;
}

/** What a batch will do, once §5's rules hold. */
export interface JobPlan {
  garmentId: number;
  /** The product's name in the library, as the seller knows it (the ledger's note says it). */
  garmentName: string;
  prompt: string;
  garmentCategory: GarmentCategory;
  models: ReadyModel[];
}

/** §5: "Batch generation requires the model list and mask list to be the same length." */
export function assertSameLength(models: readonly unknown[], masks: readonly unknown[]): void {
  if (models.length !== masks.length) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, 'Model and mask arrays must have the same length');
  }
}

/**
 * §5's checks of a try-on request, made by the API with the seller's own token before anything is
 * queued: the garment is the seller's and cropped, the named models exist, only ready ones count,
 * each has its inpaint data. The work itself is done by the workers (ModelRunner).
 */
@Injectable()
export class JobPlanner {
  private readonly logger = new Logger('JobPlanner');

  // No provider here: the API calls none (the workers do), and one is always configured (`local` by default).
  constructor(private readonly media: MediaClient) {}

  /**
   * §5's rules for real generation, with §8's messages. The category is the request's, else the
   * garment's own (the product library's); each model photo is tried on with its mask for that
   * category, or, when it has none, its mask approved last (a client from before masks per category).
   */
  async plan(caller: Caller, request: GenerateTryOnDto): Promise<JobPlan> {
    const [garment, models] = await Promise.all([this.garmentOf(caller, request.garmentId), this.media.listModels(caller)]);
    if (!garment.croppedUrl) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, `Garment ${garment.id} has not been cropped yet`);
    }
    const byId = new Map(models.map((m) => [m.id, m]));
    const requested = [...new Set(request.modelIds)];
    for (const id of requested) {
      if (!byId.has(id)) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
    }
    // §4: only ready models count for try-on; others named in the request are left out.
    const ready = requested.map((id) => byId.get(id)!).filter((m) => m.status === 'ready');
    if (ready.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'No ready models available');
    const category = request.garmentCategory ?? garment.category ?? DEFAULT_GARMENT_CATEGORY;
    const masks = ready.map((m) => maskOf(m, category) ?? lastMaskOf(m));
    const missing = ready.find((_, i) => !masks[i]);
    if (missing) throw new ApiException(400, ErrorCode.INVALID_INPUT, `Model ${missing.id} does not have inpaint mask data`);
    assertSameLength(ready, masks);
    const skipped = requested.length - ready.length;
    if (skipped) this.logger.debug(`${skipped} of ${requested.length} requested model(s) are not ready and are left out`);
    return {
      garmentId: garment.id,
      garmentName: garment.name,
      prompt: request.prompt,
      garmentCategory: category,
      models: ready.map((m: ModelPhotoRecord, i) => ({ id: m.id, filename: m.filename, width: m.width, height: m.height, bounds: masks[i]!.bounds, maskCategory: masks[i]!.category })),
    };
  }

  /** The seller's garment, 404 in §8's words when it is not theirs or gone. */
  garmentOf(caller: Caller, garmentId: number): Promise<GarmentRecord> {
    return this.media.getGarment(caller, garmentId).catch((error) => {
      if (error instanceof MediaNotFoundError) throw new ApiException(404, ErrorCode.NOT_FOUND, `Garment ${garmentId} not found`);
      throw error;
    });
  }
}

/** The model photo's approved mask for this category, or null. */
export function maskOf(model: ModelPhotoRecord, category: GarmentCategory): (ModelMask & { category: GarmentCategory }) | null {
  const mask = model.status === 'ready' ? model.masks?.[category] : undefined;
  return mask ? { ...mask, category } : null;
}

/** The model photo's mask approved last, whatever its category, or null. */
function lastMaskOf(model: ModelPhotoRecord): (ModelMask & { category: GarmentCategory }) | null {
  let last: (ModelMask & { category: GarmentCategory }) | null = null;
  for (const [category, mask] of Object.entries(model.masks ?? {}) as [GarmentCategory, ModelMask][]) {
    if (!last || mask.approvedAt > last.approvedAt) last = { ...mask, category };
  }
  return last;
}
