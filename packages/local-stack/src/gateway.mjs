import http from 'node:http';
import httpProxy from 'http-proxy';
import { routeFor, ErrorCode, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@vton/contracts';

/**
 * The product's single origin: forwards each request, path unchanged, to the app that
 * routeFor() names (the same table the Kubernetes ingress is built from). A service that
 * is down answers in the product's error shape, so the shell can say so instead of breaking,
 * and so does an `/api/` path no service owns (the shell would answer it with a page).
 */
/** @param {{ targets: Record<string, string>, log?: (message: string) => void }} options */
export function createGateway({ targets, log = () => {} }) {
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 0, timeout: 0 });

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

  proxy.on('error', (/** @type {NodeJS.ErrnoException} */ err, req, res) => {
    // The path only: query strings can carry one-time tokens and URL signatures.
    log(`${req.method} ${req.url.split('?')[0]} → ${appOf.get(req)}: ${err.code ?? err.message}`);
    if (res instanceof http.ServerResponse) unavailable(req, res, appOf.get(req));
    else res.destroy?.();
  });

  return http.createServer((req, res) => {
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
    proxy.web(req, res, { target });
  });
}
