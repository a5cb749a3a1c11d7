import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { DatabaseConnection } from '@vton/service-kit';
import { DataSource } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { JobStore } from '../jobs/job-store.js';
import { MODEL_QUEUE } from '../queue/queue-schema.js';

const EVERY_MS = 30_000;

const LOST = JSON.stringify({
  code: ErrorCode.VTON_PROCESSING_ERROR,
  message: 'Failed to process VTON request: its queued work was lost; retry this model',
});

/**
 * A safety net behind the trigger that mirrors pg-boss's own moves onto the models
 * (src/queue/queue-schema.ts): a model still unfinished whose unit of work no longer exists or has
 * ended (removed by retention, cancelled) is failed, retryable, so no job stays `running` forever.
 * Models queued by a version before the queue (no unit of work) and untouched for ten minutes are
 * failed the same way. Every worker runs it every 30 s; each change is one conditional UPDATE.
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
    this.timer = setInterval(() => void this.pass(), EVERY_MS);
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
      const [rows] = await this.dataSource.query(
        `UPDATE try_on_job_models m SET state = 'failed', error = $2, finished_at = now(), updated_at = now()
          WHERE m.state IN ('queued', 'requeued', 'running')
            AND CASE WHEN m.queue_job_id IS NULL THEN m.updated_at < now() - interval '10 minutes'
                     ELSE m.updated_at < now() - interval '1 minute'
                          AND NOT EXISTS (SELECT 1 FROM "${this.config.DATABASE_SCHEMA}".job q
                                           WHERE q.name = $1 AND q.id = m.queue_job_id AND q.state IN ('created', 'retry', 'active'))
                END
         RETURNING m.job_id, m.model_id`,
        [MODEL_QUEUE, LOST],
      );
      const changed = rows as { job_id: string; model_id: number }[];
      for (const { job_id, model_id } of changed) this.logger.warn({ jobId: job_id, modelId: model_id }, `Model ${model_id} of job ${job_id}: its work was lost; failed`);
      const jobs = [...new Set(changed.map((r) => r.job_id))];
      for (const jobId of jobs) await this.dataSource.query(`SELECT pg_notify($1, $2)`, [this.store.channels.jobChanged, jobId]);
      return jobs;
    } catch (error) {
      this.logger.warn(`Reconciliation pass failed: ${(error as Error).message}`);
      return [];
    } finally {
      this.busy = false;
    }
  }
}
