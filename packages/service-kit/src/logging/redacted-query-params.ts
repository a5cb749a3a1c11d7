// Its own module: telemetry reads it before pino (which logger.ts loads) may be imported.

/** Query parameters whose values are secrets (compared case-insensitively). */
export const REDACTED_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'key',
  'sig',
  'signature',
  'access_token',
  'refresh_token',
  'code',
  'password',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);
