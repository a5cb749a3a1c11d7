import { Module } from '@nestjs/common';
import { ImageProcessor } from '../imaging/image-processor.js';
import { JobStore } from '../jobs/job-store.js';
import { JobStoreModule } from '../jobs/job-store.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { WorkerMediaClient } from '../media/worker-media-client.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { ResultFilesModule } from '../results/result-files.module.js';
import { ModelRunner } from './model-runner.js';
import { ModelWorker } from './model-worker.js';
import { Reconciler } from './reconciler.js';
import { WebhookWorker } from '../webhooks/webhook-worker.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

/** The worker role: claims models from the queue, calls the provider, composes, saves; delivers webhooks. HTTP only for health and /metrics. */
@Module({
  imports: [MetricsModule.register({ imports: [JobStoreModule], useExisting: JobStore }), CreditsModule, ProvidersModule, QueueModule, JobStoreModule, ResultFilesModule, WebhooksModule],
  providers: [
    ModelWorker,
    ModelRunner,
    Reconciler,
    WorkerMediaClient,
    ImageProcessor,
    // Webhooks: the outbox's events become deliveries, and their attempts are made here.
    WebhookWorker,
  ],
})
export class WorkerModule {}
