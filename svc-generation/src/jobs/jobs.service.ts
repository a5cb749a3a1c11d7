import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, SERVICE_UNAVAILABLE_MESSAGE, type GenerateResponse, type TryOnJob, type TryOnResult } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { creditNote } from '../credits/credit-holds.js';
import { CreditReservations } from '../credits/credit-reservations.js';
import { CreditSettler } from '../credits/credit-settler.js';
import { CreditsClient } from '../credits/credits-client.js';
import { MediaClient, type Caller } from '../media/media-client.js';
import { GenerationMetrics } from '../metrics/generation-metrics.js';
import { JobQueue } from '../queue/job-queue.js';
import type { GenerateTryOnDto } from './dto/generate-try-on.dto.js';
import { vtonProcessingError } from '../errors/try-on-errors.js';
import { JobPlanner } from './job-planner.js';
import { JobEvents } from './job-events.js';
import { countingRefusals, JobStore } from './job-store.js';

/** One re-signing call to svc-media: a slow svc-media must not hold a job read for all of SERVICE_CALL_TIMEOUT_MS. */
const RESIGN_TIMEOUT_MS = 5000;

const CANCELLED = vtonProcessingError('the request was cancelled').toJSON();

/**
 * The API role's side of try-on jobs: §5's checks with the seller's token, then the job and its
 * units of work go to the queue in one transaction; workers do the rest. Reads derive the job from
 * its models; /generate waits for the job through the change notifications.
 */
@Injectable()
export class JobsService {
  private readonly logger = new Logger('TryOnJobs');

  constructor(
    private readonly config: GenerationConfig,
    private readonly planner: JobPlanner,
    private readonly store: JobStore,
    private readonly events: JobEvents,
    private readonly queue: JobQueue,
    private readonly media: MediaClient,
    private readonly metrics: GenerationMetrics,
    private readonly credits: CreditsClient,
    private readonly settler: CreditSettler,
    private readonly reservations: CreditReservations,
  ) {}

  /** POST /api/try-on/jobs: §5's rules answer at once; the models are queued. */
  async create(caller: Caller, request: GenerateTryOnDto): Promise<TryOnJob> {
    const jobId = await this.enqueue(caller, request);
    return this.get(caller.userId, jobId);
  }

  /** POST /api/try-on/generate: the same job, answered when every model has finished (spec §7, §8). */
  async generate(caller: Caller, request: GenerateTryOnDto, signal: AbortSignal): Promise<GenerateResponse> {
    const jobId = await this.enqueue(caller, request);
    const job = await this.finished(caller.userId, jobId, signal);
    const results: TryOnResult[] = [];
    const failures: { modelId: number; code: string; message: string }[] = [];
    for (const model of job.models) {
      if (model.state === 'succeeded' && model.result) results.push(model.result);
      else failures.push({ modelId: model.modelId, code: model.error?.code ?? ErrorCode.VTON_PROCESSING_ERROR, message: model.error?.message ?? 'Unknown error' });
    }
    if (results.length === 0) {
      // Our own media storage was down past the job's time limit: ours to own, and worth trying again.
      if (failures.some((f) => f.code === ErrorCode.SERVICE_UNAVAILABLE)) {
        throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE, { details: { failures } });
      }
      throw new ApiException(500, ErrorCode.BATCH_VTON_FAILED, `All VTON requests failed: ${failures.map((f) => f.message).join('; ')}`, { details: { failures } });
    }
    // §8: a partial failure is only logged; the successes are the answer.
    for (const f of failures) this.logger.warn({ jobId, modelId: f.modelId }, `Try-on of model ${f.modelId} failed (${f.code}): ${f.message}`);
    return { results };
  }

  /** The job as its owner sees it; 404 for anyone else. */
  async get(userId: number, jobId: string): Promise<TryOnJob> {
    const job = await this.store.find(userId, jobId);
    if (!job) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Try-on job not found');
    return job;
  }

  /**
   * The seller's most recent job (the studio shows its results again after a reload, or in another
   * browser); null when none, which is no error: every new seller's first visit asks.
   */
  latest(userId: number): Promise<TryOnJob | null> {
    return this.store.findLatest(userId);
  }

  /**
   * The job with its saved results' URLs signed again. A result keeps the signed svc-media URL
   * it got when it was saved, valid SIGNED_URL_TTL_SECONDS (an hour by default); a job read later
   * asks svc-media (GET /api/generated-images/:id, with the user's own token) for fresh ones.
   * A result that cannot be re-signed (svc-media down or slow, the image deleted from the
   * gallery) keeps its stored URL, and the failure is logged. Results kept here after a failed
   * gallery save have no gallery record and are left as they are.
   */
  async withFreshUrls(caller: Caller, job: TryOnJob, signal?: AbortSignal): Promise<TryOnJob> {
    const timeoutMs = Math.min(RESIGN_TIMEOUT_MS, this.config.SERVICE_CALL_TIMEOUT_MS);
    await Promise.all(
      job.models.map(async (model) => {
        const result = model.result;
        const imageId = result?.savedImage?.id;
        if (!result || !imageId || signal?.aborted) return;
        try {
          const record = await this.media.getGeneratedImage(caller, imageId, timeoutMs, signal);
          result.imageUrl = record.imageUrl;
          result.savedImage = record;
        } catch (error) {
          if (signal?.aborted) return;
          this.logger.warn(
            { jobId: job.id, modelId: model.modelId },
            `Job ${job.id}: could not re-sign the result of model ${model.modelId} (gallery image ${imageId}), its stored URL is kept: ${(error as Error).message}`,
          );
        }
      }),
    );
    return job;
  }

  /** POST .../models/:modelId/retry: queues one failed model again, as a new run. */
  async retry(caller: Caller, jobId: string, modelId: number): Promise<TryOnJob> {
    const job = await this.get(caller.userId, jobId);
    const model = job.models.find((m) => m.modelId === modelId);
    if (!model) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${modelId} is not part of this try-on job`);
    if (model.state !== 'failed') throw this.notFailed(modelId);
    // The model may have changed since (new mask, deleted): check it again as a batch of one.
    const plan = await this.planner.plan(caller, { garmentId: job.garmentId, modelIds: [modelId], prompt: job.prompt, garmentCategory: job.garmentCategory });
    const [ready] = plan.models;
    const current = await this.store.currentRun(jobId, modelId);
    if (current === null) throw this.notFailed(modelId);
    const run = current + 1;
    // The new run's credit is reserved before it is queued (402 when there is none left).
    const queued = await this.reservations.reserveThenQueue(
      caller.userId,
      [{ jobId, modelId, run, note: creditNote(plan.garmentName, ready.filename) }],
      () => countingRefusals(this.metrics.jobsRefused, () => this.store.requeueFailed(caller.userId, jobId, modelId, { width: ready.width, height: ready.height, bounds: ready.bounds, maskCategory: ready.maskCategory }, run)),
      // Two retries at once reserve the same run's key: the one that lost the row keeps the winner's reservation.
      { queuedElsewhere: async () => (await this.store.currentRun(jobId, modelId)) === run },
    );
    // Only one of two simultaneous retries wins the row.
    if (!queued) throw this.notFailed(modelId);
    this.logger.log({ jobId, modelId }, `Model ${modelId} of job ${jobId} queued again on request`);
    // The other models' results may be old: their URLs are signed again, as on any read.
    return this.withFreshUrls(caller, await this.get(caller.userId, jobId));
  }

  private async enqueue(caller: Caller, request: GenerateTryOnDto): Promise<string> {
    const plan = await this.planner.plan(caller, request);
    const jobId = this.store.newJobId();
    // One credit per model, reserved before anything is queued: 402 and nothing queued when short.
    await this.reservations.reserveThenQueue(
      caller.userId,
      plan.models.map((m) => ({ jobId, modelId: m.id, run: 1, note: creditNote(plan.garmentName, m.filename) })),
      () => countingRefusals(this.metrics.jobsRefused, () => this.store.createJob(caller.userId, plan, jobId)),
    );
    this.metrics.jobsCreated.inc();
    this.logger.log({ jobId }, `Job ${jobId} queued: ${plan.models.length} model(s) [${plan.models.map((m) => m.id).join(', ')}]`);
    return jobId;
  }


  /** Resolves with the job once no model is unfinished; a caller who hangs up abandons it. */
  private finished(userId: number, jobId: string, signal: AbortSignal): Promise<TryOnJob> {
    return new Promise<TryOnJob>((resolve, reject) => {
      let settled = false;
      const done = (job: TryOnJob) => {
        if (settled || job.status === 'running') return;
        settled = true;
        cleanup();
        resolve(job);
      };
      const unsubscribe = this.events.subscribe(jobId, done);
      const onAbort = () => {
        if (settled) return;
        settled = true;
        cleanup();
        void this.abandon(jobId);
        reject(new ApiException(499, ErrorCode.INVALID_INPUT, 'The request was cancelled'));
      };
      const cleanup = () => {
        unsubscribe();
        signal.removeEventListener('abort', onAbort);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) return onAbort();
      // Subscribed first, then read: a change between the two is not missed.
      this.store.find(userId, jobId).then((job) => job && done(job), (error) => {
        if (settled) return;
        settled = true;
        cleanup();
        reject(error);
      });
    });
  }

  /** The caller of /generate hung up: stop its models (queued ones are withdrawn, running ones stopped). */
  private async abandon(jobId: string): Promise<void> {
    try {
      const units = await this.store.abandon(jobId, CANCELLED);
      await this.queue.cancel(units);
      // Its failed models' credits go back now (the workers' pass would too).
      if (this.credits.enabled) await this.settler.settleJob(jobId);
      this.logger.log({ jobId }, `Job ${jobId} abandoned by its caller; its unfinished models were stopped`);
    } catch (error) {
      this.logger.warn({ jobId }, `Job ${jobId}: could not abandon it: ${(error as Error).message}`);
    }
  }

  private notFailed(modelId: number): ApiException {
    return new ApiException(409, ErrorCode.CONFLICT, `Model ${modelId} has not failed; only a failed model can be retried`);
  }
}
