import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { DatabaseConnection } from '@vton/service-kit';
import { CreditSettler } from '../credits/credit-settler.js';
import { JobStore, type ModelError } from '../jobs/job-store.js';
import { MODEL_QUEUE } from '../queue/queue-schema.js';

const EVERY_MS = 30_000;

const LOST: ModelError = {
  code: ErrorCode.VTON_PROCESSING_ERROR,
  message: 'Failed to process VTON request: its queued work was lost; retry this model',
};

/**
 * A safety net behind the trigger that mirrors pg-boss's own moves onto the models
 * (src/queue/queue-schema.ts): a model still unfinished whose unit of work no longer exists or has
 * ended (removed by retention, cancelled) is failed, retryable, so no job stays `running` forever.
 * Models queued by a version before the queue (no unit of work) and untouched for ten minutes are
 * failed the same way. Every worker runs it every 30 s; each change is one conditional UPDATE.
 * The same pass settles the credits of runs that ended without being settled (CreditSettler).
 */
@Injectable()
export class Reconciler {
  private readonly logger = new Logger('Reconciler');
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly database: DatabaseConnection,
    private readonly store: JobStore,
    private readonly credits: CreditSettler,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Credits of every run that ended without being settled (failed by pg-boss's trigger or above, abandoned, svc-auth was away), a success once its job has ended. */
  private async settleCredits(): Promise<void> {
    try {
      const settled = await this.credits.sweep();
      if (settled) this.logger.log(`Settled the credits of ${settled} ended model run(s)`);
    } catch (error) {
      this.logger.warn(`Credits not settled in this pass: ${(error as Error).message}`);
    }
  }

  /** One pass; answers the jobs it changed. */
  async pass(): Promise<string[]> {
    if (this.busy || !this.database.isReady) return [];
    this.busy = true;
    try {
      const changed = await this.store.failLostRuns(LOST, MODEL_QUEUE);
      for (const { jobId, modelId } of changed) this.logger.warn({ jobId, modelId }, `Model ${modelId} of job ${jobId}: its work was lost; failed`);
      await this.settleCredits();
      return [...new Set(changed.map((r) => r.jobId))];
    } catch (error) {
      this.logger.warn(`Reconciliation pass failed: ${(error as Error).message}`);
      return [];
    } finally {
      this.busy = false;
    }
  }
}
