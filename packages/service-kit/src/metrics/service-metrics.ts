import { Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DataSource } from 'typeorm';
import { DatabaseConnection } from '../database/database-connection.js';

/** The longest a scrape waits for the database to answer before reporting it down. */
const DATABASE_PROBE_MS = 2000;

/** The route label of a request no controller took: an unknown path, a body refused before routing, the OpenAPI UI's files. */
export const UNMATCHED_ROUTE = 'unmatched';

const matchedRoutes = new WeakMap<Request, string>();

/**
 * The route pattern that answered a request (`/api/garments/:id`), never the raw URL: one series
 * per route, however many ids the callers send. Known only once a controller route took the
 * request (MatchedRouteGuard); Express's own `req.route` cannot tell, since Nest registers
 * catch-all middleware as routes too.
 */
export function routeOf(request: Request): string {
  return matchedRoutes.get(request) ?? UNMATCHED_ROUTE;
}

/**
 * The first global guard: it refuses nothing, it notes the controller route a request reached,
 * before any other guard can turn the request away (a 401 is counted under its route too).
 */
@Injectable()
export class MatchedRouteGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const pattern = (request.route as { path?: unknown } | undefined)?.path;
    if (typeof pattern === 'string') matchedRoutes.set(request, `${request.baseUrl ?? ''}${pattern}`);
    return true;
  }
}

/**
 * The Prometheus figures every service has (GET /metrics), named as OpenTelemetry's HTTP semantic
 * conventions name them in Prometheus (`http.server.request.duration` → `http_server_request_duration_seconds`,
 * attributes `http.request.method`, `http.route`, `http.response.status_code`, `error.type`): request
 * latency, answers in the error shape by their code, whether the database is reachable, and
 * prom-client's default process metrics.
 * One registry per app (not prom-client's global one), so several apps can run in one test process.
 * A service with figures of its own keeps them in its own registry and `include`s it here.
 */
@Injectable()
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly included: Registry[] = [];

  readonly requestDuration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from a request arriving to its answer ending, by method, route pattern and status code (event streams count until they close).',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });

  readonly errors = new Counter({
    name: 'http_server_request_errors_total',
    help: "Requests answered in the product's error shape, by its code (error_type: INVALID_INPUT, UNAUTHORIZED, …), method and route pattern.",
    labelNames: ['error_type', 'http_request_method', 'http_route'] as const,
    registers: [this.registry],
  });

  constructor(@Optional() database?: DatabaseConnection, @Optional() dataSource?: DataSource) {
    collectDefaultMetrics({ register: this.registry });
    if (database && dataSource) {
      new Gauge({
        name: 'service_database_up',
        help: "1 when the service's Postgres answers (SELECT 1 at scrape time), 0 when it does not.",
        registers: [this.registry],
        async collect() {
          const probe = database.isReady ? dataSource.query('SELECT 1').then(() => 1, () => 0) : Promise.resolve(0);
          const timeout = new Promise<number>((resolve) => setTimeout(resolve, DATABASE_PROBE_MS, 0).unref());
          this.set(await Promise.race([probe, timeout]));
        },
      });
    }
  }

  /** Express middleware, first in the chain: times every request until its answer ends (or the caller hangs up). */
  readonly timeRequests = (request: Request, response: Response, next: NextFunction): void => {
    const stop = this.requestDuration.startTimer();
    response.once('close', () => stop({ http_request_method: request.method, http_route: routeOf(request), http_response_status_code: String(response.statusCode) }));
    next();
  };

  /** Called by the exception filter with the code it put in the error body. */
  countError(request: Request, code: string): void {
    this.errors.inc({ error_type: code, http_request_method: request.method, http_route: routeOf(request) });
  }

  /** Adds a service's own registry to the scrape (its metric names must not repeat the kit's). */
  include(registry: Registry): void {
    this.included.push(registry);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text of the kit's figures and every included registry (each keeps its own default labels). */
  async scrape(): Promise<string> {
    const texts = await Promise.all([this.registry, ...this.included].map((registry) => registry.metrics()));
    return texts.join('\n');
  }
}
