import { Module, type DynamicModule, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { API_KEY_VERIFIER, RemoteApiKeyVerifier, type ApiKeyVerifier } from './auth/api-keys.js';
import { createJwtAuth } from './auth/jwt-auth.js';
import { JWT_KEY_RESOLVER, RemoteJwksKeys, type JwtKeyResolver } from './auth/jwt-keys.js';
import { RevokedSessionsFeed, SESSION_CHECK, type SessionCheck } from './auth/session-check.js';
import { ServiceConfig } from './config/service-config.js';
import { DatabaseConnection } from './database/database-connection.js';
import { dataSourceOptions, ServiceDataSource, type ServiceDatabase } from './database/data-source-options.js';
import { ApiExceptionFilter } from './errors/api-exception.filter.js';
import { createValidationPipe } from './errors/validation.js';
import { createHealthController } from './health/health.controller.js';
import { DatabaseReadiness, READINESS_CHECKS, type ReadinessCheck } from './health/readiness.js';
import { serviceLoggerModule } from './logging/logger.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { MatchedRouteGuard, ServiceMetrics } from './metrics/service-metrics.js';
import type { ServiceName } from './service-name.js';
import { TelemetryFlush } from './telemetry/telemetry-flush.js';
import { SERVICE_CONFIG } from './tokens.js';

export interface ServiceKitOptions<C extends ServiceConfig> {
  app: ServiceName;
  config: C;
  database: ServiceDatabase;
  /** Extra readiness checks (e.g. object storage); resolved with `imports` in scope. */
  readiness?: Type<ReadinessCheck>[];
  /** Modules the readiness checks or the key resolver depend on. */
  imports?: ModuleMetadata['imports'];
  /** Where token-verifying keys come from; svc-auth uses its own keys instead of its JWKS over HTTP. */
  jwtKeys?: Type<JwtKeyResolver>;
  /**
   * Which sessions have ended; svc-auth reads its own table instead of its published list. A service's
   * own class is taken from a module in `imports` that provides it (one instance, with that module's repositories).
   */
  sessions?: Type<SessionCheck>;
  /** Who checks personal API keys; svc-auth checks its own table instead of asking itself over HTTP. Taken from `imports`, like `sessions`. */
  apiKeys?: Type<ApiKeyVerifier>;
}

/**
 * The platform every service imports once in its root module: validated config, pino logs,
 * the error shape, validation, the default JWT guard, health, GET /metrics and the database connection.
 */
@Module({})
export class ServiceKitModule {
  static forRoot<C extends ServiceConfig>(options: ServiceKitOptions<C>): DynamicModule {
    const { config } = options;
    const readiness = options.readiness ?? [];
    const jwtKeys = options.jwtKeys ?? RemoteJwksKeys;
    const sessions = options.sessions ?? RevokedSessionsFeed;
    const apiKeys = options.apiKeys ?? RemoteApiKeyVerifier;
    // The kit's own defaults are its providers; a service's own class comes from its module in `imports`.
    const ownDefaults: Type[] = [...(options.sessions ? [] : [sessions]), ...(options.apiKeys ? [] : [apiKeys])];
    const jwt = createJwtAuth();
    const configClass = config.constructor as Type<C>;
    // Injected by its class and by each class it extends below ServiceConfig: a service may compose
    // parts onto its own config (svc-generation's providers), which still injects its own class.
    const configClasses = classChain(configClass);
    const providers: Provider[] = [
      { provide: SERVICE_CONFIG, useValue: config },
      ...configClasses.map((provide) => ({ provide, useValue: config })),
      jwtKeys,
      { provide: JWT_KEY_RESOLVER, useExisting: jwtKeys },
      ...ownDefaults,
      { provide: SESSION_CHECK, useExisting: sessions },
      { provide: API_KEY_VERIFIER, useExisting: apiKeys },
      jwt.strategy,
      // Before the JWT guard (global guards run in this order), so a refused request keeps its route.
      { provide: APP_GUARD, useClass: MatchedRouteGuard },
      { provide: APP_GUARD, useClass: jwt.guard },
      { provide: APP_FILTER, useClass: ApiExceptionFilter },
      { provide: APP_PIPE, useFactory: createValidationPipe },
      DatabaseConnection,
      DatabaseReadiness,
      ServiceMetrics,
      TelemetryFlush,
      ...readiness,
      { provide: READINESS_CHECKS, useFactory: (...checks: ReadinessCheck[]) => checks, inject: readiness },
    ];
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        serviceLoggerModule(options.app, config),
        PassportModule,
        // Failures are reported in the 503 body and our own logs; terminus' log would repeat them.
        TerminusModule.forRoot({ logger: false }),
        // Connected by DatabaseConnection, which retries instead of failing the start; until then
        // ServiceDataSource answers 503. Domain modules register their entities and take their
        // repositories with TypeOrmModule.forFeature; autoLoadEntities gives the data source those entities.
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(config, options.database), manualInitialization: true, autoLoadEntities: true }),
          dataSourceFactory: async (dataSourceOptions) => new ServiceDataSource(dataSourceOptions!),
        }),
        ...(options.imports ?? []),
      ],
      controllers: [createHealthController(options.app), MetricsController],
      providers,
      exports: [SERVICE_CONFIG, ...configClasses, JWT_KEY_RESOLVER, jwtKeys, SESSION_CHECK, API_KEY_VERIFIER, ...ownDefaults, DatabaseConnection, ServiceMetrics],
    };
  }
}

/** A config class and the classes it extends, up to (not including) the kit's ServiceConfig. */
function classChain(configClass: Type): Type[] {
  const chain: Type[] = [];
  for (let c: Type | null = configClass; c && c !== ServiceConfig && c !== Object; c = Object.getPrototypeOf(c) as Type | null) {
    if (typeof c === 'function' && c.prototype) chain.push(c);
  }
  return chain;
}
