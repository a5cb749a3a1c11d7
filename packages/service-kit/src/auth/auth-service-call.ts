import type { ServiceConfig } from '../config/service-config.js';

/** A small question to svc-auth (an API key, the ended sessions): it may take this long at most. */
const SMALL_CALL_TIMEOUT_MS = 3_000;

/** Where a small call to svc-auth goes, and how long it may take. */
export interface AuthServiceCall {
  url: URL;
  timeoutMs: number;
}

/**
 * svc-auth's `path`, next to its JWKS (AUTH_JWKS_URL), asked within SMALL_CALL_TIMEOUT_MS and never
 * longer than SERVICE_CALL_TIMEOUT_MS.
 */
export function authServiceCall(config: ServiceConfig, path: string): AuthServiceCall {
  return { url: new URL(path, config.AUTH_JWKS_URL), timeoutMs: Math.min(SMALL_CALL_TIMEOUT_MS, config.SERVICE_CALL_TIMEOUT_MS) };
}
