import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { TryOnJob } from '@vton/contracts';
import { GenerationConfig } from '../config/generation.config.js';
import { PgListener } from '../queue/pg-listener.js';
import { JobStore } from './job-store.js';

export type JobListener = (job: TryOnJob) => void;

/**
 * Job changes for this API process, wherever they were made: every change of a model is followed
 * by a NOTIFY (JobStore), which this process LISTENs to; for a job someone here follows (an event
 * stream, a waiting /generate), the job is read once and handed to each listener. After the
 * notification connection comes back (Postgres restarted), every followed job is read again, since
 * notifications sent meanwhile were lost. No polling.
 */
@Injectable()
export class JobEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobEvents');
  private readonly listeners = new Map<string, Set<JobListener>>();
  /**
   * Per job, the read under way: a change announced while it runs asks for one more read after it,
   * however many changes come meanwhile (a job's models end in bursts), so a burst costs two reads,
   * not one per change, and every change is still followed by a read that started after it.
   */
  private readonly reading = new Map<string, { again: boolean; done: Promise<void> }>();
  private listener?: PgListener;

  constructor(
    private readonly config: GenerationConfig,
    private readonly store: JobStore,
  ) {}

  onApplicationBootstrap(): void {
    this.listener = new PgListener({
      connectionString: this.config.DATABASE_URL,
      channels: [this.store.channels.jobChanged],
      logger: this.logger,
      onNotification: (_channel, jobId) => {
        if (this.listeners.has(jobId)) void this.publish(jobId);
      },
      onConnected: () => {
        for (const jobId of this.listeners.keys()) void this.publish(jobId);
      },
    });
    this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }

  /** Follows a job's changes; returns the unsubscribe function. */
  subscribe(jobId: string, listener: JobListener): () => void {
    let set = this.listeners.get(jobId);
    if (!set) this.listeners.set(jobId, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (!set!.size && this.listeners.get(jobId) === set) this.listeners.delete(jobId);
    };
  }

  /** Listeners of a job in this process; 0 once the last one left. Tests check leaks with it. */
  listenerCount(jobId: string): number {
    return this.listeners.get(jobId)?.size ?? 0;
  }

  /**
   * Hands the job's listeners a snapshot read after this call; answers when they have it. Snapshots
   * are read one after another per job, so listeners never see one go backwards.
   */
  publish(jobId: string): Promise<void> {
    const under = this.reading.get(jobId);
    if (under) {
      under.again = true;
      return under.done;
    }
    const read = { again: false, done: Promise.resolve() };
    read.done = (async () => {
      do {
        read.again = false;
        await this.deliver(jobId).catch((error: unknown) => this.logger.warn({ jobId }, `Job ${jobId}: could not read a change: ${(error as Error).message}`));
      } while (read.again);
      this.reading.delete(jobId);
    })();
    this.reading.set(jobId, read);
    return read.done;
  }

  private async deliver(jobId: string): Promise<void> {
    if (!this.listeners.get(jobId)?.size) return;
    const found = await this.store.findAny(jobId);
    const listeners = this.listeners.get(jobId);
    if (found && listeners) for (const listener of [...listeners]) listener(found.job);
  }
}
