import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type GeneratedImageRecord, type ResultProviderMetadata, type TryOnResult } from '@vton/contracts';
import { ApiException, inSpan, SpanKind } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationConfig } from '../config/generation.config.js';
import { ImageProcessor, RESULT_THUMBNAIL_SIDE } from '../imaging/image-processor.js';
import type { RunContext } from '../jobs/job-store.js';
import { MediaNotFoundError, MediaUnavailableError } from '../media/media-errors.js';
import { WorkerMediaClient, type JobOwner, type KeptResultGrant } from '../media/worker-media-client.js';
import { GenerationMetrics } from '../metrics/generation-metrics.js';
import { ResultFilesService } from '../results/result-files.service.js';
import { decodePhoto } from '../imaging/mask-composer.js';
import { composeProviderAnswer, tryOnWithProvider, type ProviderTryOnResult } from '../providers/provider-try-on.js';
import { ProviderRouter } from '../providers/provider-router.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from '../providers/try-on-provider.js';
import { mediaUnavailableError, vtonProcessingError } from '../errors/try-on-errors.js';
import { Semaphore } from './semaphore.js';

/** Where one model's time went (ms); everything but `vton` is svc-generation's own overhead. */
export interface ModelTimings {
  inputs: number;
  prepare: number;
  vton: number;
  compose: number;
  save: number;
}

/**
 * A job's garment crop is read once per worker for all its models, and kept this long (at most
 * GARMENTS_KEPT jobs, ~0.5 MB each). Fair queuing interleaves the models of every account with
 * work waiting, so a worker serves many jobs at once: 16 kept thrashed into one read per model with
 * 50 sellers' jobs waiting (BENCHMARKS.md, issue 35).
 */
const GARMENT_KEPT_MS = 60_000;
const GARMENTS_KEPT = 64;

/** The idempotency key of a model run's result: saving twice with it yields one gallery image. */
export function resultKey(run: Pick<RunContext, 'jobId' | 'modelId' | 'run'>): string {
  return `try-on:${run.jobId}:${run.modelId}:${run.run}`;
}

/**
 * One model end to end, as a worker runs it: the model photo, its mask and the garment from
 * svc-media (with the worker's service credential), the photo framed as the provider asks, one
 * call to the provider the job's category goes to (ProviderRouter: the try-on provider VTON_PROVIDER
 * chose, or for a product the placement engine PLACEMENT_PROVIDER chose), the answer blended back into the
 * full photo through the feathered mask, and the save to the gallery under the run's idempotency
 * key. `signal` stops the work only until the provider has answered: a result that exists is
 * always saved. A run whose result an earlier attempt saved (svc-media says so with the inputs)
 * answers that image without calling the provider again.
 */
@Injectable()
export class ModelRunner {
  private readonly logger = new Logger('ModelRunner');
  private readonly composeSlots: Semaphore;
  /** The job's time limit for our own outage (MEDIA_RETRY_MS). */
  private readonly mediaRetryMs: number;
  private readonly garments = new Map<string, { bytes: Promise<Buffer>; until: number }>();

  constructor(
    config: GenerationConfig,
    private readonly media: WorkerMediaClient,
    readonly providers: ProviderRouter,
    private readonly images: ImageProcessor,
    private readonly resultFiles: ResultFilesService,
    private readonly metrics: GenerationMetrics,
  ) {
    this.composeSlots = new Semaphore(config.COMPOSE_CONCURRENCY);
    this.mediaRetryMs = config.MEDIA_RETRY_MS;
  }

  /** The provider a run goes to (by its job's category). */
  providerFor(run: Pick<RunContext, 'garmentCategory'>): TryOnProvider {
    return this.providers.for(run.garmentCategory);
  }

  /** Rejects with a ModelTryOnError (retryable when another attempt may succeed). */
  async run(run: RunContext, options: { signal?: AbortSignal; timings?: Partial<ModelTimings> } = {}): Promise<TryOnResult> {
    const { signal } = options;
    const timings = options.timings ?? {};
    const owner: JobOwner = { userId: run.userId, jobId: run.jobId };
    const clock = (key: keyof ModelTimings, since: number) => (timings[key] = (timings[key] ?? 0) + performance.now() - since);
    let t = performance.now();

    // Our own outage (svc-media, its storage) is waited out here, within the job's time limit, instead of spending the model's attempts.
    const [garment, { photo: original, mask, resultGrant }] = await Promise.all([
      this.withMediaRetries(owner, () => this.garmentOf(run, owner), signal).catch((error) => {
        if (error instanceof MediaNotFoundError) throw vtonProcessingError(`garment ${run.garmentId} is no longer cropped`);
        throw error;
      }),
      // The photo and the mask its bounds were taken from when it was queued (the product's category's), and where its result will go, in one request to svc-media.
      this.withMediaRetries(owner, () => this.media.modelPhotoAndMask(owner, run.modelId, run.input.maskCategory, signal, resultKey(run)), signal),
    ]).catch((error) => {
      if (error instanceof MediaNotFoundError) throw vtonProcessingError(`the photo or mask of model ${run.modelId} is missing`);
      throw inputsError(error, signal);
    });
    clock('inputs', t);
    // Saved already under this run's key (its worker stopped after the save, before recording it): that image is the result, and the provider is not paid twice.
    if (resultGrant?.granted.saved) {
      this.logger.log({ jobId: run.jobId, modelId: run.modelId, attempt: run.attempts }, `Model ${run.modelId} of job ${run.jobId} was saved by an earlier attempt: answering that image`);
      return savedResult(run, resultGrant.granted.saved);
    }

    // The photo is decoded once: framing reads it, and the result is composed into it.
    t = performance.now();
    const photo = await decodePhoto(original).catch((error: Error) => {
      throw vtonProcessingError(`the photo of model ${run.modelId} could not be read: ${error.message}`);
    });
    clock('prepare', t);
    const job = { original: photo, mask, bounds: run.input.bounds, garment, prompt: run.prompt, category: run.garmentCategory, signal };
    const provider = this.providerFor(run);
    const answer: ProviderTryOnResult = await tryOnWithProvider(provider, job, (input) => this.callProvider(provider, input));
    timings.prepare = (timings.prepare ?? 0) + answer.timings.prepare;
    timings.vton = answer.timings.provider;
    t = performance.now();

    let png: Buffer;
    let thumbnail: Buffer | undefined;
    let scaleFactor: number | undefined;
    try {
      const composed = await this.composeSlots.run(() => composeProviderAnswer(job, answer, { thumbnailSide: RESULT_THUMBNAIL_SIDE }));
      png = composed.png;
      thumbnail = composed.thumbnail;
      scaleFactor = composed.scaleFactor;
    } catch (error) {
      // §8: a result that cannot be composed is still a result.
      this.logger.warn({ jobId: run.jobId, modelId: run.modelId }, `Composition failed, keeping the raw result: ${(error as Error).message}`);
      png = await this.images.toPng(answer.output.image);
    }
    clock('compose', t);

    t = performance.now();
    const result: TryOnResult = {
      id: randomUUID(),
      imageUrl: '',
      modelId: run.modelId,
      garmentId: run.garmentId,
      prompt: run.prompt,
      processedAt: new Date().toISOString(),
      ...(scaleFactor !== undefined ? { scaleFactor } : {}),
      // Which provider made it, its model (and version) and how long its call took: kept with the result and the gallery image.
      ...answer.metadata,
    };
    result.imageUrl = await this.save(run, owner, result, png, thumbnail, resultGrant);
    clock('save', t);
    this.logger.log(
      { jobId: run.jobId, modelId: run.modelId, attempt: run.attempts },
      `Model ${run.modelId} of job ${run.jobId}: inputs ${ms(timings.inputs)}, prepare ${ms(timings.prepare)}, vton ${ms(timings.vton)}, compose ${ms(timings.compose)}, save ${ms(timings.save)}`,
    );
    return result;
  }

  /**
   * The job's cropped garment (reference_image), read once for all the job's models this worker
   * runs: the batch uses one garment, as when it was checked. A failed read is not kept.
   */
  private garmentOf(run: RunContext, owner: JobOwner): Promise<Buffer> {
    const key = `${run.userId}:${run.jobId}:${run.garmentId}`;
    const now = Date.now();
    const kept = this.garments.get(key);
    if (kept && kept.until > now) return kept.bytes;
    for (const [k, v] of this.garments) if (v.until <= now || this.garments.size >= GARMENTS_KEPT) this.garments.delete(k);
    const bytes = this.media.garmentFile(owner, run.garmentId, 'cropped');
    this.garments.set(key, { bytes, until: now + GARMENT_KEPT_MS });
    bytes.catch(() => this.garments.delete(key));
    return bytes;
  }

  /** The provider call, counted in this worker's metrics and traced as one span (its HTTP calls inside it). */
  private async callProvider(target: TryOnProvider, input: TryOnInput): Promise<TryOnOutput> {
    const provider = target.name;
    return inSpan(`try-on ${provider}`, { kind: SpanKind.CLIENT, attributes: { 'vton.provider': provider } }, () => this.countedProviderCall(target, input));
  }

  private async countedProviderCall(target: TryOnProvider, input: TryOnInput): Promise<TryOnOutput> {
    const provider = target.name;
    this.metrics.providerInFlight.inc({ provider });
    const stop = this.metrics.providerLatency.startTimer({ provider });
    try {
      const output = await target.tryOn(input);
      stop({ outcome: 'ok' });
      return output;
    } catch (error) {
      stop({ outcome: 'error' });
      throw error;
    } finally {
      this.metrics.providerInFlight.dec({ provider });
    }
  }

  /**
   * Saves to the gallery under the run's idempotency key and answers the URL the seller gets. svc-media
   * or its object storage down (a restart, an outage) is waited out within the job's time limit: the
   * result is already paid for. A save that still fails is only logged (§8) and the PNG is kept here
   * instead, or sent inline. `grant`: the one svc-media gave with the inputs, for the first attempt
   * only (a repeated save asks for a fresh one).
   */
  private async save(run: RunContext, owner: JobOwner, result: TryOnResult, png: Buffer, thumbnail?: Buffer, grant?: KeptResultGrant): Promise<string> {
    try {
      const saved = await this.withMediaRetries(owner, () => {
        const kept = grant;
        grant = undefined;
        return this.media.saveResult(
          owner,
          {
            png,
            garmentId: result.garmentId,
            modelId: result.modelId,
            prompt: result.prompt,
            metadata: {
              processedAt: result.processedAt,
              ...(result.scaleFactor !== undefined ? { scaleFactor: result.scaleFactor } : {}),
              ...providerMetadataOf(result),
            },
            idempotencyKey: resultKey(run),
            ...(thumbnail ? { thumbnail } : {}),
          },
          undefined,
          kept,
        );
      });
      result.savedImage = saved;
      return saved.imageUrl;
    } catch (error) {
      this.logger.error({ jobId: run.jobId, modelId: run.modelId }, `Saving the result to the gallery failed: ${(error as Error).message}`);
    }
    try {
      return await this.resultFiles.keep(run.userId, png);
    } catch (error) {
      this.logger.error({ jobId: run.jobId, modelId: run.modelId }, `Keeping the result failed, sending it inline: ${(error as Error).message}`);
      return `data:image/png;base64,${png.toString('base64')}`;
    }
  }

  /**
   * The one place our own outage is waited out: repeats a svc-media call that failed because svc-media
   * was unreachable or answered 5xx (its object storage or database down), for up to MEDIA_RETRY_MS.
   * `signal` (the job abandoned, the worker draining) ends the wait; a save passes none.
   */
  private async withMediaRetries<T>(owner: JobOwner, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const deadline = Date.now() + this.mediaRetryMs;
    for (let pause = 250; ; pause = Math.min(pause * 2, 5000)) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof MediaUnavailableError) || signal?.aborted || Date.now() >= deadline) throw error;
        const wait = Math.min(pause, deadline - Date.now());
        this.logger.warn({ jobId: owner.jobId }, `svc-media unavailable (${error.message}); trying again in ${wait} ms`);
        await sleep(wait, undefined, { signal }).catch(() => undefined);
        if (signal?.aborted) throw error;
      }
    }
  }
}

/** svc-media failing before the provider call. */
function inputsError(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return vtonProcessingError('the request was cancelled');
  // Still unavailable after the job's time limit: our outage, told as such (never the try-on service's failure).
  if (error instanceof MediaUnavailableError) return mediaUnavailableError(error.message);
  if (error instanceof ApiException && error.getStatus() === 401) {
    return vtonProcessingError('svc-media refused the worker’s service credential (check GENERATION_SERVICE_SECRET on both services)');
  }
  if (error instanceof ApiException) return vtonProcessingError(error.message, error.code === ErrorCode.SERVICE_UNAVAILABLE);
  return error;
}

/** The result of a run saved by an earlier attempt, from its gallery record (whose metadata keeps what the result said). */
function savedResult(run: RunContext, saved: GeneratedImageRecord): TryOnResult {
  const { processedAt, scaleFactor, ...provider } = (saved.metadata ?? {}) as Partial<TryOnResult>;
  return {
    id: randomUUID(),
    imageUrl: saved.imageUrl,
    modelId: run.modelId,
    garmentId: run.garmentId,
    prompt: run.prompt,
    processedAt: processedAt ?? saved.createdAt,
    ...(scaleFactor !== undefined ? { scaleFactor } : {}),
    ...providerMetadataOf(provider),
    savedImage: saved,
  };
}

/** The result's provider fields, as the gallery record's metadata keeps them. */
function providerMetadataOf({ provider, providerLabel, providerModel, providerVersion, providerDurationMs, builtInEngine }: ResultProviderMetadata): ResultProviderMetadata {
  return {
    ...(provider ? { provider } : {}),
    ...(providerLabel ? { providerLabel } : {}),
    ...(providerModel ? { providerModel } : {}),
    ...(providerVersion ? { providerVersion } : {}),
    ...(providerDurationMs !== undefined ? { providerDurationMs } : {}),
    ...(builtInEngine ? { builtInEngine } : {}),
  };
}

const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
