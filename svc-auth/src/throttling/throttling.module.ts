import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ThrottleCounter } from './throttle-counter.entity.js';
import { ThrottleService } from './throttle.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ThrottleCounter])],
  providers: [ThrottleService],
  exports: [ThrottleService],
})
export class ThrottlingModule {}
