import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode } from '@vton/contracts';
import { ApiException, DatabaseConnection, type QueuedTrace } from '@vton/service-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss, type JobInsert, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { EntityManager, Repository } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { GENERATION_ROLE, type GenerationRole } from '../config/roles.js';
import { inTransaction } from './database-adapter.js';
import { ProviderPauseEntity } from './provider-pause.entity.js';
import { MODEL_QUEUE, type WorkGroup } from './queue-schema.js';

/**
 * The payload of one unit of work: a model of a try-on job, for one run of it, and the trace
 * context and request id of the request that queued it (the worker continues that trace).
 */
export interface ModelWork extends QueuedTrace {
  jobId: string;
  modelId: number;
  run: number;
}

export type ClaimedWork = JobWithMetadata<ModelWork>;

/**
 * A lane of the queue: the units of work one provider serves (the try-on provider's garments, the
 * placement engine's products), with that provider's fleet-wide limit. A lane is a pg-boss group.
 */
export interface QueueLane {
  group: WorkGroup;
  /** The provider this lane's work goes to; its 429 pauses every lane it serves. */
  provider: string;
  /** Units of this lane active at once across every worker. */
  limit: number;
}

/** What a claim found: a unit of work (and what `onClaimed` made of it), the provider paused for `pausedMs` more, or nothing to do. */
export type Claim<T> = { claimed: T } | { pausedMs: number } | null;

/** The longest fleet-wide pause a provider's Retry-After can impose (a bogus header must not stop the studio for a day). */
export const MAX_PROVIDER_PAUSE_MS = 10 * 60 * 1000;

/** How often pg-boss's monitor looks for silent workers and expired work (seconds). */
export const MONITOR_SECONDS = 2;
/** The longest pause between two runs of a model when backing off (seconds). */
const MAX_RETRY_DELAY_SECONDS = 60;

/**
 * The durable queue (pg-boss, in svc-generation's schema): one unit of work per model run. The API
 * inserts work in the same transaction as its rows; workers claim it, renew their lease while they
 * run it, and settle it. pg-boss hands a model to another worker when its lease lapses (worker
 * killed or frozen) and retries it with backoff up to VTON_MAX_ATTEMPTS runs.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private started?: Promise<void>;
  private isStarted = false;
  private stopping = false;

  constructor(
    private readonly config: GenerationConfig,
    private readonly database: DatabaseConnection,
    @InjectRepository(ProviderPauseEntity) private readonly pauses: Repository<ProviderPauseEntity>,
    @Inject(GENERATION_ROLE) private readonly role: GenerationRole,
  ) {
    this.boss = new PgBoss({
      connectionString: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      application_name: `svc-generation-${role}`,
      instanceName: `svc-generation-${role}`,
      max: role === 'worker' ? 6 : 4,
      connectionTimeoutMillis: 5000,
      // The tables come from our migrations only (src/queue/queue-schema.ts).
      migrate: false,
      createSchema: false,
      schedule: false,
      // Workers watch for lapsed leases and expired work; one pass a fleet per interval.
      supervise: role === 'worker',
      superviseIntervalSeconds: MONITOR_SECONDS,
      monitorIntervalSeconds: MONITOR_SECONDS,
      // The queue stats (the ready count workOn's lanes burst on, refreshed by the monitor) are read
      // as often as the monitor writes them: a backlog is seen within two passes, not a minute.
      queueCacheIntervalSeconds: MONITOR_SECONDS,
      openTelemetry: { enabled: false },
    });
    // Without a listener an 'error' event would end the process; these are maintenance hiccups
    // (a Postgres restart) that pg-boss retries by itself.
    this.boss.on('error', (error) => this.logger.warn(`Queue maintenance: ${error.message}`));
    this.boss.on('warning', (warning) => this.logger.warn(`Queue: ${warning.message}`));
  }

  get isReady(): boolean {
    return this.isStarted;
  }

  onApplicationBootstrap(): void {
    // In the background: the service starts while Postgres is down, like its database connection.
    this.started = this.startWithRetries();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.started?.catch(() => undefined);
    await this.boss.stop({ graceful: false, close: true }).catch(() => undefined);
  }

  /** The options every unit of work carries (from this process's configuration). */
  workOptions(): Pick<JobInsert, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'heartbeatSeconds' | 'expireInSeconds'> {
    return {
      retryLimit: this.config.VTON_MAX_ATTEMPTS - 1,
      retryDelay: this.config.VTON_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      retryDelayMax: MAX_RETRY_DELAY_SECONDS,
      // The lease: pg-boss's monitor gives the work back once the heartbeat is this old, and it looks every MONITOR_SECONDS.
      heartbeatSeconds: this.config.WORKER_LEASE_SECONDS - MONITOR_SECONDS,
      // A run that outlives every timeout it is made of has hung: give it back.
      expireInSeconds: Math.ceil((this.config.VTON_TIMEOUT_MS + 4 * this.config.MEDIA_TIMEOUT_MS) / 1000) + 60,
    };
  }

  /** Inserts units of work inside the caller's transaction. */
  async insert(tx: EntityManager, work: JobInsert<ModelWork>[]): Promise<void> {
    await this.ready();
    await this.boss.insert(MODEL_QUEUE, work, { db: inTransaction(tx.queryRunner!) });
  }

  /**
   * Claims the next unit of work, in priority order, from a lane whose provider has a free slot and
   * is not paused: at most `lane.limit` units of a lane are active across every worker, and none of a
   * lane is claimed while its provider's rate limit pause lasts (pauseProvider). Claims are
   * serialised through a transaction-scoped advisory lock, so the counts pg-boss checks are never
   * stale and the limits are exact. `onClaimed` runs in the same transaction (the model's state
   * changes with the claim). When nothing is claimable and a lane is paused, the answer is the
   * shortest pause left.
   */
  async claim<T>(tx: EntityManager, lanes: QueueLane[], onClaimed: (work: ClaimedWork) => Promise<T>): Promise<Claim<T>> {
    await this.ready();
    await this.lockClaims(tx);
    // SQL: the time left is read on the database's clock, under the claim lock.
    const pauses: { provider: string; ms: number }[] = await tx.query(
      `SELECT provider, ceil(extract(epoch FROM paused_until - now()) * 1000)::int AS ms FROM provider_pauses WHERE provider = ANY($1) AND paused_until > now()`,
      [[...new Set(lanes.map((lane) => lane.provider))]],
    );
    const pausedMs = new Map(pauses.map((p) => [p.provider, Math.max(1, p.ms)]));
    const paused = lanes.filter((lane) => pausedMs.has(lane.provider));
    const shortestPause = () => ({ pausedMs: Math.min(...paused.map((lane) => pausedMs.get(lane.provider)!)) });
    if (paused.length === lanes.length) return shortestPause();
    const [work] = await this.boss.fetch<ModelWork>(MODEL_QUEUE, {
      batchSize: 1,
      includeMetadata: true,
      // Each lane's limit is its group's tier; units queued before lanes existed have no tier and count as try-on work.
      groupConcurrency: { default: lanes.find((lane) => lane.group === 'vton')?.limit ?? lanes[0].limit, tiers: Object.fromEntries(lanes.map((lane) => [lane.group, lane.limit])) },
      ...(paused.length ? { ignoreGroups: paused.map((lane) => lane.group) } : {}),
      db: inTransaction(tx.queryRunner!),
    });
    if (work) return { claimed: await onClaimed(work) };
    return paused.length ? shortestPause() : null;
  }

  /**
   * The provider rate-limited us: no worker of the fleet claims work for it for `ms` (at most
   * MAX_PROVIDER_PAUSE_MS). A pause only ever grows: a shorter Retry-After does not end a longer one.
   *
   * Written under the claim lock. A claim reads the pauses and then takes a slot in two statements;
   * unlocked, this pause could commit between them and the rate-limited model be given back (its
   * slot freed) before the second, so a claim that had seen no pause would take that slot and call
   * the provider during the pause. Under the lock a claim either comes after the pause and sees it,
   * or is over before the pause exists and so before the model is given back.
   */
  async pauseProvider(provider: string, ms: number, reason: string): Promise<void> {
    const pause = Math.max(0, Math.min(MAX_PROVIDER_PAUSE_MS, Math.round(ms)));
    await this.pauses.manager.transaction(async (tx) => {
      await this.lockClaims(tx);
      // SQL: an upsert whose update is conditional (greatest), in one statement.
      await tx.query(
        `INSERT INTO provider_pauses (provider, paused_until, reason, updated_at) VALUES ($1, now() + $2 * interval '1 millisecond', $3, now())
         ON CONFLICT (provider) DO UPDATE SET paused_until = greatest(provider_pauses.paused_until, excluded.paused_until), reason = excluded.reason, updated_at = now()`,
        [provider, pause, reason.slice(0, 500)],
      );
    });
  }

  /** The fleet's claim lock, held until `tx` ends: claims, and the pauses they read, happen one at a time. */
  private async lockClaims(tx: EntityManager): Promise<void> {
    // SQL: a transaction-scoped advisory lock (the repository API has no locks that are not rows).
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${this.config.DATABASE_SCHEMA}.claim`]);
  }

  /** Renews the lease of a claimed unit; false when the claim lapsed (the work was given to another run). */
  async touch(work: ClaimedWork): Promise<boolean> {
    // CommandResponse is typed empty; pg-boss answers { jobs, requested, affected }.
    const response = (await this.boss.touch(MODEL_QUEUE, { id: work.id, retryCount: work.retryCount })) as { affected?: number };
    return (response.affected ?? 0) > 0;
  }

  /** Settles a unit as done (whatever the model's outcome). A lapsed claim is left alone. */
  async complete(work: ClaimedWork, output: object): Promise<void> {
    await this.boss.complete(MODEL_QUEUE, { id: work.id, retryCount: work.retryCount }, output);
  }

  /** Gives a unit back to run again after the queue's backoff, or fails it for good once its attempts are spent. */
  async fail(work: ClaimedWork, output: object): Promise<void> {
    await this.boss.fail(MODEL_QUEUE, { id: work.id, retryCount: work.retryCount }, output);
  }

  /**
   * Queues one job on another queue of this schema (webhook deliveries), in the caller's
   * transaction when given: the job and the caller's rows commit together.
   */
  async sendTo(queue: string, data: object, options: SendOptions, tx?: EntityManager): Promise<void> {
    await this.ready();
    await this.boss.send(queue, data, { ...options, ...(tx ? { db: inTransaction(tx.queryRunner!) } : {}) });
  }

  /**
   * Runs `handler` for each job of `queue` this process takes, `lanes` jobs at once. Each lane
   * fetches and runs one job at a time on its own, so a slow job holds its lane only; a handler
   * that throws fails that one job, which pg-boss retries.
   */
  async workOn<T extends object>(queue: string, lanes: number, handler: (data: T) => Promise<void>): Promise<void> {
    await this.ready();
    await this.boss.work<T>(
      queue,
      {
        localConcurrency: lanes,
        // One job a fetch: a batch would hold its fast jobs' lane until its slowest ended.
        batchSize: 1,
        // An idle lane looks again after a second.
        pollingIntervalSeconds: 1,
        // While jobs wait (the queue stats' ready count, at most two monitor passes old), a lane that
        // found a job fetches the next at once instead of after the poll. A stale count costs no more
        // than one empty fetch, which ends the burst.
        burstWhenReadyExceeds: 1,
      },
      async ([job]) => handler(job.data),
    );
  }

  /** Withdraws units that have not finished (an abandoned job). */
  async cancel(ids: string[]): Promise<void> {
    if (ids.length) await this.boss.cancel(MODEL_QUEUE, ids);
  }

  private async ready(): Promise<void> {
    if (this.isStarted) return;
    // The wait's timer ends with the wait: left running, it kept a closing process alive up to 5 s.
    const waited = new AbortController();
    try {
      await Promise.race([
        this.started,
        sleep(5000, undefined, { signal: waited.signal }).then(() => {
          throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The job queue is not ready yet');
        }),
      ]);
    } finally {
      waited.abort();
    }
  }

  private async startWithRetries(): Promise<void> {
    // The queue's tables come with the migrations, which run once the database is reachable.
    while (!this.database.isReady && !this.stopping) await sleep(100);
    for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
      try {
        await this.boss.start();
        this.isStarted = true;
        return;
      } catch (error) {
        if (this.stopping) throw error;
        this.logger.warn(`Job queue not ready, retrying in ${delay} ms: ${(error as Error).message}`);
        await sleep(delay);
      }
    }
  }
}
