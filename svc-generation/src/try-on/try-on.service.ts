import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type CropBounds, type GenerateResponse, type ModelPhotoRecord, type TryOnResult } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import { GenerationConfig } from '../config/generation.config.js';
import { ImageProcessor } from '../imaging/image-processor.js';
import { MediaClient, MediaNotFoundError, type Caller } from '../media/media-client.js';
import { ResultFilesService } from '../results/result-files.service.js';
import { Semaphore } from '../vton/semaphore.js';
import { VtonClient } from '../vton/vton-client.js';
import type { GenerateTryOnDto } from './dto/generate-try-on.dto.js';
import { asModelTryOnError, vtonProcessingError, type ModelTryOnError } from './try-on-errors.js';

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
  models: ReadyModel[];
}

/** Where one model's time went (ms); everything but `vton` is svc-generation's own overhead. */
export interface ModelTimings {
  inputs: number;
  prepare: number;
  vton: number;
  compose: number;
  save: number;
}

export interface RunModelOptions {
  signal?: AbortSignal;
  /** Called when the model's VTON call starts (it may first wait for a free slot). */
  onRunning?: () => void;
  timings?: Partial<ModelTimings>;
}

/** §5: "Batch generation requires the model list and mask list to be the same length." */
export function assertSameLength(models: readonly unknown[], masks: readonly unknown[]): void {
  if (models.length !== masks.length) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, 'Model and mask arrays must have the same length');
  }
}

/**
 * Try-on generation (spec §4, §5, §7, §8): checks a request, then per model fetches the crop and
 * mask from svc-media, calls the VTON service, composes the answer into the full photo and saves
 * it to the gallery. Models run in parallel; the VTON client caps how many calls are in flight.
 */
@Injectable()
export class TryOnService {
  private readonly logger = new Logger('TryOn');
  private readonly composeSlots: Semaphore;

  constructor(
    private readonly config: GenerationConfig,
    private readonly media: MediaClient,
    private readonly vton: VtonClient,
    private readonly images: ImageProcessor,
    private readonly resultFiles: ResultFilesService,
  ) {
    this.composeSlots = new Semaphore(config.COMPOSE_CONCURRENCY);
  }

  /** §5's rules for real generation, with §8's messages. */
  async plan(caller: Caller, request: GenerateTryOnDto): Promise<TryOnPlan> {
    if (!this.vton.isConfigured) {
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The try-on engine is not configured yet (VTON_API_URL)');
    }
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
    return {
      garmentId: garment.id,
      prompt: request.prompt,
      models: ready.map((m: ModelPhotoRecord, i) => ({ id: m.id, width: m.width, height: m.height, bounds: masks[i].bounds })),
    };
  }

  /** The cropped garment (reference_image), fetched once per batch. */
  loadGarment(caller: Caller, plan: TryOnPlan): Promise<Buffer> {
    return this.media.garmentFile(caller, plan.garmentId, 'cropped').catch((error) => {
      if (error instanceof MediaNotFoundError) throw new ApiException(400, ErrorCode.INVALID_INPUT, `Garment ${plan.garmentId} has not been cropped yet`);
      throw error;
    });
  }

  /** POST /api/try-on/generate: every ready model in parallel, all results at once. */
  async generate(caller: Caller, request: GenerateTryOnDto, signal?: AbortSignal): Promise<GenerateResponse> {
    const plan = await this.plan(caller, request);
    const garment = await this.loadGarment(caller, plan);
    const settled = await Promise.allSettled(plan.models.map((model) => this.runModel(caller, plan, model, garment, { signal })));
    const results: TryOnResult[] = [];
    const failures: { modelId: number; error: ModelTryOnError }[] = [];
    settled.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') results.push(outcome.value);
      else failures.push({ modelId: plan.models[i].id, error: asModelTryOnError(outcome.reason) });
    });
    if (results.length === 0) {
      throw new ApiException(500, ErrorCode.BATCH_VTON_FAILED, `All VTON requests failed: ${failures.map((f) => f.error.message).join('; ')}`, {
        details: { failures: failures.map((f) => ({ modelId: f.modelId, ...f.error.toJSON() })) },
      });
    }
    // §8: a partial failure is only logged; the successes are the answer.
    for (const f of failures) this.logger.warn(`Try-on of model ${f.modelId} failed (${f.error.code}): ${f.error.message}`);
    return { results };
  }

  /** One model end to end. Rejects with a ModelTryOnError (or an ApiException from svc-media). */
  async runModel(caller: Caller, plan: TryOnPlan, model: ReadyModel, garment: Buffer, options: RunModelOptions = {}): Promise<TryOnResult> {
    const { signal, onRunning } = options;
    const timings = options.timings ?? {};
    const clock = (key: keyof ModelTimings, since: number) => (timings[key] = (timings[key] ?? 0) + performance.now() - since);
    let t = performance.now();

    const [crop, mask] = await Promise.all([
      this.media.modelFile(caller, model.id, 'inpaint-cropped'),
      this.media.modelFile(caller, model.id, 'inpaint-mask'),
    ]).catch((error) => {
      if (error instanceof MediaNotFoundError) throw vtonProcessingError(`the inpaint images of model ${model.id} are missing`);
      throw error;
    });
    clock('inputs', t);
    t = performance.now();
    const inputs = await this.images.prepareVtonInputs(crop, mask, model.bounds);
    clock('prepare', t);

    const answer = await this.vton.tryOn({ prompt: plan.prompt, target: inputs.target, reference: garment, mask: inputs.mask }, {
      signal,
      onAttempt: (attempt) => attempt === 1 && onRunning?.(),
    });
    timings.vton = answer.elapsedMs;
    t = performance.now();
    await this.images.assertImage(answer.image);

    let png: Buffer;
    let scaleFactor: number | undefined;
    try {
      const composed = await this.composeSlots.run(async () => {
        const original = await this.media.modelFile(caller, model.id, 'original');
        return this.images.compose({ original, result: answer.image, bounds: model.bounds, mask });
      }, signal);
      png = composed.png;
      scaleFactor = composed.scaleFactor;
    } catch (error) {
      if (signal?.aborted) throw vtonProcessingError('the request was cancelled');
      // §8: a result that cannot be composed is still a result.
      this.logger.warn(`Composition for model ${model.id} failed, returning the raw result: ${(error as Error).message}`);
      png = await this.images.toPng(answer.image);
    }
    clock('compose', t);

    t = performance.now();
    const processedAt = new Date().toISOString();
    const result: TryOnResult = {
      id: randomUUID(),
      imageUrl: '',
      modelId: model.id,
      garmentId: plan.garmentId,
      prompt: plan.prompt,
      processedAt,
      ...(scaleFactor !== undefined ? { scaleFactor } : {}),
    };
    result.imageUrl = await this.save(caller, result, png);
    clock('save', t);
    this.logger.log(
      `Model ${model.id}: inputs ${ms(timings.inputs)}, prepare ${ms(timings.prepare)}, vton ${ms(timings.vton)} (${answer.attempts} attempt(s)), compose ${ms(timings.compose)}, save ${ms(timings.save)}`,
    );
    return result;
  }

  /**
   * Saves to the gallery and answers the URL the user gets. A failed save is only logged (§8):
   * the PNG is then kept here for a while, or — if even that fails — sent inline.
   */
  private async save(caller: Caller, result: TryOnResult, png: Buffer): Promise<string> {
    try {
      const saved = await this.media.saveResult(caller, {
        png,
        garmentId: result.garmentId,
        modelId: result.modelId,
        prompt: result.prompt,
        metadata: { processedAt: result.processedAt, ...(result.scaleFactor !== undefined ? { scaleFactor: result.scaleFactor } : {}) },
      });
      result.savedImage = saved;
      return saved.imageUrl;
    } catch (error) {
      this.logger.error(`Saving the result of model ${result.modelId} to the gallery failed: ${(error as Error).message}`);
    }
    try {
      return await this.resultFiles.keep(caller.userId, png);
    } catch (error) {
      this.logger.error(`Keeping the result of model ${result.modelId} failed, sending it inline: ${(error as Error).message}`);
      return `data:image/png;base64,${png.toString('base64')}`;
    }
  }
}

const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
