import { Module } from '@nestjs/common';
import { CreditsModule } from './credits/credits.module.js';
import { AccessTokenQueryInstaller } from './jobs/access-token-query.middleware.js';
import { JobStore } from './jobs/job-store.js';
import { JobStoreModule } from './jobs/job-store.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { QueueModule } from './queue/queue.module.js';
import { ResultFilesModule } from './results/result-files.module.js';
import { ResultsController } from './results/results.controller.js';
import { RunsController } from './runs/runs.controller.js';
import { RunsService } from './runs/runs.service.js';
import { WebhookTestEventsController } from './webhooks/webhook-test-events.controller.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The API role: jobs (with spec §7's generate route), catalogue runs, results and webhooks. It queues work and reports; it runs none. */
@Module({
  imports: [MetricsModule.register({ imports: [JobStoreModule], useExisting: JobStore }), JobsModule, CreditsModule, QueueModule, JobStoreModule, ResultFilesModule, WebhooksModule],
  controllers: [RunsController, ResultsController, WebhookTestEventsController],
  providers: [AccessTokenQueryInstaller, RunsService],
})
export class ApiModule {}
