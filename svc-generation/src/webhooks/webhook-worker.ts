import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationConfig } from '../config/generation.config.js';
import { JobStore } from '../jobs/job-store.js';
import { RunStore } from '../jobs/run-store.js';
import { JobQueue } from '../queue/job-queue.js';
import { WebhookDeliveries } from './webhook-deliveries.service.js';
import { WebhookEventPublisher, type JobSnapshots } from './webhook-events.publisher.js';
import { WEBHOOK_DELIVERY_QUEUE_NAME, type DeliveryAttempt } from './webhook-queue.js';

const PUBLISH_INTERVAL_MS = 1000;

/**
 * The webhook side of a worker: publishes the outbox's try-on events as deliveries (a pass every
 * second, while there are rows) and makes the delivery attempts the queue hands it.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookWorker');
  private stopping = false;
  private loop?: Promise<void>;

  constructor(
    private readonly queue: JobQueue,
    private readonly deliveries: WebhookDeliveries,
    private readonly publisher: WebhookEventPublisher,
    private readonly jobs: JobStore,
    private readonly runs: RunStore,
    private readonly config: GenerationConfig,
  ) {}

  private readonly snapshots: JobSnapshots = {
    findAny: (jobId) => this.jobs.findAny(jobId),
    runOfJob: (jobId) => this.runs.ofJob(jobId),
  };

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.loop?.catch(() => undefined);
  }

  private async run(): Promise<void> {
    // The queue starts once the database and its migrations are there.
    for (let delay = 500; !this.stopping; delay = Math.min(delay * 2, 10_000)) {
      try {
        await this.queue.workOn<DeliveryAttempt>(WEBHOOK_DELIVERY_QUEUE_NAME, this.config.WEBHOOK_DELIVERY_CONCURRENCY, async ({ deliveryId, attempt }) => {
          await this.deliveries.attempt(deliveryId, attempt);
        });
        break;
      } catch (error) {
        this.logger.warn(`Webhook deliveries not started yet, retrying in ${delay} ms: ${(error as Error).message}`);
        await sleep(delay);
      }
    }
    // After a pass that found nothing, the next looks with one plain read before opening a transaction.
    let idle = false;
    while (!this.stopping) {
      try {
        if (!idle || (await this.publisher.anyWaiting())) {
          idle = (await this.publisher.publishWaiting(this.snapshots)) === 0;
          if (!idle) continue;
        }
      } catch (error) {
        this.logger.warn(`Publishing try-on events failed, trying again: ${(error as Error).message}`);
      }
      await sleep(PUBLISH_INTERVAL_MS);
    }
  }
}
