import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { GarmentCategory, JobModelState, RunCellState, RunCounts, RunsPage, TryOnResult, TryOnRun, TryOnRunCell, TryOnRunSummary } from '@vton/contracts';
import type { Repository } from 'typeorm';
import { TryOnJobModelEntity, type ModelInput } from './entities/try-on-job-model.entity.js';
import { TryOnJobEntity } from './entities/try-on-job.entity.js';
import { TryOnRunEntity } from './entities/try-on-run.entity.js';
import { JobStore, sql, type ModelError, type RequeuedModel, type RunJobPlan } from './job-store.js';

/** A cell as stored: a model row of one of the run's jobs, with its job's product. */
export interface CellRow {
  id: number;
  jobId: string;
  modelId: number;
  garmentId: number;
  category: GarmentCategory;
  prompt: string;
  state: JobModelState;
  run: number;
  attempts: number;
  result: TryOnResult | null;
  error: ModelError | null;
  input: ModelInput | null;
  updatedAt: Date;
}

const UNFINISHED: JobModelState[] = ['queued', 'requeued', 'running'];
const RUN_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Catalogue runs (try_on_runs): a run's products are jobs of JobStore, its cells their model rows,
 * so they go through the one queue exactly like a job's models. A run's state is derived from its
 * cells, as a job's is from its models.
 */
@Injectable()
export class RunStore {
  constructor(
    @InjectRepository(TryOnRunEntity) private readonly runs: Repository<TryOnRunEntity>,
    @InjectRepository(TryOnJobModelEntity) private readonly models: Repository<TryOnJobModelEntity>,
    private readonly jobs: JobStore,
  ) {}

  /** The run, its jobs and its cells (queued or skipped) in one transaction; refused whole (429) over MAX_RUN_CELLS waiting. */
  async create(userId: number, run: Pick<TryOnRunEntity, 'id' | 'prompt' | 'garmentIds' | 'modelIds'>, jobs: RunJobPlan[]): Promise<void> {
    await this.jobs.transaction(async (tx) => {
      await tx.getRepository(TryOnRunEntity).insert({ ...run, userId, createdAt: new Date() });
      await this.jobs.insertRunJobs(tx, userId, run.id, jobs);
    });
  }

  /** The run as its owner sees it, or null. */
  async find(userId: number, runId: string): Promise<TryOnRun | null> {
    if (!RUN_UUID.test(runId)) return null;
    const run = await this.runs.findOneBy({ id: runId, userId });
    return run ? toTryOnRun(run, await this.cells(run.id)) : null;
  }

  /**
   * The run a job belongs to, whoever owns it (webhook events), and how many of its cells' runs
   * there have been (a retry adds one); null for a job started on its own.
   */
  async ofJob(jobId: string): Promise<{ userId: number; run: TryOnRun; endedRuns: number } | null> {
    const run = await this.runs
      .createQueryBuilder('r')
      .innerJoin(TryOnJobEntity, 'j', 'j.run_id = r.id')
      .where('j.id = :jobId', { jobId })
      .getOne();
    if (!run) return null;
    const cells = await this.cells(run.id);
    return { userId: run.userId, run: toTryOnRun(run, cells), endedRuns: cells.reduce((sum, c) => sum + c.run, 0) };
  }

  /** The seller's runs, newest first, with their counts. The cursor is the last run's id. */
  async list(userId: number, limit: number, cursor?: string): Promise<RunsPage | null> {
    let after: TryOnRunEntity | null = null;
    if (cursor !== undefined) {
      after = RUN_UUID.test(cursor) ? await this.runs.findOneBy({ id: cursor, userId }) : null;
      if (!after) return null;
    }
    const query = this.runs.createQueryBuilder('r').where('r.user_id = :userId', { userId });
    if (after) query.andWhere('(r.created_at, r.id) < (:createdAt, :id)', { createdAt: after.createdAt, id: after.id });
    const rows = await query.orderBy('r.created_at', 'DESC').addOrderBy('r.id', 'DESC').take(limit + 1).getMany();
    const page = rows.slice(0, limit);
    const counted = await Promise.all(page.map(async (run) => summaryOf(toTryOnRun(run, await this.cells(run.id)))));
    return { runs: counted, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
  }

  /** The run's cells as stored, in the grid's order (products as rows, model photos as columns). */
  async cells(runId: string): Promise<CellRow[]> {
    const rows = await this.models
      .createQueryBuilder('m')
      .innerJoin(TryOnJobEntity, 'j', 'j.id = m.job_id')
      .innerJoin(TryOnRunEntity, 'r', 'r.id = j.run_id')
      .select([
        'm.id AS id',
        'm.job_id AS "jobId"',
        'm.model_id AS "modelId"',
        'j.garment_id AS "garmentId"',
        'j.garment_category AS category',
        'j.prompt AS prompt',
        'm.state AS state',
        'm.run AS run',
        'm.attempts AS attempts',
        'm.result AS result',
        'm.error AS error',
        'm.input AS input',
        'm.updated_at AS "updatedAt"',
      ])
      .where('j.run_id = :runId', { runId })
      .orderBy('array_position(r.garment_ids, j.garment_id)')
      .addOrderBy('m.position')
      .getRawMany<CellRow>();
    return rows;
  }

  /** Queues these cells again (failed, skipped or cancelled ones), as one request against MAX_RUN_CELLS; answers those queued. */
  requeue(userId: number, cells: RequeuedModel[]): Promise<RequeuedModel[]> {
    return this.jobs.requeue(userId, cells, ['failed', 'skipped', 'canceled'], 'runs');
  }

  /**
   * Cancels every unfinished cell of the run (`canceled`, with `error`); answers their units of
   * work (to withdraw from the queue) and the jobs it changed. Running ones are told to stop.
   */
  async cancel(runId: string, error: ModelError): Promise<{ units: string[]; jobIds: string[] }> {
    return this.jobs.transaction(async (tx) => {
      // SQL: one conditional UPDATE … RETURNING over the run's jobs (the units to withdraw).
      const { rows } = await sql(
        tx,
        `UPDATE try_on_job_models m SET state = 'canceled', error = $2, finished_at = now(), updated_at = now()
           FROM try_on_jobs j
          WHERE j.id = m.job_id AND j.run_id = $1 AND m.state = ANY($3)
          RETURNING m.job_id AS "jobId", m.queue_job_id AS "unit"`,
        [runId, JSON.stringify(error), UNFINISHED],
      );
      const jobIds = [...new Set(rows.map((r: { jobId: string }) => r.jobId))] as string[];
      for (const jobId of jobIds) await this.jobs.announceCancelled(tx, jobId);
      return { units: rows.flatMap((r: { unit: string | null }) => (r.unit ? [r.unit] : [])), jobIds };
    });
  }
}

/** A cell as the grid and the API show it: a model run waiting again is `queued`. */
export function cellOf(row: CellRow): TryOnRunCell {
  const state: RunCellState = row.state === 'requeued' ? 'queued' : row.state;
  return { id: row.id, garmentId: row.garmentId, modelId: row.modelId, category: row.category, state, attempts: row.attempts, result: row.result, error: row.error };
}

export function toTryOnRun(run: TryOnRunEntity, rows: CellRow[]): TryOnRun {
  const cells = rows.map(cellOf);
  const counts: RunCounts = { total: cells.length, queued: 0, running: 0, succeeded: 0, failed: 0, skipped: 0, canceled: 0 };
  for (const cell of cells) counts[cell.state]++;
  const updatedAt = rows.reduce((latest, r) => (new Date(r.updatedAt) > latest ? new Date(r.updatedAt) : latest), run.createdAt);
  return {
    id: run.id,
    prompt: run.prompt,
    status: counts.queued + counts.running > 0 ? 'running' : 'completed',
    garmentIds: run.garmentIds,
    modelIds: run.modelIds,
    counts,
    createdAt: run.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    cells,
  };
}

export function summaryOf({ cells: _cells, ...summary }: TryOnRun): TryOnRunSummary {
  return summary;
}
