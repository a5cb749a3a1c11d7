import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { Counter, Registry } from 'prom-client';
import { MetricsText } from './metrics-text.js';
import { MatchedRouteGuard, ServiceMetrics, UNMATCHED_ROUTE, routeOf } from './service-metrics.js';

const httpContext = (request: Request) =>
  ({ getType: () => 'http', switchToHttp: () => ({ getRequest: () => request }) }) as unknown as ExecutionContext;

describe('ServiceMetrics', () => {
  it("serves the kit's figures and every included registry in one scrape, each with its own default labels", async () => {
    const metrics = new ServiceMetrics();
    const own = new Registry();
    own.setDefaultLabels({ role: 'worker' });
    new Counter({ name: 'things_done_total', help: 'Things done.', registers: [own] }).inc(3);
    metrics.include(own);
    const scrape = new MetricsText(await metrics.scrape());
    expect(scrape.value('things_done_total', { role: 'worker' })).toBe(3);
    expect(scrape.value('process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(scrape.text).toContain('# TYPE http_server_request_duration_seconds histogram');
  });

  it('labels a request with the route pattern a controller route noted, and "unmatched" when none took it', () => {
    const request = { route: { path: '/api/garments/:id' }, baseUrl: '' } as unknown as Request;
    const stray = { route: { path: '{/*splat}' }, baseUrl: '' } as unknown as Request;
    expect(new MatchedRouteGuard().canActivate(httpContext(request))).toBe(true);
    expect(routeOf(request)).toBe('/api/garments/:id');
    // A route Express matched for middleware only (Nest registers catch-alls that way) is no answer.
    expect(routeOf(stray)).toBe(UNMATCHED_ROUTE);
  });

  it('counts an error under its code, method and route', async () => {
    const metrics = new ServiceMetrics();
    const request = { method: 'DELETE', route: { path: '/api/auth/api-keys/:id' }, baseUrl: '' } as unknown as Request;
    new MatchedRouteGuard().canActivate(httpContext(request));
    metrics.countError(request, 'UNAUTHORIZED');
    const scrape = new MetricsText(await metrics.scrape());
    expect(scrape.value('http_server_request_errors_total', { error_type: 'UNAUTHORIZED', http_request_method: 'DELETE', http_route: '/api/auth/api-keys/:id' })).toBe(1);
  });
});
