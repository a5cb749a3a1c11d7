import { Module } from '@nestjs/common';
import { GenerationMetrics } from './generation-metrics.js';
import { MetricsController } from './metrics.controller.js';

@Module({ controllers: [MetricsController], providers: [GenerationMetrics], exports: [GenerationMetrics] })
export class MetricsModule {}
