import type { DynamicModule } from '@nestjs/common';
import { SERVICE_HEALTH_PATHS, SERVICE_LIVENESS_PATHS } from '@vton/contracts';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { ServiceConfig } from '../config/service-config.js';
import type { ServiceName } from '../service-name.js';

/** JSON logs (pino) with the request id bound to every line logged while serving a request. */
export function serviceLoggerModule(app: ServiceName, config: ServiceConfig): DynamicModule {
  const probePaths = new Set<string>([SERVICE_HEALTH_PATHS[app], SERVICE_LIVENESS_PATHS[app]]);
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.LOG_LEVEL,
      base: { service: app },
      // assignRequestId (registered first) already chose the id; reuse it.
      genReqId: (req: IncomingMessage & { id?: unknown }) => String(req.id),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Kubernetes probes every few seconds; their lines would drown the rest.
      autoLogging: { ignore: (req: IncomingMessage) => probePaths.has((req.url ?? '').split('?')[0]) },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    },
  });
}
