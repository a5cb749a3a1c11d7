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
 *
 * An app that is up but frozen (hung, stopped) would keep the seller's page loading forever: when it
 * has not begun answering within `answerTimeoutMs` the gateway answers 504 itself (awaitAnswer below).
 * Once an app has begun answering nothing is cut, so job event streams and large downloads stay open.
 */
/**
 * @param {{ targets: Record<string, string>, log?: (message: string) => void, env?: NodeJS.ProcessEnv, answerTimeoutMs?: number }} options
 * `env`: where the OpenTelemetry settings are read (gateway-tracing.mjs); close() flushes the spans.
 * `answerTimeoutMs`: how long an app may take to begin answering (GATEWAY_TIMEOUT_MS, stack.mjs); 0: no bound.
 */
export function createGateway({ targets, log = () => {}, env = process.env, answerTimeoutMs = 0 }) {
  const tracing = gatewayTracing(env);
  // No timeout on a whole answer: job event streams stay open as long as the studio follows them.
  const proxy = createProxyServer({ proxyTimeout: 0, agent: appConnections() });

  const json = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
    res.end(JSON.stringify(body));
  };

  /** The gateway's own answer for its app: the product's error shape on the API, plain text for pages and remotes. */
  const answerFor = (req, res, { api, page }) => {
    if (res.headersSent || res.writableEnded) { res.destroy?.(); return; }
    if (req.url.startsWith('/api/')) {
      json(res, api.statusCode, { statusCode: api.statusCode, code: api.code, message: api.message }, api.headers);
    } else {
      res.writeHead(page.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page.text);
    }
  };

  /**
   * An app that failed the caller, `app` named in what happened: our error body for an API call, a
   * short page otherwise. A hung app may come back as a stopped one does: either way the caller is
   * told when to ask again.
   */
  const appFailed = (statusCode, code, pageStatus, happened) => (req, res, app) =>
    answerFor(req, res, {
      api: {
        statusCode,
        code,
        message: `${app} ${happened}. Please try again in a moment.`,
        headers: { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
      },
      page: { status: pageStatus, text: `${app} ${happened}.` },
    });
  const unavailable = appFailed(503, ErrorCode.SERVICE_UNAVAILABLE, 502, 'is not reachable right now');
  const timedOut = appFailed(504, ErrorCode.GATEWAY_TIMEOUT, 504, 'did not answer in time');

  /** Which app each request was sent to, for the error answer. @type {WeakMap<http.IncomingMessage, string>} */
  const appOf = new WeakMap();
  /** Requests whose app has begun answering. @type {WeakSet<http.IncomingMessage>} */
  const answered = new WeakSet();
  proxy.on('proxyRes', (proxyRes, req, res) => {
    answered.add(req);
    // From here on the answer may stream for as long as it likes.
    proxyRes.socket?.setTimeout(0);
    // The app's Keep-Alive is about its connection to the gateway (hop-by-hop): the agent reads it
    // from here (appConnections), but the proxy copies every enumerable header to the client. The
    // client's connection is the gateway's, so it is told the gateway's own timeout.
    Object.defineProperty(proxyRes.headers, 'keep-alive', { enumerable: false });
    res.setHeader('keep-alive', `timeout=${CLIENT_KEEP_ALIVE_MS / 1000}`);
  });
  /** Requests whose app must begin answering within answerTimeoutMs. @type {WeakSet<http.IncomingMessage>} */
  const bounded = new WeakSet();
  proxy.on('proxyReq', (proxyReq, req) => {
    if (bounded.has(req)) awaitAnswer(proxyReq, req, answerTimeoutMs, () => answered.has(req));
  });

  proxy.on('error', (/** @type {NodeJS.ErrnoException} */ err, req, res) => {
    const late = err.code === ANSWER_TIMEOUT;
    if (res instanceof http.ServerResponse && (answered.has(req) || late)) {
      // The app answered (a 401 to an upload, say) and then stopped reading the body, or it is frozen
      // and the gateway answers for it: stop forwarding and read the rest of the client's body, so the
      // client gets that answer rather than a broken connection.
      req.unpipe();
      req.resume();
      if (answered.has(req)) return;
    }
    // The path only: query strings can carry one-time tokens and URL signatures.
    log(`${req.method} ${req.url.split('?')[0]} → ${appOf.get(req)}: ${late ? err.message : err.code ?? err.message}`);
    if (!(res instanceof http.ServerResponse)) res.destroy?.();
    else if (late) timedOut(req, res, appOf.get(req));
    else unavailable(req, res, appOf.get(req));
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
    if (answerTimeoutMs > 0 && !WAITS_FOR_TRY_ONS.has(pathname.replace(/\/$/, ''))) bounded.add(req);
    if (app.startsWith('svc-')) tracing.forward(req, res, app);
    // The 'error' listener answers a failed forward; web() still rejects when the client's own
    // response breaks (it went away), which leaves nothing to answer.
    proxy.web(req, res, { target }).catch(() => undefined);
  });
  server.keepAliveTimeout = CLIENT_KEEP_ALIVE_MS;
  server.headersTimeout = CLIENT_KEEP_ALIVE_MS + 1000;
  server.on('close', () => void tracing.shutdown());
  return server;
}

/**
 * How long the gateway keeps a client's idle connection. A client lets go of one a second before the
 * `Keep-Alive: timeout` it was told (undici, Node's agent), by a timer a busy machine fires late: with
 * the apps' 5 s (which the proxy passed on) the gateway closed connections a client was just sending
 * on, a reset POST (a CI run under load). A minute outlasts the pauses between a seller's calls, as a
 * load balancer's idle timeout does.
 */
const CLIENT_KEEP_ALIVE_MS = 65_000;

/**
 * Kept-alive connections to the apps, always let go of by the gateway before the app would close them:
 * a request sent on a connection the app was closing at that moment was reset, a 503 the seller saw (a
 * garment upload in a CI run under load). After 60 s idle, or a second before the app's own
 * `Keep-Alive: timeout` when that is shorter (the services and the static server announce their
 * HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, 3620 by default). Node's agent follows that hint only when it has a
 * timeout of its own, and takes the shorter. The timeout only ever closes idle connections: on one in
 * use awaitAnswer's bound replaces it until the app begins answering, and then none, so event streams stay open.
 */
function appConnections() {
  return new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
}

/** The code of the error a forward is ended with when its app did not begin answering in time. */
const ANSWER_TIMEOUT = 'ANSWER_TIMEOUT';

/**
 * Calls whose answer waits, by design, for try-ons to finish: spec §7's generate answers once every
 * result is done (minutes with a slow provider). Their wait is not bounded, as in Kubernetes, where
 * svc-generation's route has no request timeout.
 */
const WAITS_FOR_TRY_ONS = new Set(['/api/try-on/generate']);

/**
 * Ends `proxyReq` with an ANSWER_TIMEOUT error when its app has not begun answering within `timeoutMs`.
 * It is the idle timer of the connection to the app, so it counts from the last byte of the body
 * written; while the body is still going out, a write the app takes nothing of counts as idle too (a
 * frozen app stops reading an upload; Node's timer lets a write that moves on go). A client that is
 * itself slow to send its body is waited for: nothing to forward is not the app's fault.
 */
function awaitAnswer(proxyReq, req, timeoutMs, hasAnswered) {
  const socket = proxyReq.socket;
  const onIdle = () => {
    if (hasAnswered()) return;
    const waitingForClient = !req.complete && proxyReq.writableLength === 0 && socket.writableLength === 0;
    if (waitingForClient) return;
    proxyReq.destroy(Object.assign(new Error(`no answer within ${timeoutMs / 1000} s (504)`), { code: ANSWER_TIMEOUT }));
  };
  socket.setTimeout(timeoutMs);
  socket.on('timeout', onIdle);
  // The socket goes back to the pool (or away) with the request; the agent sets its own idle timer then.
  proxyReq.once('close', () => socket.off('timeout', onIdle));
}

/** What the apps learn about the client, from this connection only (the gateway is the edge). */
function setForwardedHeaders(req) {
  delete req.headers.forwarded;
  // The gateway's server has already answered the client's Expect (100 Continue), so the app is not
  // asked again; httpxy also leaves such requests out of its proxyReq event, which awaitAnswer needs.
  delete req.headers.expect;
  req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = 'http';
  req.headers['x-forwarded-host'] = req.headers.host ?? '';
  req.headers['x-forwarded-port'] = String(req.socket.localPort);
}
