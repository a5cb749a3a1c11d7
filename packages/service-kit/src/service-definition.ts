import type { DynamicModule, Type } from '@nestjs/common';
import type { ClassConstructor } from 'class-transformer';
import type { ServiceConfig } from './config/service-config.js';
import type { ServiceDatabase } from './database/data-source-options.js';
import type { ServiceName } from './service-name.js';

/**
 * Everything the kit needs to start one service: its name (which picks its health, liveness
 * and docs paths), its configuration class, its tables, and its root module built from the
 * validated configuration. main.ts, migrate.ts and the HTTP tests all start from it.
 */
export interface ServiceDefinition<C extends ServiceConfig> {
  app: ServiceName;
  /** Title of the OpenAPI document. */
  title: string;
  config: ClassConstructor<C>;
  database: ServiceDatabase;
  module: (config: C) => DynamicModule | Type<unknown>;
  /**
   * Routes whose body is kept as the bytes received (a Buffer in `req.body`), up to `limit`:
   * a signed webhook (Stripe's) is verified over exactly those bytes.
   */
  rawBody?: { paths: string[]; limit: string };
  /** Routes whose JSON body may be larger than JSON_BODY_LIMIT, up to `limit` (another service's batches). */
  largerJsonBody?: { paths: string[]; limit: string };
}

export function defineService<C extends ServiceConfig>(definition: ServiceDefinition<C>): ServiceDefinition<C> {
  return definition;
}
