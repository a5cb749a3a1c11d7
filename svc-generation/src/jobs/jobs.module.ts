import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module.js';
import { MediaClient } from '../media/media-client.js';
import { QueueModule } from '../queue/queue.module.js';
import { GenerateController } from './generate.controller.js';
import { JobEvents } from './job-events.js';
import { JobPlanner } from './job-planner.js';
import { JobStoreModule } from './job-store.module.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

/**
 * Try-on jobs in the API: a job's routes (start, read, follow, retry) and spec §7's generate
 * route, which is a job answered when it is done. The tables are JobStoreModule's, shared with the workers.
 */
@Module({
  imports: [CreditsModule, QueueModule, JobStoreModule],
  controllers: [GenerateController, JobsController],
  providers: [JobPlanner, JobsService, JobEvents, MediaClient],
  exports: [JobPlanner, MediaClient],
})
export class JobsModule {}
