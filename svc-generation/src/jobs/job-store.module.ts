import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueModule } from '../queue/queue.module.js';
import { TryOnJobModelEntity } from './entities/try-on-job-model.entity.js';
import { TryOnJobEntity } from './entities/try-on-job.entity.js';
import { JobStore } from './job-store.js';

/** The job tables (JobStore), which the API and the workers share; the API's job routes are composed in ApiModule. */
@Module({
  imports: [TypeOrmModule.forFeature([TryOnJobEntity, TryOnJobModelEntity]), QueueModule],
  providers: [JobStore],
  exports: [JobStore],
})
export class JobStoreModule {}
