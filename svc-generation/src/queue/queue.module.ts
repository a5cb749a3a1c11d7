import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobQueue } from './job-queue.js';
import { ProviderPauseEntity } from './provider-pause.entity.js';

/** The durable queue (pg-boss in our schema) and the fleet-wide provider pauses its claims honour. */
@Module({
  imports: [TypeOrmModule.forFeature([ProviderPauseEntity])],
  providers: [JobQueue],
  exports: [JobQueue],
})
export class QueueModule {}
