import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { GarmentCategory, JobModelState, TryOnJob, TryOnResult } from '@vton/contracts';
import { queuedTrace, TooManyRequestsException } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { channelsFor, type Channels } from '../queue/channels.js';
import { JobQueue, type ModelWork } from '../queue/job-queue.js';
import { workGroupOf, type WorkGroup } from '../queue/queue-schema.js';
import type { JobPlan } from './job-planner.js';
import { TryOnJobModelEntity, type ModelInput } from './entities/try-on-job-model.entity.js';
import { TryOnJobEntity } from './entities/try-on-job.entity.js';

export type ModelError = { code: string; message: string };

/** A model about to be queued (a new job's, or a failed one the seller retries), in its lane. */
interface QueuedModel {
  jobId: string;
  modelId: number;
  run: number;
  input: ModelInput;
  group: WorkGroup;
}

/** Which per-account limit a request is counted against: a job's models, or a catalogue run's cells. */
export type WaitingLimit = 'jobs' | 'runs';

/** A model run the seller asks to queue again (a failed one; in a run also a skipped or cancelled cell). */
export interface RequeuedModel {
  jobId: string;
  modelId: number;
  /** The run it is queued as: the one after its current one. */
  run: number;
  input: ModelInput;
}

/** One product of a new catalogue run: its job, the model photos queued for it and the cells skipped. */
export interface RunJobPlan extends JobPlan {
  jobId: string;
  /** Each model photo's place in the run's columns. */
  positions: Map<number, number>;
  skipped: { modelId: number; error: ModelError }[];
}

/** When the service time of recent models is unknown, Retry-After assumes this much per model. */
const DEFAULT_MODEL_SECONDS = 30;
/** The per-account limit answers 429 with this message and a Retry-After estimate. */
export class QueueFullException extends TooManyRequestsException {}

/** The advisory lock (two keys) under which an account's models are queued: one account's queueing never waits for another's. */
export function enqueueLock(schema: string, userId: number): [string, number] {
  return [`${schema}.enqueue`, userId];
}

/** Runs `enqueue`, counting it in `refused` when the account's queue is full (the 429 goes on to the caller). */
export async function countingRefusals<T>(refused: { inc(): void }, enqueue: () => Promise<T>): Promise<T> {
  try {
    return await enqueue();
  } catch (error) {
    if (error instanceof QueueFullException) refused.inc();
    throw error;
  }
}

/**
 * svc-generation's job tables, shared by the API and the workers. Every change of a model is one
 * conditional UPDATE of its row (keyed by job, model and run, so a stale run can never overwrite a
 * newer one) and a NOTIFY in the same transaction; the job's status is derived from its models, so
 * no write ever locks the job row and concurrent model writes cannot deadlock.
 */
@Injectable()
export class JobStore {
  readonly channels: Channels;

  constructor(
    @InjectRepository(TryOnJobEntity) private readonly jobs: Repository<TryOnJobEntity>,
    @InjectRepository(TryOnJobModelEntity) private readonly models: Repository<TryOnJobModelEntity>,
    private readonly config: GenerationConfig,
    private readonly queue: JobQueue,
  ) {
    this.channels = channelsFor(config.DATABASE_SCHEMA);
  }

  /** A new job's id: known before the job is written, so its models' credits can be reserved first. */
  newJobId(): string {
    return randomUUID();
  }

  /**
   * A new job with every model queued, and its units of work, in one transaction. Refused (429) when
   * the account would have more than MAX_QUEUED_MODELS_PER_ACCOUNT models waiting.
   */
  async createJob(userId: number, plan: JobPlan, jobId: string): Promise<string> {
    await this.transaction(async (tx) => {
      await this.insertJobs(tx, userId, null, [{ ...plan, jobId, positions: new Map(plan.models.map((m, i) => [m.id, i])), skipped: [] }], 'jobs');
    });
    return jobId;
  }

  /**
   * A catalogue run's jobs (one per product) with their cells, in the run's transaction: every cell
   * with a mask queued (one enqueue: one limit check, consecutive fair tags), the others `skipped`.
   */
  async insertRunJobs(tx: EntityManager, userId: number, runId: string, jobs: RunJobPlan[]): Promise<void> {
    await this.insertJobs(tx, userId, runId, jobs, 'runs');
  }

  private async insertJobs(tx: EntityManager, userId: number, runId: string | null, jobs: RunJobPlan[], limit: WaitingLimit): Promise<void> {
    const now = new Date();
    await tx.getRepository(TryOnJobEntity).insert(
      jobs.map(({ jobId, garmentId, prompt, garmentCategory }) => ({ id: jobId, userId, garmentId, prompt, garmentCategory, runId, createdAt: now, updatedAt: now })),
    );
    const row = (jobId: string, modelId: number, position: number, fields: Partial<TryOnJobModelEntity>) => ({
      jobId,
      modelId,
      userId,
      position,
      result: null,
      error: null,
      attempts: 0,
      queueJobId: null,
      fairTag: null,
      input: null,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
      ...fields,
    });
    const skipped = jobs.flatMap((job) =>
      job.skipped.map((s) => row(job.jobId, s.modelId, job.positions.get(s.modelId)!, { state: 'skipped', run: 0, error: s.error, finishedAt: now })),
    );
    if (skipped.length) await tx.getRepository(TryOnJobModelEntity).insert(skipped as never);
    const models = jobs.flatMap((job) =>
      job.models.map((m) => ({
        jobId: job.jobId,
        modelId: m.id,
        run: 1,
        input: { width: m.width, height: m.height, bounds: m.bounds, ...(m.maskCategory ? { maskCategory: m.maskCategory } : {}) },
        group: workGroupOf(job.garmentCategory),
      })),
    );
    const positions = new Map(jobs.map((job) => [job.jobId, job.positions]));
    if (models.length) {
      await this.enqueue(tx, userId, models, limit, async (queued, tags) => {
        await tx.getRepository(TryOnJobModelEntity).insert(
          queued.map((m, i) =>
            row(m.jobId, m.modelId, positions.get(m.jobId)!.get(m.modelId)!, { state: 'queued', run: m.run, queueJobId: m.queueJobId, fairTag: String(tags[i]), input: m.input as never }),
          ) as never,
        );
      });
    }
    await this.announce(tx, jobs.map((job) => job.jobId), models.length > 0);
  }

  /** The model's current run (a retry reserves the credit of the next one before queueing it); null when the job has no such model. */
  async currentRun(jobId: string, modelId: number): Promise<number | null> {
    const row = await this.models.findOne({ where: { jobId, modelId }, select: { run: true } });
    return row?.run ?? null;
  }

  /**
   * Queues a failed model again as run `run` (the next after its current one); false when it has
   * not failed or another retry took that run first.
   */
  async requeueFailed(userId: number, jobId: string, modelId: number, input: ModelInput, run: number): Promise<boolean> {
    return (await this.requeue(userId, [{ jobId, modelId, input, run }], ['failed'], 'jobs')).length > 0;
  }

  /**
   * Queues these model runs again, each as the run after its current one, in one transaction (one
   * limit check); answers those queued. A model not in one of `from` states, or whose run another
   * retry took first, is left as it is.
   */
  async requeue(userId: number, models: RequeuedModel[], from: JobModelState[], limit: WaitingLimit): Promise<RequeuedModel[]> {
    if (!models.length) return [];
    return this.transaction(async (tx) => {
      // SQL: the rows are locked while their new runs are queued (FOR UPDATE).
      const { rows } = await sql(
        tx,
        `SELECT m.job_id AS "jobId", m.model_id AS "modelId", m.run, j.garment_category AS "garmentCategory"
           FROM try_on_job_models m JOIN try_on_jobs j ON j.id = m.job_id
          WHERE (m.job_id, m.model_id) IN (SELECT * FROM unnest($1::uuid[], $2::int[])) AND m.state = ANY($3)
          ORDER BY m.job_id, m.model_id FOR UPDATE OF m`,
        [models.map((m) => m.jobId), models.map((m) => m.modelId), from],
      );
      const locked = new Map<string, { run: number; garmentCategory: GarmentCategory }>(rows.map((r: { jobId: string; modelId: number; run: number; garmentCategory: GarmentCategory }) => [`${r.jobId}:${r.modelId}`, r]));
      const ready = models.filter((m) => locked.get(`${m.jobId}:${m.modelId}`)?.run === m.run - 1);
      if (!ready.length) return [];
      const queued = ready.map((m) => ({ ...m, group: workGroupOf(locked.get(`${m.jobId}:${m.modelId}`)!.garmentCategory) }));
      await this.enqueue(tx, userId, queued, limit, async (units, tags) => {
        // SQL: one UPDATE for every requeued row, from arrays.
        await sql(
          tx,
          `UPDATE try_on_job_models m
              SET state = 'queued', run = u.run, queue_job_id = u.queue_job_id, fair_tag = u.fair_tag, input = u.input, error = NULL, result = NULL,
                  started_at = NULL, finished_at = NULL, updated_at = now()
             FROM unnest($1::uuid[], $2::int[], $3::int[], $4::uuid[], $5::bigint[], $6::jsonb[]) AS u(job_id, model_id, run, queue_job_id, fair_tag, input)
            WHERE m.job_id = u.job_id AND m.model_id = u.model_id`,
          [
            units.map((u) => u.jobId),
            units.map((u) => u.modelId),
            units.map((u) => u.run),
            units.map((u) => u.queueJobId),
            tags.map(String),
            units.map((u) => JSON.stringify(u.input)),
          ],
        );
      });
      await this.announce(tx, [...new Set(ready.map((m) => m.jobId))], true);
      return ready;
    });
  }

  /**
   * The per-account limit, the round-robin tags and the units of work. Serialised per account (an
   * advisory lock on the account) so two jobs of one account cannot both pass the limit nor take the
   * same tags. Tags are start-time fair queuing: a model's tag is one more than the later of its
   * account's last waiting tag and the tag now being served, so accounts with work waiting
   * alternate. On equal tags the first model of an account that had nothing waiting goes first
   * (then arrival order): a newcomer waits for a free slot, not behind another account's turn.
   * Other accounts' queueing need not wait: their new tags are never below the one being served, so
   * what they add cannot change this account's tags (an empty queue starts from 1 either way).
   */
  private async enqueue(
    tx: EntityManager,
    userId: number,
    models: QueuedModel[],
    kind: WaitingLimit,
    write: (queued: (QueuedModel & { queueJobId: string })[], tags: number[]) => Promise<void>,
  ): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, enqueueLock(this.config.DATABASE_SCHEMA, userId));
    // A job's models count against MAX_QUEUED_MODELS_PER_ACCOUNT, a run's cells against MAX_RUN_CELLS: a catalogue waiting never blocks the studio.
    const {
      rows: [waiting],
    } = await sql(
      tx,
      `SELECT count(*) FILTER (WHERE m.user_id = $1 AND (j.run_id IS NULL) = $2)::int AS mine,
              min(m.fair_tag) AS served,
              max(m.fair_tag) FILTER (WHERE m.user_id = $1) AS last
         FROM try_on_job_models m JOIN try_on_jobs j ON j.id = m.job_id WHERE m.state IN ('queued', 'requeued')`,
      [userId, kind === 'jobs'],
    );
    const limit = kind === 'jobs' ? this.config.MAX_QUEUED_MODELS_PER_ACCOUNT : this.config.MAX_RUN_CELLS;
    if (waiting.mine + models.length > limit) {
      const [what, adds] = kind === 'jobs' ? ['try-ons', 'model'] : ['catalogue cells', 'cell'];
      throw new QueueFullException(
        `Too many ${what} waiting: this account has ${waiting.mine} ${adds}${waiting.mine === 1 ? '' : 's'} queued and this request adds ${models.length}, ` +
          `more than the ${limit} allowed at once. Try again when some have finished.`,
        await this.retryAfterSeconds(tx, waiting.mine + models.length - limit),
      );
    }
    // Nothing waiting: tags start again from 1 (they only order work that waits together).
    const current = waiting.served === null ? 0 : Number(waiting.served) - 1;
    const first = Math.max(current, waiting.last === null ? current : Number(waiting.last)) + 1;
    const tags = models.map((_, i) => first + i);
    const newcomer = waiting.last === null;
    const queued = models.map((m) => ({ ...m, queueJobId: randomUUID() }));
    await write(queued, tags);
    await this.queue.insert(
      tx,
      queued.map((m, i) => ({
        id: m.queueJobId,
        data: { jobId: m.jobId, modelId: m.modelId, run: m.run, ...queuedTrace() } satisfies ModelWork,
        // pg-boss serves higher priorities first: a lower tag goes first, and on equal tags a newcomer's first model.
        priority: Math.max(-2_147_483_647, -(2 * tags[i] + (newcomer && i === 0 ? 0 : 1))),
        // The lane: the provider that serves it (try-on or placement) and its fleet-wide limit (the tier).
        group: { id: m.group, tier: m.group },
        ...this.queue.workOptions(),
      })),
    );
  }

  /** How long until `excess` models of this account could be queued: their share of recent service times across the fleet. */
  private async retryAfterSeconds(tx: EntityManager, excess: number): Promise<number> {
    const {
      rows: [row],
    } = await sql(
      tx,
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - started_at)) AS seconds
         FROM (SELECT finished_at, started_at FROM try_on_job_models
                WHERE state = 'succeeded' AND started_at IS NOT NULL ORDER BY finished_at DESC LIMIT 50) recent`,
    );
    const perModel = row?.seconds ? Number(row.seconds) : DEFAULT_MODEL_SECONDS;
    return Math.min(3600, Math.max(1, Math.ceil((excess * perModel) / this.config.VTON_CONCURRENCY)));
  }

  /** The job as its owner sees it, or null. */
  async find(userId: number, jobId: string): Promise<TryOnJob | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(jobId)) return null;
    const found = await this.withModels(jobId, userId);
    return found && toTryOnJob(found.job, found.models);
  }

  /**
   * The seller's most recent job of their own (a Try on, not a product of a catalogue run: the
   * studio's workspace shows its results again), or null when they have none.
   */
  async findLatest(userId: number): Promise<TryOnJob | null> {
    const [job] = await this.jobs.find({ where: { userId, runId: IsNull() }, order: { createdAt: 'DESC' }, take: 1 });
    if (!job) return null;
    const models = await this.models.find({ where: { jobId: job.id }, order: { position: 'ASC' } });
    return toTryOnJob(job, models);
  }

  /** The job whoever owns it (event delivery). */
  async findAny(jobId: string): Promise<{ userId: number; job: TryOnJob } | null> {
    const found = await this.withModels(jobId);
    return found && { userId: found.job.userId, job: toTryOnJob(found.job, found.models) };
  }

  /**
   * The job row and its models in position order, in one statement (a followed job is read on every
   * change of it, so this is the read the API makes most); of this owner only when `userId` is given.
   */
  private async withModels(jobId: string, userId?: number): Promise<{ job: TryOnJobEntity; models: TryOnJobModelEntity[] } | null> {
    const query = this.jobs
      .createQueryBuilder('j')
      .leftJoinAndMapMany('j.models', TryOnJobModelEntity, 'm', 'm.jobId = j.id')
      .where('j.id = :jobId', { jobId })
      .orderBy('m.position', 'ASC');
    if (userId !== undefined) query.andWhere('j.userId = :userId', { userId });
    const job = (await query.getOne()) as (TryOnJobEntity & { models: TryOnJobModelEntity[] }) | null;
    return job && { job, models: job.models };
  }

  /** Unfinished models of a job are failed with `error` (the caller went away); answers their units of work. */
  async abandon(jobId: string, error: ModelError): Promise<string[]> {
    return this.transaction(async (tx) => {
      // SQL: one conditional UPDATE … RETURNING (the units of work to withdraw).
      const { rows } = await sql(
        tx,
        `UPDATE try_on_job_models SET state = 'failed', error = $2, finished_at = now(), updated_at = now()
          WHERE job_id = $1 AND state IN ('queued', 'requeued', 'running') RETURNING queue_job_id`,
        [jobId, JSON.stringify(error)],
      );
      if (rows.length) await this.announceCancelled(tx, jobId);
      return rows.flatMap((r: { queue_job_id: string | null }) => (r.queue_job_id ? [r.queue_job_id] : []));
    });
  }

  /**
   * A claimed unit starts: the model turns `running` and its attempt is counted, in the claim's
   * transaction. Null when the unit is stale (the model finished, was abandoned, or has a newer
   * run): it is then settled without running.
   */
  async startRun(tx: EntityManager, work: ModelWork, queueJobId: string): Promise<RunContext | null> {
    // SQL: the UPDATE and its NOTIFY (only when a row changed) in one statement.
    const { rows } = await sql(
      tx,
      `WITH started AS (
         UPDATE try_on_job_models m
            SET state = 'running', attempts = m.attempts + 1, started_at = now(), updated_at = now()
           FROM try_on_jobs j
          WHERE m.job_id = $1 AND m.model_id = $2 AND m.run = $3 AND m.queue_job_id = $4
            AND m.state IN ('queued', 'requeued', 'running') AND j.id = m.job_id
          RETURNING m.user_id AS "userId", m.attempts, m.input, j.garment_id AS "garmentId", j.prompt, j.garment_category AS "garmentCategory")
       SELECT started.*, pg_notify($5, $1::text) FROM started`,
      [work.jobId, work.modelId, work.run, queueJobId, this.channels.jobChanged],
    );
    const row = rows[0];
    if (!row) return null;
    return { ...work, userId: row.userId, attempts: row.attempts, input: row.input, garmentId: row.garmentId, prompt: row.prompt, garmentCategory: row.garmentCategory };
  }

  /**
   * The run's result. Written unless the model already succeeded in this run (a twin run got there
   * first) or the seller cancelled its cell: a cancel is final (its hold was released and its run
   * announced complete), even when the engine's answer was already on its way.
   */
  async recordSuccess(work: ModelWork, result: TryOnResult): Promise<RecordedEnd> {
    return this.recordEnd(
      work,
      `UPDATE try_on_job_models SET state = 'succeeded', result = $4, error = NULL, finished_at = now(), updated_at = now()
        WHERE job_id = $1 AND model_id = $2 AND run = $3 AND state NOT IN ('succeeded', 'canceled')`,
      JSON.stringify(result),
    );
  }

  /** The run failed for good. Never overrides a success of the same run. */
  async recordFailure(work: ModelWork, error: ModelError): Promise<RecordedEnd> {
    return this.recordEnd(
      work,
      `UPDATE try_on_job_models SET state = 'failed', error = $4, finished_at = now(), updated_at = now()
        WHERE job_id = $1 AND model_id = $2 AND run = $3 AND state IN ('queued', 'requeued', 'running')`,
      JSON.stringify(error),
    );
  }

  /** The run goes back to the queue (a retryable failure, a worker draining or gone). */
  async recordRequeued(work: ModelWork): Promise<boolean> {
    return this.change(
      work.jobId,
      `UPDATE try_on_job_models SET state = 'requeued', updated_at = now()
        WHERE job_id = $1 AND model_id = $2 AND run = $3 AND state = 'running'`,
      [work.jobId, work.modelId, work.run],
    );
  }

  /** The run's current state (a worker checks it before doing work a twin run may have done). */
  async stateOf(work: ModelWork): Promise<JobModelState | null> {
    const row = await this.models.findOne({ where: { jobId: work.jobId, modelId: work.modelId, run: work.run }, select: { state: true } });
    return row?.state ?? null;
  }

  /** Tells idle workers to look for work now; `from` names the worker that sends it (the payload), which need not hear it. */
  async notifyWork(from = ''): Promise<void> {
    await this.models.manager.query(`SELECT pg_notify($1, $2)`, [this.channels.work, from]);
  }

  /**
   * Unfinished models whose unit of work is gone (see Reconciler) are failed with `error`, in one
   * conditional UPDATE reading pg-boss's table; answers the jobs it changed.
   */
  async failLostRuns(error: ModelError, queue: string): Promise<{ jobId: string; modelId: number }[]> {
    return this.transaction(async (tx) => {
      const { rows } = await sql(
        tx,
        `UPDATE try_on_job_models m SET state = 'failed', error = $2, finished_at = now(), updated_at = now()
          WHERE m.state IN ('queued', 'requeued', 'running')
            AND CASE WHEN m.queue_job_id IS NULL THEN m.updated_at < now() - interval '10 minutes'
                     ELSE m.updated_at < now() - interval '1 minute'
                          AND NOT EXISTS (SELECT 1 FROM "${this.config.DATABASE_SCHEMA}".job q
                                           WHERE q.name = $1 AND q.id = m.queue_job_id AND q.state IN ('created', 'retry', 'active'))
                END
         RETURNING m.job_id AS "jobId", m.model_id AS "modelId"`,
        [queue, JSON.stringify(error)],
      );
      await this.announce(tx, [...new Set(rows.map((r: { jobId: string }) => r.jobId))], false);
      return rows;
    });
  }

  /** A transaction on the job tables, for work that spans them and the queue (a claim). */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.models.manager.transaction(work);
  }

  /** The unfinished models across the fleet, by state (for /metrics). */
  async countUnfinished(): Promise<{ state: string; count: number }[]> {
    return this.models
      .createQueryBuilder('m')
      .select('m.state', 'state')
      .addSelect('count(*)::int', 'count')
      .where('m.state IN (:...states)', { states: ['queued', 'requeued', 'running'] })
      .groupBy('m.state')
      .getRawMany();
  }

  private async change(jobId: string, text: string, params: unknown[]): Promise<boolean> {
    return this.transaction(async (tx) => {
      const { affected } = await sql(tx, text, params);
      if (affected) await this.announce(tx, [jobId], false);
      return affected > 0;
    });
  }

  /**
   * A run's outcome, and whether it ended the job. The writes of one job's outcomes take turns, from
   * before the UPDATE to the commit (a lock on the job's id, not its row), so each one reads the
   * models as the ones before it committed them: of models of a job ending at once, exactly one sees
   * the job ended (the worker that settles the job's credits then, CreditSettler). `update` is the
   * model's conditional UPDATE ($1 job, $2 model, $3 run, $4 `value`).
   */
  private async recordEnd(work: ModelWork, update: string, value: string): Promise<RecordedEnd> {
    return this.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))`, [`${this.config.DATABASE_SCHEMA}.job-outcomes`, work.jobId]);
      // SQL: the UPDATE, its NOTIFY (only when a row changed) and the check in one statement, whose
      // snapshot is taken under the lock; it does not see its own UPDATE, hence the model left out.
      const { rows } = await sql(
        tx,
        `WITH recorded AS (${update} RETURNING 1)
         SELECT pg_notify($5, $1::text),
                NOT EXISTS (SELECT 1 FROM try_on_job_models WHERE job_id = $1 AND model_id <> $2 AND state IN ('queued', 'requeued', 'running')) AS ended
           FROM recorded`,
        [work.jobId, work.modelId, work.run, value, this.channels.jobChanged],
      );
      return rows.length ? { recorded: true, jobEnded: rows[0].ended } : { recorded: false, jobEnded: false };
    });
  }

  /** The job's models changed and the running ones are to stop (its workers listen): after an abandon or a cancel, in its transaction. */
  async announceCancelled(tx: EntityManager, jobId: string): Promise<void> {
    await this.notify(tx, [
      [this.channels.jobChanged, jobId],
      [this.channels.jobCancelled, jobId],
    ]);
  }

  /** The jobs changed (their streams and waiting /generate calls listen), and with `work` idle workers look for it now: in the transaction, delivered at its commit. */
  private async announce(tx: EntityManager, jobIds: string[], work: boolean): Promise<void> {
    await this.notify(tx, [...(work ? [[this.channels.work, ''] as const] : []), ...jobIds.map((jobId) => [this.channels.jobChanged, jobId] as const)]);
  }

  /** NOTIFYs (channel, payload) in one statement, in this order. */
  private async notify(tx: EntityManager, notifications: (readonly [string, string])[]): Promise<void> {
    if (!notifications.length) return;
    await tx.query(`SELECT pg_notify(n.channel, n.payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(channel, payload, i) ORDER BY n.i`, [
      notifications.map(([channel]) => channel),
      notifications.map(([, payload]) => payload),
    ]);
  }
}

/** A run's outcome was written (not when a twin run's was there first), and then no model of its job was left queued or running. */
export interface RecordedEnd {
  recorded: boolean;
  jobEnded: boolean;
}

/** What a worker knows about the model run it claimed. */
export interface RunContext extends ModelWork {
  userId: number;
  /** Including this one. */
  attempts: number;
  input: ModelInput;
  garmentId: number;
  prompt: string;
  garmentCategory: GarmentCategory;
}

/**
 * Rows and affected count of a statement run in the transaction (TypeORM's plain query() shapes UPDATE answers differently).
 * SQL here is what the repository API cannot say: conditional UPDATEs with RETURNING and joins, row and advisory locks, NOTIFY, percentiles.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows, typed by each caller
export async function sql(tx: EntityManager, text: string, params: unknown[] = []): Promise<{ rows: any[]; affected: number }> {
  const result = await tx.queryRunner!.query(text, params, true);
  return { rows: result.records ?? [], affected: result.affected ?? 0 };
}

/** running while any model is unfinished; then completed with at least one result, else failed. */
export function toTryOnJob(job: TryOnJobEntity, models: TryOnJobModelEntity[]): TryOnJob {
  const status = models.some((m) => m.state === 'queued' || m.state === 'requeued' || m.state === 'running')
    ? 'running'
    : models.some((m) => m.state === 'succeeded')
      ? 'completed'
      : 'failed';
  const updatedAt = models.reduce((latest, m) => (m.updatedAt > latest ? m.updatedAt : latest), job.updatedAt);
  return {
    id: job.id,
    garmentId: job.garmentId,
    prompt: job.prompt,
    garmentCategory: job.garmentCategory,
    status,
    models: models.map((m) => ({ modelId: m.modelId, state: m.state, result: m.result, error: m.error, attempts: m.attempts })),
    createdAt: job.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
