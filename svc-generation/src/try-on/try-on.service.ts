import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_GARMENT_CATEGORY, ErrorCode, type CropBounds, type GarmentCategory, type ModelPhotoRecord } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { MediaClient, MediaNotFoundError, type Caller } from '../media/media-client.js';
import type { GenerateTryOnDto } from './dto/generate-try-on.dto.js';

/** A model photo that passed §5: ready, with its inpaint bounds. */
export interface ReadyModel {
  id: number;
  width: number;
  height: number;
  bounds: CropBounds;
}

/** What a batch will do, once §5's rules hold. */
export interface TryOnPlan {
  garmentId: number;
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
export class TryOnService {
  private readonly logger = new Logger('TryOn');

  // No provider here: the API calls none (the workers do), and one is always configured (`local` by default).
  constructor(private readonly media: MediaClient) {}

  /** §5's rules for real generation, with §8's messages. */
  async plan(caller: Caller, request: GenerateTryOnDto): Promise<TryOnPlan> {
    const [garment, models] = await Promise.all([
      this.media.getGarment(caller, request.garmentId).catch((error) => {
        if (error instanceof MediaNotFoundError) throw new ApiException(404, ErrorCode.NOT_FOUND, `Garment ${request.garmentId} not found`);
        throw error;
      }),
      this.media.listModels(caller),
    ]);
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
    const missing = ready.find((m) => !m.inpaint);
    if (missing) throw new ApiException(400, ErrorCode.INVALID_INPUT, `Model ${missing.id} does not have inpaint mask data`);
    const masks = ready.map((m) => m.inpaint!);
    assertSameLength(ready, masks);
    const skipped = requested.length - ready.length;
    if (skipped) this.logger.debug(`${skipped} of ${requested.length} requested model(s) are not ready and are left out`);
    return {
      garmentId: garment.id,
      prompt: request.prompt,
      garmentCategory: request.garmentCategory ?? DEFAULT_GARMENT_CATEGORY,
      models: ready.map((m: ModelPhotoRecord, i) => ({ id: m.id, width: m.width, height: m.height, bounds: masks[i].bounds })),
    };
  }
}
