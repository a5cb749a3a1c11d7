import { Module } from '@nestjs/common';
import { CreditsModule } from './credits/credits.module.js';
import { AccessTokenQueryInstaller } from './jobs/access-token-query.middleware.js';
import { JobEvents } from './jobs/job-events.js';
import { JobStoreModule } from './jobs/job-store.module.js';
import { JobsController } from './jobs/jobs.controller.js';
import { JobsService } from './jobs/jobs.service.js';
import { MediaClient } from './media/media-client.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { QueueModule } from './queue/queue.module.js';
import { ResultFilesModule } from './results/result-files.module.js';
import { ResultsController } from './results/results.controller.js';
import { RunsController } from './runs/runs.controller.js';
import { RunsService } from './runs/runs.service.js';
import { TryOnController } from './try-on/try-on.controller.js';
import { TryOnService } from './try-on/try-on.service.js';
import { WebhookTestEventsController } from './webhooks/webhook-test-events.controller.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The API role: jobs, catalogue runs, events, retry, results and spec §7's generate route. It queues work and reports; it runs none. */
@Module({
  imports: [MetricsModule, CreditsModule, QueueModule, JobStoreModule, ResultFilesModule, WebhooksModule],
  controllers: [TryOnController, JobsController, RunsController, ResultsController, WebhookTestEventsController],
  providers: [
    AccessTokenQueryInstaller,
    TryOnService,
    JobsService,
    RunsService,
    JobEvents,
    MediaClient,
  ],
})
export class ApiModule {}
