import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Server } from 'node:http';
import { ConfigurationError, loadConfig } from './config/load-config.js';
import type { ServiceConfig } from './config/service-config.js';
import { allowRequestsFor, keepIdleConnections } from './http/keep-alive.js';
import { noStoreByDefault, securityHeaders } from './http/security-headers.js';
import { assignRequestId } from './logging/request-id.js';
import { ServiceMetrics } from './metrics/service-metrics.js';
import { setupOpenApi } from './openapi/openapi.js';
import type { ServiceDefinition } from './service-definition.js';

export interface CreateServiceAppOptions {
  /** Environment to read the configuration from (tests pass their own). */
  env?: NodeJS.ProcessEnv;
}

export interface StartedServiceApp<C extends ServiceConfig> {
  app: NestExpressApplication;
  config: C;
  /** Base URL the app listens on, e.g. http://127.0.0.1:43127 */
  url: string;
}

/** Builds a configured, not yet listening app: what main.ts and the HTTP tests share. */
export async function createServiceApp<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  options: CreateServiceAppOptions = {},
): Promise<{ app: NestExpressApplication; config: C }> {
  const config = loadConfig(definition.config, options.env ?? process.env);
  const app = await NestFactory.create<NestExpressApplication>(definition.module(config), {
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // Before the app listens: Node applies the timeout to the connections it accepts after.
  keepIdleConnections(app.getHttpServer() as Server, config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS);
  allowRequestsFor(app.getHttpServer() as Server, config.HTTP_REQUEST_TIMEOUT_SECONDS);
  // Only the proxies named in TRUSTED_PROXIES (by default the local gateway on loopback) are
  // believed about the client's address; anyone else's X-Forwarded-For is ignored.
  app.set('trust proxy', config.trustedProxies);
  // First, so the latency covers everything after it, a refused body included.
  app.use(app.get(ServiceMetrics).timeRequests);
  // Before the body parsers, so a rejected body still answers with a request id and the headers.
  app.use(assignRequestId);
  app.use(securityHeaders(config.HSTS_MAX_AGE_SECONDS));
  app.use(noStoreByDefault);
  const raw = definition.rawBody;
  const onPaths = (paths: string[]) => (req: { url?: string }) => paths.includes((req.url ?? '').split('?')[0]);
  // Before the JSON parser, which then leaves these bodies alone (body-parser parses a body once).
  if (raw) app.useBodyParser('raw', { type: onPaths(raw.paths), limit: raw.limit });
  const larger = definition.largerJsonBody;
  if (larger) {
    const onLargerPaths = onPaths(larger.paths);
    const isJson = (req: { headers?: Record<string, string | string[] | undefined> }) => /^application\/([\w.+-]+\+)?json\b/i.test(String(req.headers?.['content-type'] ?? ''));
    app.useBodyParser('json', { type: (req: { url?: string; headers?: Record<string, string | string[] | undefined> }) => onLargerPaths(req) && isJson(req), limit: larger.limit });
  }
  app.useBodyParser('json', { limit: config.JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { extended: true, limit: config.JSON_BODY_LIMIT });
  setupOpenApi(app, definition.app, definition.title);
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the pool.
  app.enableShutdownHooks();
  return { app, config };
}

/** Creates the app and listens on a free port of 127.0.0.1 (or the given one): for tests. */
export async function startServiceApp<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  options: CreateServiceAppOptions & { port?: number; host?: string } = {},
): Promise<StartedServiceApp<C>> {
  const { app, config } = await createServiceApp(definition, options);
  const host = options.host ?? '127.0.0.1';
  await app.listen(options.port ?? 0, host);
  const address = app.getHttpServer().address() as { port: number };
  return { app, config, url: `http://${host}:${address.port}` };
}

/**
 * main.ts of every service: validate the configuration (exit with a message naming the
 * variables when it is wrong, before anything listens), then listen on HOST:PORT. A
 * ConfigurationError thrown while the app is built is reported the same way.
 */
export async function bootstrapService<C extends ServiceConfig>(definition: ServiceDefinition<C>): Promise<INestApplication> {
  try {
    loadConfig(definition.config, process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${definition.app}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const { app, config } = await createServiceApp(definition);
    await app.listen(config.PORT, config.HOST);
    app.get(Logger).log(`${definition.app} listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
    return app;
  } catch (error) {
    // A module's own start check (svc-generation's shut-down models) says what to change, as the variables' rules do.
    if (error instanceof ConfigurationError) process.stderr.write(`${definition.app}: ${error.message}\n`);
    else process.stderr.write(`${definition.app}: failed to start: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
}
