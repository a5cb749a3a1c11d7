import http from 'node:http';
import https from 'node:https';
import { isIPv6 } from 'node:net';

export interface WebhookRequest {
  url: URL;
  /** The address checked for this delivery: the connection goes there and nowhere else. */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** At most this much of the answer is read; the status line is all that matters. */
  maxResponseBytes: number;
}

export interface WebhookAnswer {
  /** The receiver's HTTP status; null when there was none. */
  status: number | null;
  /** Seconds the receiver asked to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null;
  /** Why there was no usable answer (timeout, refused, reset, too large), in words. */
  error: string | null;
}

/**
 * POSTs one signed delivery. The host name is never resolved again here: the socket connects to
 * `address` (checked just before), while TLS still verifies the certificate for the host name.
 * Redirects are not followed. A receiver that is slow or answers without end cannot hold the
 * worker: the whole exchange has `timeoutMs`, and reading stops after `maxResponseBytes`.
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const family = isIPv6(request.address) ? 6 : 4;
  const pinnedLookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: request.address, family }]);
    else callback(null, request.address, family);
  };
  const transport = request.url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(answer);
    };
    const req = transport.request(request.url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: pinnedLookup as never,
      agent: false,
    });
    const deadline = setTimeout(
      () => finish({ status: null, retryAfterSeconds: null, error: `No answer within ${Math.round(request.timeoutMs / 1000)} seconds` }),
      request.timeoutMs,
    );
    req.on('response', (res) => {
      const status = res.statusCode ?? null;
      const retryAfter = Number(res.headers['retry-after']);
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // The status is known; the rest of a huge answer is not worth reading.
        if (read > request.maxResponseBytes) finish({ status, retryAfterSeconds: null, error: `The answer was larger than ${request.maxResponseBytes} bytes` });
      });
      res.on('end', () => finish({ status, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, error: null }));
      res.on('error', () => finish({ status, retryAfterSeconds: null, error: 'The connection broke while reading the answer' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, retryAfterSeconds: null, error: connectionError(error) }));
    req.end(request.body);
  });
}

function connectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'The connection was reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host cannot be reached';
    default:
      return error.code?.startsWith('ERR_TLS') || /certificate/i.test(error.message) ? `TLS failed: ${error.message}` : `Could not send: ${error.message}`;
  }
}
