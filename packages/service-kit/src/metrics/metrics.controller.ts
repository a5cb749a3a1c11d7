import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { ServiceMetrics } from './service-metrics.js';

/**
 * Prometheus scrape endpoint. Outside /api: neither the local gateway nor the HTTPRoutes route it, so
 * only callers inside the cluster reach it (the `metrics-from-prometheus` network policy: the scraper).
 */
@ApiExcludeController()
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get('/metrics')
  async scrape(@Res() res: Response): Promise<void> {
    res.setHeader('content-type', this.metrics.contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(await this.metrics.scrape());
  }
}
