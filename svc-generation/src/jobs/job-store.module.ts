import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueModule } from '../queue/queue.module.js';
import { TryOnJobModelEntity } from './entities/try-on-job-model.entity.js';
import { TryOnJobEntity } from './entities/try-on-job.entity.js';
import { TryOnRunEntity } from './entities/try-on-run.entity.js';
import { JobStore } from './job-store.js';
import { RunStore } from './run-store.js';

/** The job and run tables (JobStore, RunStore), which the API and the workers share; the API's routes are composed in ApiModule. */
@Module({
  imports: [TypeOrmModule.forFeature([TryOnRunEntity, TryOnJobEntity, TryOnJobModelEntity]), QueueModule],
  providers: [JobStore, RunStore],
  exports: [JobStore, RunStore],
})
export class JobStoreModule {}
