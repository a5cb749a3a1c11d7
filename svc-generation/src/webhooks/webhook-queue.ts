import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobQueue } from '../queue/job-queue.js';
import type { WebhookDeliveryQueue } from './webhook-deliveries.service.js';

/** The queue of webhook delivery attempts (pg-boss, in svc-generation's schema; created by the webhooks migration). */
export const WEBHOOK_DELIVERY_QUEUE_NAME = 'webhook-delivery';

/** What one job of the queue carries: which attempt of which delivery to make. */
export interface DeliveryAttempt {
  deliveryId: string;
  attempt: number;
}

/**
 * Each attempt of a delivery is a job on the durable queue, due after its pause. A worker that
 * dies mid-attempt leaves the job to be run again (the attempt is made again: receivers tell
 * repeats by `webhook-id`); an attempt already recorded is not made twice.
 */
@Injectable()
export class PgBossWebhookQueue implements WebhookDeliveryQueue {
  constructor(private readonly queue: JobQueue) {}

  schedule(deliveryId: string, attempt: number, delaySeconds: number, manager?: EntityManager): Promise<void> {
    const data: DeliveryAttempt = { deliveryId, attempt };
    // The job's own retries cover a worker that crashed or a database hiccup, not the receiver's failures.
    return this.queue.sendTo(WEBHOOK_DELIVERY_QUEUE_NAME, data, { startAfter: delaySeconds, retryLimit: 5, retryDelay: 10, retryBackoff: true }, manager);
  }
}
