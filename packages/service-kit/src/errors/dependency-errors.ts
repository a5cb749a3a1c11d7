/**
 * Recognises the errors that mean "a dependency is down right now" (Postgres, object storage,
 * another service over HTTP), wherever they surface: raw socket errors, pg's server codes,
 * TypeORM's wrappers, fetch's `cause`, the S3 client's error codes. The exception filter turns
 * them into 503 SERVICE_UNAVAILABLE with Retry-After instead of 500: the request was fine and
 * the same request will work once the dependency is back.
 */

/** Socket-level failures (Node, undici) of a connection to a dependency. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/**
 * Postgres SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03
 * (shut down, crashed, starting up), 53300 (too many connections), 53100/53200 (disk, memory).
 */
const POSTGRES_UNAVAILABLE = /^(08\w{3}|57P0[123]|53[123]00)$/;

/** S3 error codes that mean "the storage cannot serve now", not "your request is wrong". */
const STORAGE_CODES = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout', 'NoSuchBucket', 'XMinioServerNotInitialized']);

/** TypeORM and pg errors that carry no code but mean the database is not reachable. */
const UNAVAILABLE_NAMES = new Set(['CannotExecuteNotConnectedError', 'ConnectionIsNotSetError', 'ConnectionNotFoundError', 'TimeoutError']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|DataSource is not initialized|socket hang up/i;

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, name, message, cause, driverError, errors } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || STORAGE_CODES.has(code))) return true;
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // fetch wraps the socket error in `cause`, TypeORM the pg error in `driverError`, and a
  // connection tried on several addresses reports each in `errors`.
  if (isDependencyUnavailable(cause, depth + 1) || isDependencyUnavailable(driverError, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDependencyUnavailable(inner, depth + 1));
}
