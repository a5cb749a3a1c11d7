// Its own module: telemetry reads it before pino (which logger.ts loads) may be imported (logs and spans redact alike).

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

export const REDACTED = '[REDACTED]';

export function isSecretParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: compare the raw name.
  }
  return REDACTED_QUERY_PARAMS.has(decoded.trim().toLowerCase());
}

/** The URL with the values of secret query parameters replaced; everything else kept as sent. */
export function redactUrl(url: string): string;
export function redactUrl(url: string | undefined): string | undefined;
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart < 0 ? url.length : hashStart;
  const query = url
    .slice(queryStart + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return eq >= 0 && isSecretParam(name) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}${url.slice(end)}`;
}
