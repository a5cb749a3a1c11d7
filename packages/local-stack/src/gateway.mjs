import http from 'node:http';
import httpProxy from 'http-proxy';
import { routeFor, ErrorCode } from '@vton/contracts';

/**
 * The product's single origin: forwards each request, path unchanged, to the app that
 * routeFor() names (the same table the Kubernetes ingress is built from). A service that
 * is down answers in the product's error shape, so the shell can say so instead of breaking.
 */
export function createGateway({ targets, log = () => {} }) {
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 0, timeout: 0 });

  const unavailable = (req, res, app) => {
    if (res.headersSent || res.writableEnded) { res.destroy?.(); return; }
    const isApi = req.url.startsWith('/api/');
    if (isApi) {
      const body = {
        statusCode: 503,
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: `${app} is not reachable right now. Please try again in a moment.`,
      };
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
      res.end(JSON.stringify(body));
    } else {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`${app} is not reachable right now.`);
    }
  };

  proxy.on('error', (err, req, res) => {
    // The path only: query strings can carry one-time tokens and URL signatures.
    log(`${req.method} ${req.url.split('?')[0]} → ${req.vtonApp}: ${err.code ?? err.message}`);
    if (res instanceof http.ServerResponse) unavailable(req, res, req.vtonApp);
    else res.destroy?.();
  });

  return http.createServer((req, res) => {
    const app = routeFor(new URL(req.url, 'http://gateway').pathname);
    req.vtonApp = app;
    const target = targets[app];
    if (!target) { unavailable(req, res, app); return; }
    proxy.web(req, res, { target });
  });
}
