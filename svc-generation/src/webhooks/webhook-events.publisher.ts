import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JobWebhookEvent, ModelWebhookEvent, RunWebhookEvent, TryOnJob, TryOnRun, TryOnRunSummary } from '@vton/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { WebhookDeliveries } from './webhook-deliveries.service.js';
import { WebhookEventEntity } from './webhook-event.entity.js';

/** Reads a job as the API answers it, with its owner (whoever's it is: the publisher acts for the system), and the catalogue run it is part of. */
export interface JobSnapshots {
  findAny(jobId: string): Promise<{ userId: number; job: TryOnJob } | null>;
  runOfJob(jobId: string): Promise<{ userId: number; run: TryOnRun; endedRuns: number } | null>;
}

const BATCH = 20;

/** A row of the outbox (webhook_events) as the publisher reads it. */
interface OutboxRow {
  id: string;
  job_id: string;
  model_id: number;
  state: 'succeeded' | 'failed' | 'canceled';
  created_at: Date;
}

/**
 * Turns the outbox rows the trigger wrote (a model of a job succeeded or failed) into webhook
 * deliveries, in the transaction that marks them published: a worker that dies half-way leaves
 * them for the next pass. For each row: `model.succeeded`/`model.failed`, and when the job has no
 * model left to run, `job.completed`/`job.failed`. Ids are stable, so a row published twice (two
 * workers at once) delivers each event once (webhook_deliveries is unique per event and endpoint).
 */
@Injectable()
export class WebhookEventPublisher {
  private readonly logger = new Logger('WebhookEvents');

  constructor(
    @InjectRepository(WebhookEventEntity) private readonly events: Repository<WebhookEventEntity>,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  /** Publishes up to a batch of waiting rows; answers how many. */
  async publishWaiting(jobs: JobSnapshots): Promise<number> {
    return this.events.manager.transaction(async (tx) => {
      // SQL: rows another worker is publishing are skipped, not waited for (FOR UPDATE SKIP LOCKED).
      // With each row, whether its job's account has an endpoint that is not disabled: every model's
      // end writes a row, most accounts have no endpoint, and for those the row is only marked
      // published, without reading the job, its run or the endpoints (publish would find none).
      const rows: (OutboxRow & { listened: boolean })[] = await tx.query(
        `SELECT e."id", e."job_id", e."model_id", e."state", e."created_at",
                EXISTS (SELECT 1 FROM "try_on_jobs" j JOIN "webhook_endpoints" w ON w."user_id" = j."user_id" AND w."disabled_at" IS NULL
                         WHERE j."id" = e."job_id") AS "listened"
           FROM "webhook_events" e
          WHERE e."published_at" IS NULL ORDER BY e."id" LIMIT ${BATCH} FOR UPDATE OF e SKIP LOCKED`,
      );
      for (const row of rows) if (row.listened) await this.publish(tx, jobs, row);
      if (rows.length) await tx.query(`UPDATE "webhook_events" SET "published_at" = now() WHERE "id" = ANY($1)`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  /** Whether any row waits to be published: one plain read, so a pass that finds nothing (every second on every worker) is one statement, not a transaction's three. */
  async anyWaiting(): Promise<boolean> {
    const [{ waiting }]: { waiting: boolean }[] = await this.events.query(`SELECT EXISTS (SELECT 1 FROM "webhook_events" WHERE "published_at" IS NULL) AS "waiting"`);
    return waiting;
  }

  /**
   * `run.completed` for a run that has no cell left to run, named by how many of its cells' runs
   * have ended (the same ending is one event, however many rows see it; a retried run's next ending another).
   */
  async publishRunCompleted(userId: number, run: TryOnRunSummary, endedRuns: number, manager?: EntityManager): Promise<void> {
    const { cells: _cells, ...summary } = run as TryOnRun;
    const event: RunWebhookEvent = { type: 'run.completed', timestamp: run.updatedAt, data: summary };
    await this.deliveries.publish(userId, `msg_run_${run.id.replaceAll('-', '')}_${endedRuns}`, event, manager);
    this.logger.log(`Run ${run.id} completed: run.completed published`);
  }

  private async publish(tx: EntityManager, jobs: JobSnapshots, row: OutboxRow) {
    const found = await jobs.findAny(row.job_id);
    if (!found) return; // the job is gone
    const { userId, job } = found;
    const inRun = await jobs.runOfJob(row.job_id);
    const model = job.models.find((m) => m.modelId === row.model_id);
    if (model && row.state !== 'canceled') {
      const cellId = inRun?.run.cells.find((c) => c.garmentId === job.garmentId && c.modelId === model.modelId)?.id;
      const event: ModelWebhookEvent = {
        type: row.state === 'succeeded' ? 'model.succeeded' : 'model.failed',
        timestamp: row.created_at.toISOString(),
        data: { jobId: job.id, model, ...(inRun ? { runId: inRun.run.id, cellId } : {}) },
      };
      await this.deliveries.publish(userId, `msg_${row.id}`, event, tx);
    }
    // A run's product is not a job the seller started: the run's own event tells when it is done.
    if (inRun) {
      if (inRun.run.status === 'completed') await this.publishRunCompleted(inRun.userId, inRun.run, inRun.endedRuns, tx);
      return;
    }
    if (job.status === 'running') return;
    // The job ended with this row or before: its event is named by how many model runs have ended,
    // so the same ending is one event however many rows see it, and a later retry's ending is another.
    const [{ ended }] = await tx.query(`SELECT count(*)::int AS "ended" FROM "webhook_events" WHERE "job_id" = $1`, [job.id]);
    const event: JobWebhookEvent = { type: job.status === 'completed' ? 'job.completed' : 'job.failed', timestamp: job.updatedAt, data: job };
    await this.deliveries.publish(userId, `msg_${job.id.replaceAll('-', '')}_${ended}`, event, tx);
    this.logger.log(`Job ${job.id} ${job.status}: ${event.type} published`);
  }
}
