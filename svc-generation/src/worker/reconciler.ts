import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { DatabaseConnection } from '@vton/service-kit';
import { DataSource } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { JobStore } from '../jobs/job-store.js';
import { MONITOR_SECONDS } from '../queue/job-queue.js';
import { MODEL_QUEUE } from '../queue/queue-schema.js';

/**
 * Brings a model's state in line with its unit of work when the queue moved the work on its own:
 * pg-boss's monitor gives back the work of a worker that stopped renewing its lease (killed,
 * frozen, cut off), and fails it for good once VTON_MAX_ATTEMPTS runs are spent. The model then
 * shows `requeued` (and runs again), or `failed` with §8's code and message. Every worker runs it;
 * each change is one conditional UPDATE, so running it twice at once does no harm.
 */
@Injectable()
export class Reconciler {
  private readonly logger = new Logger('Reconciler');
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly database: DatabaseConnection,
    private readonly config: GenerationConfig,
    private readonly store: JobStore,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), MONITOR_SECONDS * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One pass; answers the jobs it changed. */
  async pass(): Promise<string[]> {
    if (this.busy || !this.database.isReady) return [];
    this.busy = true;
    try {
      const work = `"${this.config.DATABASE_SCHEMA}".job`;
      const requeued: { job_id: string; model_id: number }[] = await this.dataSource.query(
        `UPDATE try_on_job_models m SET state = 'requeued', updated_at = now()
           FROM ${work} q
          WHERE m.state = 'running' AND q.name = $1 AND q.id = m.queue_job_id AND q.state IN ('created', 'retry')
         RETURNING m.job_id, m.model_id`,
        [MODEL_QUEUE],
      ).then(([rows]) => rows);
      const max = this.config.VTON_MAX_ATTEMPTS;
      const gaveUp = JSON.stringify({
        code: ErrorCode.VTON_PROCESSING_ERROR,
        message: `Failed to process VTON request: the try-on did not finish in ${max} attempt${max === 1 ? '' : 's'} (its worker stopped or hung each time); retry this model`,
      });
      const failed: { job_id: string; model_id: number }[] = await this.dataSource.query(
        `UPDATE try_on_job_models m SET state = 'failed', error = $2, finished_at = now(), updated_at = now()
          WHERE m.state IN ('queued', 'requeued', 'running')
            AND (m.queue_job_id IS NULL
                 OR NOT EXISTS (SELECT 1 FROM ${work} q WHERE q.name = $1 AND q.id = m.queue_job_id AND q.state IN ('created', 'retry', 'active')))
         RETURNING m.job_id, m.model_id`,
        [MODEL_QUEUE, gaveUp],
      ).then(([rows]) => rows);
      for (const { job_id, model_id } of requeued) this.logger.warn({ jobId: job_id, modelId: model_id }, `Model ${model_id} of job ${job_id}: its worker stopped; queued again`);
      for (const { job_id, model_id } of failed) this.logger.warn({ jobId: job_id, modelId: model_id }, `Model ${model_id} of job ${job_id}: given up after ${max} attempt(s)`);
      const jobs = [...new Set([...requeued, ...failed].map((r) => r.job_id))];
      for (const jobId of jobs) await this.dataSource.query(`SELECT pg_notify($1, $2)`, [this.store.channels.jobChanged, jobId]);
      if (jobs.length) await this.store.notifyWork();
      return jobs;
    } catch (error) {
      this.logger.warn(`Reconciliation pass failed: ${(error as Error).message}`);
      return [];
    } finally {
      this.busy = false;
    }
  }
}
