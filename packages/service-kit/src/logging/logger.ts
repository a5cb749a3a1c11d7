import type { DynamicModule } from '@nestjs/common';
import { SERVICE_HEALTH_PATHS, SERVICE_LIVENESS_PATHS } from '@vton/contracts';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import type { ServiceConfig } from '../config/service-config.js';
import type { ServiceName } from '../service-name.js';
import { currentRequestId } from '../telemetry/trace-context.js';
import { isSecretParam, REDACTED, REDACTED_QUERY_PARAMS, redactUrl } from './redacted-query-params.js';

export { REDACTED_QUERY_PARAMS, redactUrl };

/** JSON logs (pino) with the request id bound to every line logged while serving a request. */
export function serviceLoggerModule(app: ServiceName, config: ServiceConfig): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: pinoHttpOptions(app, config) });
}

/** pino-http's options for a service (exported for the tests). */
export function pinoHttpOptions(app: ServiceName, config: Pick<ServiceConfig, 'LOG_LEVEL'>): PinoHttpOptions {
  const probePaths = new Set<string>([SERVICE_HEALTH_PATHS[app], SERVICE_LIVENESS_PATHS[app]]);
  return {
    level: config.LOG_LEVEL,
    base: { service: app },
    // The request id of the request or queued work being served (a worker's lines too); the trace
    // ids (trace_id, span_id, trace_flags) are added by OpenTelemetry's pino instrumentation.
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
    // assignRequestId (registered first) already chose the id; reuse it.
    genReqId: (req: IncomingMessage & { id?: unknown }) => String(req.id),
    // Links carry secrets in their query (?token= of e-mail links, ?key=, ?sig=): logged redacted.
    serializers: { req: serializeRequest },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Kubernetes probes every few seconds; their lines would drown the rest.
    autoLogging: { ignore: (req: IncomingMessage) => probePaths.has((req.url ?? '').split('?')[0]) },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  };
}

function redactQuery(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) copy[name] = isSecretParam(name) ? REDACTED : value;
  return copy;
}

/**
 * pino-http's request serializer, applied to pino's standard one: the URL (express' originalUrl)
 * and the parsed query lose the values of secret parameters.
 */
export function serializeRequest<T extends { url?: string; query?: unknown }>(req: T): T {
  if (!req || typeof req !== 'object') return req;
  req.url = redactUrl(req.url);
  if ('query' in req) req.query = redactQuery(req.query);
  return req;
}
