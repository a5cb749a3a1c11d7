import { Module } from '@nestjs/common';
import { ImageProcessor } from '../imaging/image-processor.js';
import { JobStore } from '../jobs/job-store.js';
import { ServiceCredentials } from '../media/service-credential.js';
import { WorkerMediaClient } from '../media/worker-media-client.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { JobQueue } from '../queue/job-queue.js';
import { ResultFilesService } from '../results/result-files.service.js';
import { ModelRunner } from './model-runner.js';
import { ModelWorker } from './model-worker.js';
import { Reconciler } from './reconciler.js';
import { WebhookDeliveries, WEBHOOK_DELIVERY_QUEUE } from '../webhooks/webhook-deliveries.service.js';
import { WebhookEventPublisher } from '../webhooks/webhook-events.publisher.js';
import { PgBossWebhookQueue } from '../webhooks/webhook-queue.js';
import { WebhookWorker } from '../webhooks/webhook-worker.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

/** The worker role: claims models from the queue, calls the provider, composes, saves; delivers webhooks. HTTP only for health and /metrics. */
@Module({
  imports: [MetricsModule, ProvidersModule, WebhooksModule],
  providers: [
    ModelWorker,
    ModelRunner,
    Reconciler,
    JobStore,
    JobQueue,
    WorkerMediaClient,
    ServiceCredentials,
    ResultFilesService,
    ImageProcessor,
    // Webhooks: the outbox's events become deliveries, and their attempts are made here.
    WebhookWorker,
    WebhookEventPublisher,
    WebhookDeliveries,
    { provide: WEBHOOK_DELIVERY_QUEUE, useClass: PgBossWebhookQueue },
  ],
})
export class WorkerModule {}
