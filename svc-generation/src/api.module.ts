import { Module } from '@nestjs/common';
import { AccessTokenQueryInstaller } from './jobs/access-token-query.middleware.js';
import { JobEvents } from './jobs/job-events.js';
import { JobStore } from './jobs/job-store.js';
import { JobsController } from './jobs/jobs.controller.js';
import { JobsService } from './jobs/jobs.service.js';
import { MediaClient } from './media/media-client.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { JobQueue } from './queue/job-queue.js';
import { ResultFilesService } from './results/result-files.service.js';
import { ResultsController } from './results/results.controller.js';
import { TryOnController } from './try-on/try-on.controller.js';
import { TryOnService } from './try-on/try-on.service.js';
import { WebhookDeliveries, WEBHOOK_DELIVERY_QUEUE } from './webhooks/webhook-deliveries.service.js';
import { PgBossWebhookQueue } from './webhooks/webhook-queue.js';
import { WebhookTestEventsController } from './webhooks/webhook-test-events.controller.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The API role: jobs, events, retry, results and spec §7's generate route. It queues work and reports; it runs none. */
@Module({
  imports: [MetricsModule, WebhooksModule],
  controllers: [TryOnController, JobsController, ResultsController, WebhookTestEventsController],
  providers: [
    AccessTokenQueryInstaller,
    TryOnService,
    JobsService,
    JobStore,
    JobEvents,
    JobQueue,
    ResultFilesService,
    MediaClient,
    // "Send test event" queues its delivery; workers make the attempts.
    WebhookDeliveries,
    { provide: WEBHOOK_DELIVERY_QUEUE, useClass: PgBossWebhookQueue },
  ],
})
export class ApiModule {}
