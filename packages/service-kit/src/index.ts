export { loadConfig, ConfigurationError, parseFlag, parseNumber } from './config/load-config.js';
export { ServiceConfig, LOG_LEVELS } from './config/service-config.js';
export { HttpUrl, WholeNumber, type WholeNumberRule } from './config/variable-rules.js';
export { ApiException, type ApiIssue } from './errors/api-exception.js';
export { TooManyRequestsException, RetryAfterInterceptor } from './errors/retry-after.js';
export { ApiExceptionFilter, toApiErrorBody, codeForStatus } from './errors/api-exception.filter.js';
export { redactUrl, serializeRequest, REDACTED_QUERY_PARAMS } from './logging/logger.js';
export { createValidationPipe, validationIssues, validationFailed } from './errors/validation.js';
export { assertCleanInput, findInputProblem, type InputProblem } from './errors/input-check.js';
export { isDependencyUnavailable } from './errors/dependency-errors.js';
export { ApiRecordIdRule, IsRecordId, parseRecordId, RecordIdPipe } from './validation/record-id.js';
export { OneOrMoreOf, RequiredText } from './validation/form-fields.js';
export { ApiPageQuery, pageSize, type PageSizes } from './validation/page-size.js';
export { securityHeaders, noStoreByDefault } from './http/security-headers.js';
export { REQUEST_ID_HEADER, assignRequestId, requestIdFrom, requestIdOf } from './logging/request-id.js';
export { currentRequestId, inSpan, processQueuedWork, queuedTrace, withRequestId, type QueuedTrace } from './telemetry/trace-context.js';
export { SpanKind } from '@opentelemetry/api';
export { Public, IS_PUBLIC, PUBLIC_EXTENSION } from './auth/public.decorator.js';
export { CurrentUser, type AuthenticatedUser } from './auth/current-user.js';
export {
  JWT_KEY_RESOLVER,
  RemoteJwksKeys,
  JwksCache,
  JwtKeysUnavailableError,
  UnknownSigningKeyError,
  KEYS_UNAVAILABLE_MESSAGE,
  type JwtKeyResolver,
  type JwksCacheOptions,
  type TokenHeader,
} from './auth/jwt-keys.js';
export {
  API_KEY_VERIFIER,
  API_KEYS_UNAVAILABLE_MESSAGE,
  ApiKeyRateLimited,
  RemoteApiKeyVerifier,
  rateLimitHeaders,
  setRateLimitHeaders,
  type ApiKeyVerifier,
} from './auth/api-keys.js';
export { ApiKeyScopes, API_KEY_SCOPES_METADATA, API_KEY_SCOPES_EXTENSION } from './auth/api-key-scopes.decorator.js';
export { verifyServiceCredential, ServiceCredentialGuard, CurrentServiceCaller, type ServiceCallerClaims } from './auth/service-credential.js';
export { SESSION_CHECK, RevokedSessionsFeed, SESSIONS_UNAVAILABLE_MESSAGE, type SessionCheck } from './auth/session-check.js';
export { READINESS_CHECKS, DatabaseReadiness, type ReadinessCheck } from './health/readiness.js';
export { DatabaseConnection } from './database/database-connection.js';
export { SessionConnection, type SessionConnectionOptions } from './database/session-connection.js';
export { createDataSource, dataSourceOptions, ownSchema, prepareSchema, ServiceDataSource, DATABASE_NOT_READY_MESSAGE, type ServiceDatabase } from './database/data-source-options.js';
export { sqlMigration, type MigrationStatement, type MigrationStatements, type SqlMigrationSteps } from './database/sql-migration.js';
export { runMigrationsCommand } from './database/migrate.js';
export { isUniqueViolation } from './database/unique-violation.js';
export { setupOpenApi, serviceOpenApiDocument, completeOpenApiDocument, API_ERROR_SCHEMA } from './openapi/openapi.js';
export { ApiResult, PublicApi, RESULT_EXTENSION, PUBLIC_API_EXTENSION, type ApiResultOptions } from './openapi/api-result.decorator.js';
export { ApiOwnRecord, type OwnRecordId } from './openapi/own-record.decorator.js';
export { ServiceMetrics, routeOf, UNMATCHED_ROUTE } from './metrics/service-metrics.js';
export { MetricsText } from './metrics/metrics-text.js';
export { ServiceKitModule, type ServiceKitOptions } from './service-kit.module.js';
export { defineService, type ServiceDefinition } from './service-definition.js';
export { bootstrapService, createServiceApp, startServiceApp, type StartedServiceApp } from './bootstrap.js';
export { SERVICE_CONFIG } from './tokens.js';
export type { ServiceName } from './service-name.js';
