import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@vton/service-kit';
import type { Response } from 'express';
import { GenerationMetrics } from './generation-metrics.js';

/** Prometheus scrape endpoint. Outside /api: neither the gateway nor the ingress routes it, so it is reachable only inside the cluster. */
@ApiExcludeController()
@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: GenerationMetrics) {}

  @Get('/metrics')
  async scrape(@Res() res: Response): Promise<void> {
    res.setHeader('content-type', this.metrics.registry.contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(await this.metrics.registry.metrics());
  }
}
