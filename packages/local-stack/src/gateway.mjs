import http from 'node:http';
import { createProxyServer } from 'httpxy';
import { routeFor, ErrorCode, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@vton/contracts';
import { gatewayTracing } from './gateway-tracing.mjs';

/**
 * The product's single origin: forwards each request, path unchanged, to the app that
 * routeFor() names (the same table the Kubernetes routes are built from). A service that
 * is down answers in the product's error shape, so the shell can say so instead of breaking,
 * and so does an `/api/` path no service owns (the shell would answer it with a page).
 *
 * It is the edge: `X-Forwarded-For` (and `-Proto`, `-Host`, `-Port`) are set from the connection,
 * never taken from or appended to what the client sent, since the services believe the
 * gateway about the client's address (per-IP limits). Connections to the apps are kept alive
 * (appConnections below), so an app that answers before reading a body (a refused upload) drains it
 * instead of closing on the rest of it.
 */
/**
 * @param {{ targets: Record<string, string>, log?: (message: string) => void, env?: NodeJS.ProcessEnv }} options
 * `env`: where the OpenTelemetry settings are read (gateway-tracing.mjs); close() flushes the spans.
 */
export function createGateway({ targets, log = () => {}, env = process.env }) {
  const tracing = gatewayTracing(env);
  // No timeouts: job event streams stay open as long as the studio follows them.
  const proxy = createProxyServer({ proxyTimeout: 0, agent: appConnections() });

  const json = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
    res.end(JSON.stringify(body));
  };

  const unavailable = (req, res, app) => {
    if (res.headersSent || res.writableEnded) { res.destroy?.(); return; }
    const isApi = req.url.startsWith('/api/');
    if (isApi) {
      json(res, 503, {
        statusCode: 503,
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: `${app} is not reachable right now. Please try again in a moment.`,
      }, { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) });
    } else {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`${app} is not reachable right now.`);
    }
  };

  /** Which app each request was sent to, for the error answer. @type {WeakMap<http.IncomingMessage, string>} */
  const appOf = new WeakMap();
  /** Requests whose app has begun answering. @type {WeakSet<http.IncomingMessage>} */
  const answered = new WeakSet();
  proxy.on('proxyRes', (_proxyRes, req) => answered.add(req));

  proxy.on('error', (/** @type {NodeJS.ErrnoException} */ err, req, res) => {
    if (answered.has(req) && res instanceof http.ServerResponse) {
      // The app answered (a 401 to an upload, say) and then stopped reading the body: its
      // answer is on its way to the client. Stop forwarding and read the rest of the client's
      // body, so the client gets that answer rather than a broken connection.
      req.unpipe();
      req.resume();
      return;
    }
    // The path only: query strings can carry one-time tokens and URL signatures.
    log(`${req.method} ${req.url.split('?')[0]} → ${appOf.get(req)}: ${err.code ?? err.message}`);
    if (res instanceof http.ServerResponse) unavailable(req, res, appOf.get(req));
    else res.destroy?.();
  });

  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://gateway');
    const app = routeFor(pathname);
    if ((pathname === '/api' || pathname.startsWith('/api/')) && !app.startsWith('svc-')) {
      json(res, 404, { statusCode: 404, code: ErrorCode.NOT_FOUND, message: `No API route matches ${req.method} ${pathname}` });
      req.resume();
      return;
    }
    appOf.set(req, app);
    const target = targets[app];
    if (!target) { unavailable(req, res, app); return; }
    setForwardedHeaders(req);
    if (app.startsWith('svc-')) tracing.forward(req, res, app);
    // The 'error' listener answers a failed forward; web() still rejects when the client's own
    // response breaks (it went away), which leaves nothing to answer.
    proxy.web(req, res, { target }).catch(() => undefined);
  });
  server.on('close', () => void tracing.shutdown());
  return server;
}

/**
 * Kept-alive connections to the apps, let go of when idle a second before the app would close them
 * itself (the `Keep-Alive: timeout=5` every app announces). Node's agent follows that hint only when
 * it has a timeout of its own; without one it kept idle connections until the app closed them, and a
 * request sent on a connection the app was closing at that moment was reset: a 503 the seller saw
 * (a garment upload in a CI run under load). The timeout only ever closes idle connections: on one in
 * use it is an event nothing here listens to, so event streams stay open.
 */
function appConnections() {
  return new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
}

/** What the apps learn about the client, from this connection only (the gateway is the edge). */
function setForwardedHeaders(req) {
  delete req.headers.forwarded;
  req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = 'http';
  req.headers['x-forwarded-host'] = req.headers.host ?? '';
  req.headers['x-forwarded-port'] = String(req.socket.localPort);
}
