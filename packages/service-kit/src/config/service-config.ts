import { BILLING_MODES, DEFAULT_SERVICE_CALL_TIMEOUT_MS, JWKS_PATH, type BillingMode } from '@vton/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, ValidateBy, ValidateIf } from 'class-validator';
import { isIP } from 'node:net';
import { parseFlag } from './load-config.js';
import { HttpUrl, WholeNumber } from './variable-rules.js';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUSTED_PROXIES_RULE =
  'TRUSTED_PROXIES must be a comma-separated list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (required when running in Kubernetes)';

/** One entry of TRUSTED_PROXIES: a name Express knows, an address, or address/prefix. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The variables every service reads. A service extends this class, sets its own PORT and
 * DATABASE_SCHEMA defaults and adds its own variables.
 */
export class ServiceConfig {
  @WholeNumber({ min: 0, max: 65535 })
  PORT: number = 3000;

  @IsString()
  @IsNotEmpty({ message: 'HOST must not be empty' })
  HOST: string = '0.0.0.0';

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  // Interpolated into SQL (CREATE SCHEMA, search_path), so only plain identifiers pass.
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'DATABASE_SCHEMA must be a lower-case SQL identifier (letters, digits, _)' })
  DATABASE_SCHEMA: string = 'public';

  @Transform(parseFlag)
  @IsBoolean({ message: "MIGRATIONS_RUN must be 'true' or 'false'" })
  MIGRATIONS_RUN: boolean = true;

  @HttpUrl()
  AUTH_JWKS_URL: string = `http://127.0.0.1:3001${JWKS_PATH}`;

  /**
   * `credits`: plans and credits hold (svc-auth keeps the ledger, svc-generation reserves before it
   * queues); `off`: no limits, no plan checks, no credit display. Set it alike on svc-auth and svc-generation.
   */
  @IsIn(BILLING_MODES, { message: `BILLING_MODE must be one of ${BILLING_MODES.join(', ')}` })
  BILLING_MODE: BillingMode = 'credits';

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @Matches(/^\d+(b|kb|mb)?$/i, { message: 'JSON_BODY_LIMIT must be a size such as 60mb, 512kb or 1048576' })
  JSON_BODY_LIMIT: string = '60mb';

  /**
   * Whose X-Forwarded-For is believed: the proxies in front of the service, by address. Unset,
   * only loopback (the local gateway); in Kubernetes it must name the ingress controller's
   * addresses, or every client would look like the ingress to the per-IP limits.
   */
  @ValidateIf((config: ServiceConfig) => config.TRUSTED_PROXIES !== undefined || !!config.KUBERNETES_SERVICE_HOST)
  @ValidateBy({
    name: 'trustedProxies',
    validator: { validate: (value: unknown) => typeof value === 'string' && value.split(',').every((e) => isProxyEntry(e.trim())) },
  }, { message: TRUSTED_PROXIES_RULE })
  TRUSTED_PROXIES?: string;

  /**
   * How old the list of ended sessions (signed out everywhere, password reset) may get before it
   * is read again from svc-auth: a token of an ended session stops working within this time.
   */
  @WholeNumber({ min: 1, max: 50, message: 'SESSION_REVOCATIONS_MAX_AGE_SECONDS must be a whole number of seconds from 1 to 50' })
  SESSION_REVOCATIONS_MAX_AGE_SECONDS: number = 20;

  /**
   * How long a request waits for another of our services (svc-auth: keys, ended sessions, API keys,
   * the credit ledger; svc-media: what a new job is made of) before it answers 503 with Retry-After.
   * It must stay below the bound in front of the services (`npm start` derives it from the gateway's
   * GATEWAY_TIMEOUT_MS), so the caller hears which service is away instead of a 504 in the name of
   * the one it called. The quick reads (keys, sessions, API keys) keep their shorter bounds within it.
   */
  @WholeNumber({ min: 100, max: 30_000, message: 'SERVICE_CALL_TIMEOUT_MS must be a whole number of milliseconds from 100 to 30000' })
  SERVICE_CALL_TIMEOUT_MS: number = DEFAULT_SERVICE_CALL_TIMEOUT_MS;

  /**
   * How long the service keeps a caller's idle connection open. The proxy in front (the Gateway's)
   * must always be the one to close it: when the service closes a connection the proxy is reusing at
   * that moment, the client gets a 502/503. So the default outlasts the longest common upstream idle
   * timeout, Envoy's 1 h (Envoy Gateway, Istio), and with it GKE's fixed 600 s and an AWS ALB's 60 s,
   * by 20 s for timers that fire late (Google asks 620 s for its 600 s). Node's own 5 s is below them all.
   */
  @WholeNumber({ min: 1, max: 86_400, message: 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 86400' })
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: number = 3620;

  /**
   * The longest a caller may take to send one whole request, body included; Node answers 408 and
   * closes the connection after it (checked every 30 s). Node's own 300 s, unless a service takes
   * bodies that need longer (svc-media's uploads).
   */
  @WholeNumber({ min: 10, max: 86_400, message: 'HTTP_REQUEST_TIMEOUT_SECONDS must be a whole number of seconds from 10 to 86400' })
  HTTP_REQUEST_TIMEOUT_SECONDS: number = 300;

  /** Strict-Transport-Security max-age; 0 (the default) sends none. Set where TLS ends in front (Kubernetes). */
  @WholeNumber({ min: 0, message: 'HSTS_MAX_AGE_SECONDS must be a whole number of seconds (0 turns HSTS off)' })
  HSTS_MAX_AGE_SECONDS: number = 0;

  /** Set by Kubernetes in every pod: where settings with a safe local default become required. */
  @IsOptional()
  @IsString()
  KUBERNETES_SERVICE_HOST?: string;

  /** The Express `trust proxy` list. */
  get trustedProxies(): string[] {
    return (this.TRUSTED_PROXIES ?? 'loopback').split(',').map((entry) => entry.trim());
  }
}
