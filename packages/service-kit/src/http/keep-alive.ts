import type { Server } from 'node:http';

/**
 * Keeps a caller's idle connection open `seconds` (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, why there), and
 * once the server is closing, closes each connection as soon as its answer is done: Node's close()
 * ends only the connections idle at that moment, and one still answering would then stay open for the
 * whole keep-alive timeout (an hour), holding the shutdown (app.close() waits for it) until the pod is killed.
 * headersTimeout is not raised with it: it counts from a request's first byte, not from when its
 * connection went idle (checked on Node 26), and it may not pass requestTimeout (allowRequestsFor).
 */
export function keepIdleConnections(server: Server, seconds: number): void {
  server.keepAliveTimeout = seconds * 1000;
  server.on('request', (_req, res: NodeJS.EventEmitter) =>
    // On the next turn, once Node has counted the connection idle again.
    res.on('finish', () => { if (!server.listening) setImmediate(() => server.closeIdleConnections()); }));
}

/** Gives a caller `seconds` to send one whole request, its body included (HTTP_REQUEST_TIMEOUT_SECONDS, why there). */
export function allowRequestsFor(server: Server, seconds: number): void {
  server.requestTimeout = seconds * 1000;
  // Node counts the headers within the request's time, never longer.
  server.headersTimeout = Math.min(server.headersTimeout, server.requestTimeout);
}
