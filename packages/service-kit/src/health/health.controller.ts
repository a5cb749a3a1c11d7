import { Controller, Get, Inject, ServiceUnavailableException, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { ErrorCode, SERVICE_HEALTH_PATHS, SERVICE_LIVENESS_PATHS } from '@vton/contracts';
import { Public } from '../auth/public.decorator.js';
import { ApiException } from '../errors/api-exception.js';
import type { ServiceName } from '../service-name.js';
import { DatabaseReadiness, READINESS_CHECKS, type ReadinessCheck } from './readiness.js';

/** Liveness and readiness under the service's own paths from the routing table. */
export function createHealthController(app: ServiceName): Type<unknown> {
  @Public()
  @ApiTags('health')
  @Controller()
  class HealthController {
    constructor(
      private readonly health: HealthCheckService,
      private readonly indicator: HealthIndicatorService,
      private readonly database: DatabaseReadiness,
      @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
    ) {}

    @Get(SERVICE_LIVENESS_PATHS[app])
    @ApiOperation({ operationId: 'liveness', summary: 'Liveness' })
    @ApiOkResponse({ description: 'The process runs; says nothing about dependencies.' })
    live(): { status: 'ok' } {
      return { status: 'ok' };
    }

    @Get(SERVICE_HEALTH_PATHS[app])
    @ApiOperation({ operationId: 'readiness', summary: 'Readiness' })
    @ApiOkResponse({ description: 'Every dependency answers.' })
    @ApiServiceUnavailableResponse({ description: 'A dependency is down; `details` says which and why.' })
    async ready(): Promise<HealthCheckResult> {
      const all = [this.database, ...this.checks];
      try {
        return await this.health.check(all.map((c) => () => this.indicator.check(c.name).attempt(() => c.probe()).withTimeout(c.timeoutMs)));
      } catch (error) {
        if (!(error instanceof ServiceUnavailableException)) throw error;
        const result = error.getResponse() as HealthCheckResult;
        const down = Object.entries(result.error ?? {}).map(([name, v]) => `${name} is down${describe(v)}`);
        throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, `Not ready: ${down.join('; ')}`, {
          details: result.details as Record<string, unknown>,
        });
      }
    }
  }
  return HealthController;
}

function describe(value: unknown): string {
  const message = (value as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? ` (${message})` : '';
}
