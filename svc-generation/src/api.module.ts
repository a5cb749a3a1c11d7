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
import { TRY_ON_PROVIDER } from './vton/try-on-provider.js';
import { VtonClient } from './vton/vton-client.js';

/** The API role: jobs, events, retry, results and spec §7's generate route. It queues work and reports; it runs none. */
@Module({
  imports: [MetricsModule],
  controllers: [TryOnController, JobsController, ResultsController],
  providers: [
    AccessTokenQueryInstaller,
    TryOnService,
    JobsService,
    JobStore,
    JobEvents,
    JobQueue,
    ResultFilesService,
    MediaClient,
    VtonClient,
    // Only asked whether it is configured (§5's 503): the API calls no provider.
    { provide: TRY_ON_PROVIDER, useExisting: VtonClient },
  ],
})
export class ApiModule {}
