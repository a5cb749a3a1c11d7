import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ErrorCode, type JobModelState, type TryOnJob, type TryOnResult } from '@vton/contracts';
import { ApiException, DatabaseConnection } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { MediaClient, type Caller } from '../media/media-client.js';
import type { GenerateTryOnDto } from '../try-on/dto/generate-try-on.dto.js';
import { asModelTryOnError, vtonProcessingError } from '../try-on/try-on-errors.js';
import { TryOnService, type ReadyModel, type TryOnPlan } from '../try-on/try-on.service.js';
import { TryOnJobModelEntity } from './entities/try-on-job-model.entity.js';
import { TryOnJobEntity } from './entities/try-on-job.entity.js';

type JobListener = (job: TryOnJob) => void;

/** One re-signing call to svc-media: a slow svc-media must not hold a job read for MEDIA_TIMEOUT_MS. */
const RESIGN_TIMEOUT_MS = 5000;

const INTERRUPTED = vtonProcessingError('the try-on was interrupted because the generation service restarted; retry this model').toJSON();

/**
 * Try-on jobs: the same work as POST /generate, run in the background with each model's state
 * kept in Postgres (so a reload, or a restart of this service, finds the job again) and
 * announced to open event streams after every change.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TryOnJobs');
  /** This process, as written in try_on_jobs.runner. */
  private readonly instance = randomUUID();
  private readonly listeners = new Map<string, Set<JobListener>>();
  private readonly publishing = new Map<string, Promise<void>>();
  /** Models being worked on here, per job: what a shutdown interrupts. */
  private readonly active = new Map<string, Map<number, AbortController>>();
  private heartbeatTimer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly database: DatabaseConnection,
    private readonly config: GenerationConfig,
    private readonly tryOn: TryOnService,
    private readonly media: MediaClient,
  ) {}

  onApplicationBootstrap(): void {
    // Heartbeats for our running jobs, and recovery of jobs whose process died without a word.
    const every = Math.max(500, Math.floor(this.config.JOB_STALE_MS / 3));
    this.heartbeatTimer = setInterval(() => void this.beat(), every);
    this.heartbeatTimer.unref();
    void this.beat();
  }

  /** A graceful stop (deploy, Ctrl-C): what was running here is marked failed and retryable. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeatTimer);
    const jobIds = [...this.active.keys()];
    for (const models of this.active.values()) for (const controller of models.values()) controller.abort();
    if (!jobIds.length || !this.database.isReady) return;
    try {
      await this.dataSource.transaction(async (tx) => {
        await tx.getRepository(TryOnJobModelEntity).update(
          { jobId: In(jobIds), state: In(['queued', 'running']) },
          { state: 'failed', error: INTERRUPTED, updatedAt: new Date() },
        );
        for (const id of jobIds) await this.refreshStatus(tx, id);
      });
    } catch (error) {
      this.logger.error(`Could not mark interrupted jobs at shutdown: ${(error as Error).message}`);
    }
  }

  /** POST /api/try-on/jobs: §5's rules answer at once; the models then run in the background. */
  async create(caller: Caller, request: GenerateTryOnDto): Promise<TryOnJob> {
    const plan = await this.tryOn.plan(caller, request);
    const now = new Date();
    const job: TryOnJobEntity = {
      id: randomUUID(),
      userId: caller.userId,
      garmentId: plan.garmentId,
      prompt: plan.prompt,
      status: 'running',
      runner: this.instance,
      heartbeatAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(TryOnJobEntity).insert(job);
      await tx.getRepository(TryOnJobModelEntity).insert(
        plan.models.map((m, position) => ({ jobId: job.id, modelId: m.id, position, state: 'queued' as const, result: null, error: null, attempts: 0, updatedAt: now })),
      );
    });
    this.start(caller, job.id, plan, plan.models);
    return this.get(caller.userId, job.id);
  }

  /** The job as its owner sees it; 404 for anyone else. */
  async get(userId: number, jobId: string): Promise<TryOnJob> {
    const job = await this.find(userId, jobId);
    if (!job) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Try-on job not found');
    return job;
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
    const timeoutMs = Math.min(RESIGN_TIMEOUT_MS, this.config.MEDIA_TIMEOUT_MS);
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
          this.logger.warn(`Job ${job.id}: could not re-sign the result of model ${model.modelId} (gallery image ${imageId}), its stored URL is kept: ${(error as Error).message}`);
        }
      }),
    );
    return job;
  }

  /** POST .../models/:modelId/retry: runs one failed model again. */
  async retry(caller: Caller, jobId: string, modelId: number): Promise<TryOnJob> {
    const job = await this.get(caller.userId, jobId);
    const model = job.models.find((m) => m.modelId === modelId);
    if (!model) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${modelId} is not part of this try-on job`);
    if (model.state !== 'failed') throw new ApiException(409, ErrorCode.CONFLICT, `Model ${modelId} has not failed; only a failed model can be retried`);
    // The model may have changed since (new mask, deleted): check it again as a batch of one.
    const plan = await this.tryOn.plan(caller, { garmentId: job.garmentId, modelIds: [modelId], prompt: job.prompt });
    const now = new Date();
    const claimed = await this.dataSource.transaction(async (tx) => {
      // Only one of two simultaneous retries wins the row.
      const update = await tx.getRepository(TryOnJobModelEntity).update(
        { jobId, modelId, state: 'failed' },
        { state: 'queued', error: null, result: null, updatedAt: now },
      );
      if (!update.affected) return false;
      await tx.getRepository(TryOnJobEntity).update({ id: jobId }, { status: 'running', runner: this.instance, heartbeatAt: now, updatedAt: now });
      return true;
    });
    if (!claimed) throw new ApiException(409, ErrorCode.CONFLICT, `Model ${modelId} has not failed; only a failed model can be retried`);
    this.start(caller, jobId, plan, plan.models);
    await this.publish(jobId);
    // The other models' results may be old: their URLs are signed again, as on any read.
    return this.withFreshUrls(caller, await this.get(caller.userId, jobId));
  }

  /** Listens to a job's changes made in this process; returns the unsubscribe function. */
  subscribe(jobId: string, listener: JobListener): () => void {
    let set = this.listeners.get(jobId);
    if (!set) this.listeners.set(jobId, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (!set!.size) this.listeners.delete(jobId);
    };
  }

  /** Listeners of a job (open event streams of this process); 0 once the last one left. Tests check leaks with it. */
  listenerCount(jobId: string): number {
    return this.listeners.get(jobId)?.size ?? 0;
  }

  async find(userId: number, jobId: string): Promise<TryOnJob | null> {
    if (!/^[0-9a-f-]{36}$/i.test(jobId)) return null;
    const job = await this.dataSource.getRepository(TryOnJobEntity).findOneBy({ id: jobId, userId });
    if (!job) return null;
    const models = await this.dataSource.getRepository(TryOnJobModelEntity).find({ where: { jobId }, order: { position: 'ASC' } });
    return toTryOnJob(job, models);
  }

  private start(caller: Caller, jobId: string, plan: TryOnPlan, models: ReadyModel[]): void {
    const controllers = this.active.get(jobId) ?? new Map<number, AbortController>();
    this.active.set(jobId, controllers);
    for (const model of models) controllers.set(model.id, new AbortController());
    void this.run(caller, jobId, plan, models, controllers);
  }

  private async run(caller: Caller, jobId: string, plan: TryOnPlan, models: ReadyModel[], controllers: Map<number, AbortController>): Promise<void> {
    let garment: Buffer;
    try {
      garment = await this.tryOn.loadGarment(caller, plan);
    } catch (error) {
      const failure = asModelTryOnError(error).toJSON();
      await Promise.all(models.map((m) => this.setModel(jobId, m.id, { state: 'failed', error: failure })));
      this.finish(jobId, models);
      return;
    }
    await Promise.all(
      models.map(async (model) => {
        const signal = controllers.get(model.id)!.signal;
        // The 'running' write must land before the final one.
        let running: Promise<void> = Promise.resolve();
        try {
          const result = await this.tryOn.runModel(caller, plan, model, garment, {
            signal,
            onRunning: () => (running = this.setModel(jobId, model.id, { state: 'running' }, true)),
          });
          await running;
          await this.setModel(jobId, model.id, { state: 'succeeded', result });
        } catch (error) {
          const failure = asModelTryOnError(error);
          this.logger.warn(`Job ${jobId}: model ${model.id} failed (${failure.code}): ${failure.message}`);
          await running;
          await this.setModel(jobId, model.id, { state: 'failed', error: failure.toJSON() });
        }
      }),
    );
    this.finish(jobId, models);
  }

  private finish(jobId: string, models: ReadyModel[]): void {
    const controllers = this.active.get(jobId);
    for (const m of models) controllers?.delete(m.id);
    if (controllers && !controllers.size) this.active.delete(jobId);
  }

  /** Writes one model's new state, the job's status with it, and tells the listeners. */
  private async setModel(
    jobId: string,
    modelId: number,
    change: { state: JobModelState; result?: TryOnResult; error?: { code: string; message: string } },
    countAttempt = false,
  ): Promise<void> {
    // After a shutdown began, onModuleDestroy writes the models' final state itself.
    if (this.stopping) return;
    try {
      await this.dataSource.transaction(async (tx) => {
        const repository = tx.getRepository(TryOnJobModelEntity);
        // jsonb columns: TypeORM's deep-partial typing cannot describe them; the values are plain JSON.
        await repository.update({ jobId, modelId }, { state: change.state, result: (change.result ?? null) as never, error: change.error ?? null, updatedAt: new Date() });
        if (countAttempt) await repository.increment({ jobId, modelId }, 'attempts', 1);
        await this.refreshStatus(tx, jobId);
      });
      await this.publish(jobId);
    } catch (error) {
      this.logger.error(`Job ${jobId}: could not record model ${modelId} as ${change.state}: ${(error as Error).message}`);
    }
  }

  /** running while any model is queued or running; then completed with at least one result, else failed. */
  private async refreshStatus(tx: EntityManager, jobId: string): Promise<void> {
    // Lock the job row: two models finishing together must not both compute from a stale view.
    await tx.query(`SELECT 1 FROM try_on_jobs WHERE id = $1 FOR UPDATE`, [jobId]);
    const states: { state: JobModelState }[] = await tx.getRepository(TryOnJobModelEntity).find({ select: { state: true }, where: { jobId } });
    const status = states.some((s) => s.state === 'queued' || s.state === 'running')
      ? 'running'
      : states.some((s) => s.state === 'succeeded')
        ? 'completed'
        : 'failed';
    await tx.getRepository(TryOnJobEntity).update({ id: jobId }, { status, updatedAt: new Date() });
  }

  /** Snapshots are read one after another per job, each after its change committed, so listeners never see one go backwards. */
  private publish(jobId: string): Promise<void> {
    const next = (this.publishing.get(jobId) ?? Promise.resolve()).then(() => this.deliver(jobId)).catch((error) => {
      this.logger.warn(`Job ${jobId}: could not announce a change: ${(error as Error).message}`);
    });
    this.publishing.set(jobId, next);
    void next.then(() => {
      if (this.publishing.get(jobId) === next) this.publishing.delete(jobId);
    });
    return next;
  }

  private async deliver(jobId: string): Promise<void> {
    const listeners = this.listeners.get(jobId);
    if (!listeners?.size) return;
    const job = await this.dataSource.getRepository(TryOnJobEntity).findOneBy({ id: jobId });
    if (!job) return;
    const snapshot = await this.find(job.userId, jobId);
    if (snapshot) for (const listener of [...listeners]) listener(snapshot);
  }

  /** Heartbeat for the jobs this process runs; models of jobs whose process went silent become failed. */
  private async beat(): Promise<void> {
    if (this.stopping || !this.database.isReady) return;
    try {
      const now = new Date();
      const mine = [...this.active.keys()];
      if (mine.length) await this.dataSource.getRepository(TryOnJobEntity).update({ id: In(mine) }, { heartbeatAt: now, runner: this.instance });
      const stale = new Date(now.getTime() - this.config.JOB_STALE_MS);
      const orphans: { id: string }[] = await this.dataSource.query(
        `SELECT id FROM try_on_jobs WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < $1)`,
        [stale],
      );
      for (const { id } of orphans) {
        if (this.active.has(id)) continue;
        await this.dataSource.transaction(async (tx) => {
          await tx.getRepository(TryOnJobModelEntity).update({ jobId: id, state: In(['queued', 'running']) }, { state: 'failed', error: INTERRUPTED, updatedAt: now });
          await this.refreshStatus(tx, id);
        });
        this.logger.warn(`Job ${id}: its process stopped answering; unfinished models marked failed`);
        await this.publish(id);
      }
    } catch (error) {
      this.logger.warn(`Job heartbeat failed: ${(error as Error).message}`);
    }
  }
}

function toTryOnJob(job: TryOnJobEntity, models: TryOnJobModelEntity[]): TryOnJob {
  return {
    id: job.id,
    garmentId: job.garmentId,
    prompt: job.prompt,
    status: job.status,
    models: models.map((m) => ({ modelId: m.modelId, state: m.state, result: m.result, error: m.error, attempts: m.attempts })),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
