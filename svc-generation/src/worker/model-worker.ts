import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseConnection, processQueuedWork } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationConfig } from '../config/generation.config.js';
import { CreditSettler } from '../credits/credit-settler.js';
import { JobStore, type RunContext } from '../jobs/job-store.js';
import { GenerationMetrics } from '../metrics/generation-metrics.js';
import { JobQueue, MONITOR_SECONDS, type ClaimedWork, type QueueLane } from '../queue/job-queue.js';
import { MODEL_QUEUE } from '../queue/queue-schema.js';
import { PgListener } from '../queue/pg-listener.js';
import { asModelTryOnError } from '../errors/try-on-errors.js';
import { OutOfCreditsError } from '../providers/out-of-credits.js';
import { ModelRunner } from './model-runner.js';
import { Reconciler } from './reconciler.js';

type StopReason = 'cancelled' | 'lease-lost' | 'drain';

/** One model this worker is running. */
interface Running {
  work: ClaimedWork;
  run: RunContext;
  abort: AbortController;
  done: Promise<void>;
}

const NO_WORK = Symbol('no work');

/**
 * The worker role: claims models from the queue while it has room (WORKER_CONCURRENCY) and the
 * provider has a free slot fleet-wide (VTON_CONCURRENCY), runs each with ModelRunner, renews its
 * lease while it runs, and records the outcome exactly once. Idle, it waits for a NOTIFY (work
 * queued, a slot freed) or WORKER_POLL_MS. SIGTERM drains: no more claims, WORKER_DRAIN_MS for what
 * it holds, then the rest goes back to the queue.
 */
@Injectable()
export class ModelWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly running = new Map<string, Running>();
  /** This worker's name in the work NOTIFYs it sends: it has looked for work already, so its own come back as nothing to do. */
  private readonly name = randomUUID();
  private listener?: PgListener;
  private loop?: Promise<void>;
  private stopping = false;
  private wakeRequested = false;
  private wake?: () => void;

  constructor(
    private readonly config: GenerationConfig,
    private readonly database: DatabaseConnection,
    private readonly queue: JobQueue,
    private readonly store: JobStore,
    private readonly runner: ModelRunner,
    private readonly reconciler: Reconciler,
    private readonly metrics: GenerationMetrics,
    private readonly credits: CreditSettler,
  ) {}

  /** The queue's lanes: garments to the try-on provider, products to the placement engine, each with its fleet-wide limit. */
  private get lanes(): QueueLane[] {
    const { tryOn, placement } = this.runner.providers;
    return [
      { group: 'vton', provider: tryOn.name, limit: this.config.VTON_CONCURRENCY },
      { group: 'placement', provider: placement.name, limit: this.config.PLACEMENT_CONCURRENCY },
    ];
  }

  /** Models this process is running now. */
  get runningCount(): number {
    return this.running.size;
  }

  onApplicationBootstrap(): void {
    const { channels } = this.store;
    this.listener = new PgListener({
      connectionString: this.config.DATABASE_URL,
      channels: [channels.work, channels.jobCancelled],
      logger: this.logger,
      onNotification: (channel, payload) => {
        if (channel === channels.jobCancelled) this.stopJob(payload, 'cancelled');
        else if (payload !== this.name) this.nudge();
      },
      onConnected: () => this.nudge(),
    });
    this.listener.start();
    this.loop = this.claimLoop();
    this.reconciler.start();
    this.logger.log(
      `Worker ready: up to ${this.config.WORKER_CONCURRENCY} models here, ${this.config.VTON_CONCURRENCY} across the fleet, lease ${this.config.WORKER_LEASE_SECONDS} s`,
    );
  }

  /** SIGTERM: stop claiming, give what is running WORKER_DRAIN_MS, then hand the rest back. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.nudge();
    await this.loop;
    this.reconciler.stop();
    if (this.running.size) {
      this.logger.log(`Draining: ${this.running.size} model(s) running, waiting up to ${this.config.WORKER_DRAIN_MS} ms`);
      const all = Promise.all([...this.running.values()].map((r) => r.done));
      await Promise.race([all, sleep(this.config.WORKER_DRAIN_MS, undefined, { ref: false })]);
      if (this.running.size) {
        this.logger.warn(`Drain time is up: handing ${this.running.size} model(s) back to the queue`);
        for (const running of this.running.values()) running.abort.abort('drain' satisfies StopReason);
        await all;
      }
    }
    await this.listener?.stop();
    this.logger.log('Drained');
  }

  private nudge(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  /** Waits for a nudge or `ms`, whichever first. */
  private async idle(ms: number): Promise<void> {
    if (this.wakeRequested) {
      this.wakeRequested = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
    this.wakeRequested = false;
  }

  private async claimLoop(): Promise<void> {
    let backoff = 250;
    while (!this.stopping) {
      if (this.running.size >= this.config.WORKER_CONCURRENCY || !this.database.isReady || !this.queue.isReady) {
        await this.idle(this.config.WORKER_POLL_MS);
        continue;
      }
      try {
        const claimed = await this.claim();
        backoff = 250;
        if (claimed === NO_WORK) await this.idle(this.config.WORKER_POLL_MS);
        // The provider is rate limited fleet-wide: look again when the pause ends (or sooner if nudged).
        else if (typeof claimed === 'object') await this.idle(Math.min(claimed.pausedMs, this.config.WORKER_POLL_MS));
      } catch (error) {
        this.logger.warn(`Could not claim work, trying again in ${backoff} ms: ${(error as Error).message}`);
        await this.idle(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }

  /** Claims one model and starts it; NO_WORK when nothing is claimable, the pause left when the provider is rate limited. */
  private async claim(): Promise<typeof NO_WORK | 'started' | 'stale' | { pausedMs: number }> {
    const claim = await this.store.transaction((tx) =>
      this.queue.claim(tx, this.lanes, async (work) => ({
        work,
        run: await this.store.startRun(tx, work.data, work.id),
      })),
    );
    if (!claim) return NO_WORK;
    if ('pausedMs' in claim) return claim;
    const { work, run } = claim.claimed;
    if (!run) {
      // The model finished, was abandoned, or has a newer run: this unit has nothing left to do.
      await this.queue.complete(work, { outcome: 'stale' }).catch(() => undefined);
      await this.store.notifyWork(this.name).catch(() => undefined);
      return 'stale';
    }
    if (work.retryCount > 0) this.metrics.redeliveries.inc();
    const abort = new AbortController();
    const entry: Running = { work, run, abort, done: Promise.resolve() };
    this.running.set(work.id, entry);
    // In the trace of the request that queued it, with its request id: one try-on, one trace.
    const attributes = { 'vton.job_id': run.jobId, 'vton.model_id': run.modelId, 'vton.attempt': run.attempts };
    entry.done = processQueuedWork(MODEL_QUEUE, { ...work.data, id: work.id }, attributes, () => this.execute(entry)).finally(() => {
      this.running.delete(work.id);
      // A provider slot is free again (here and for every other worker).
      void this.store.notifyWork(this.name).catch(() => undefined);
      this.nudge();
    });
    return 'started';
  }

  private stopJob(jobId: string, reason: StopReason): void {
    for (const running of this.running.values()) if (running.run.jobId === jobId) running.abort.abort(reason);
  }

  private async execute({ work, run, abort }: Running): Promise<void> {
    const log = { jobId: run.jobId, modelId: run.modelId, attempt: run.attempts };
    this.logger.log(log, `Running model ${run.modelId} of job ${run.jobId} (attempt ${run.attempts}${work.retryCount ? `, delivery ${work.retryCount + 1}` : ''})`);
    const heartbeat = this.keepLease(work, abort, log);
    try {
      const result = await this.runner.run(run, { signal: abort.signal });
      let jobEnded = false;
      await this.persist(async () => ({ jobEnded } = await this.store.recordSuccess(run, result)), log);
      this.metrics.modelsFinished.inc({ state: 'succeeded' });
      await this.settle(() => this.queue.complete(work, { outcome: 'succeeded' }), log);
      // The job's credits are captured together once its last model has ended, by the worker that recorded it (or by the reconciler's pass if svc-auth is away).
      if (jobEnded) await this.credits.settleJob(run.jobId);
    } catch (error) {
      await this.handleFailure(work, run, abort.signal.reason as StopReason | undefined, error, log);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async handleFailure(work: ClaimedWork, run: RunContext, stopped: StopReason | undefined, error: unknown, log: object): Promise<void> {
    if (stopped === 'cancelled') {
      // The caller abandoned the job; its models were already marked failed.
      this.logger.log(log, `Model ${run.modelId} of job ${run.jobId} stopped: the job was abandoned`);
      await this.settle(() => this.queue.complete(work, { outcome: 'cancelled' }), log);
      return;
    }
    if (stopped === 'lease-lost') {
      // Another worker holds this model now; whatever it does is recorded once.
      this.logger.warn(log, `Model ${run.modelId} of job ${run.jobId}: this worker lost its lease and stopped`);
      return;
    }
    if (stopped === 'drain') {
      this.logger.log(log, `Model ${run.modelId} of job ${run.jobId} handed back to the queue (worker stopping)`);
      await this.persist(() => this.store.recordRequeued(run), log);
      await this.settle(() => this.queue.fail(work, { outcome: 'requeued', reason: 'the worker was stopping' }), log);
      return;
    }
    const failure = asModelTryOnError(error);
    if (failure instanceof OutOfCreditsError) {
      // Not a rate limit (whatever its status): waiting adds no credits, so nothing is paused; the operator must top the account up.
      const provider = this.runner.providerFor(run);
      this.logger.error({ ...log, code: failure.code, provider: provider.name }, `The ${provider.label} account is out of credits: its models fail until it is topped up (${failure.message})`);
      this.metrics.providerOutOfCredits.inc({ provider: provider.name });
    } else if (failure.status === 429) {
      // Rate limited: the whole fleet holds back for the provider's Retry-After (a short pause when it named none).
      const provider = this.runner.providerFor(run).name;
      const pauseMs = failure.retryAfterMs ?? this.config.VTON_RETRY_DELAY_SECONDS * 1000;
      this.logger.warn({ ...log, code: failure.code }, `The ${provider} provider is rate limiting: no model is sent to it for ${Math.round(pauseMs)} ms`);
      await this.persist(() => this.queue.pauseProvider(provider, pauseMs, failure.message), log);
    }
    const attempt = work.retryCount + 1;
    const again = failure.retryable && attempt < this.config.VTON_MAX_ATTEMPTS;
    this.metrics.failures.inc({ code: failure.code, final: String(!again) });
    if (again) {
      this.logger.warn({ ...log, code: failure.code }, `Model ${run.modelId} of job ${run.jobId} failed (${failure.message}); queued again (attempt ${attempt} of ${this.config.VTON_MAX_ATTEMPTS})`);
      await this.persist(() => this.store.recordRequeued(run), log);
      await this.settle(() => this.queue.fail(work, { outcome: 'requeued', ...failure.toJSON() }), log);
      return;
    }
    this.logger.warn({ ...log, code: failure.code }, `Model ${run.modelId} of job ${run.jobId} failed (${failure.code}): ${failure.message}`);
    await this.persist(() => this.store.recordFailure(run, failure.toJSON()), log);
    this.metrics.modelsFinished.inc({ state: 'failed' });
    await this.settle(() => this.queue.complete(work, { outcome: 'failed', ...failure.toJSON() }), log);
    // Failed for good: its credit goes back now (and the job's captures with it, if this ended the job).
    await this.credits.settleJob(run.jobId);
  }

  /**
   * Renews the lease while the model runs. A renewal the queue refuses means the lease lapsed and
   * the model went to another worker: the work here stops (unless its result already exists, which is
   * then saved once under its idempotency key). A renewal that fails (Postgres away) is tried again.
   */
  private keepLease(work: ClaimedWork, abort: AbortController, log: object): NodeJS.Timeout {
    const everyMs = Math.max(1000, Math.floor(((this.config.WORKER_LEASE_SECONDS - MONITOR_SECONDS) * 1000) / 4));
    const timer = setInterval(() => {
      this.queue.touch(work).then(
        (held) => {
          if (!held && !abort.signal.aborted) abort.abort('lease-lost' satisfies StopReason);
        },
        (error) => this.logger.warn(log, `Could not renew the lease: ${(error as Error).message}`),
      );
    }, everyMs);
    timer.unref();
    return timer;
  }

  /** A state change that must land: retried until Postgres takes it (a restart mid-job loses nothing). */
  private async persist(write: () => Promise<unknown>, log: object): Promise<void> {
    for (let pause = 250; ; pause = Math.min(pause * 2, 5000)) {
      try {
        await write();
        return;
      } catch (error) {
        this.logger.warn(log, `Could not record the model's state, trying again in ${pause} ms: ${(error as Error).message}`);
        await sleep(pause);
      }
    }
  }

  /** Settling the unit of work: tried a few times; if it never lands, the lease lapses and the redelivered unit finds the model finished. */
  private async settle(write: () => Promise<unknown>, log: object): Promise<void> {
    for (let attempt = 1, pause = 250; ; attempt++, pause *= 2) {
      try {
        await write();
        return;
      } catch (error) {
        if (attempt >= 6) {
          this.logger.warn(log, `Could not settle the unit of work (it will be redelivered and found finished): ${(error as Error).message}`);
          return;
        }
        await sleep(pause);
      }
    }
  }
}

