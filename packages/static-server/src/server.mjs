import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { createSecurityHeaders } from './security-headers.mjs';

/**
 * What a prerendered build (the shell's) says about its pages, in `<root>/pages.json`:
 * `fallback` is the page the browser renders itself (client-only routes such as /app),
 * `notFound` the prerendered 404 page, `clientRoutes` the paths that are pages although no
 * file exists for them ("/app/*" covers /app and everything below it).
 * @typedef {{ fallback: string, notFound: string, clientRoutes: string[] }} PagesManifest
 */
export const PAGES_MANIFEST = 'pages.json';

/** Hashed assets never change under their name; entries (index.html, remoteEntry.js, the
 * federation manifest, runtime config) must be revalidated so a rollout is seen at once. */
export function cacheControlFor(file) {
  const name = path.basename(file);
  if (/[.-][0-9a-f]{8,}\./.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * The one place where the headers of an HTML page are set — prerendered pages, the SPA
 * fallback and the 404 page all pass here: never cached without revalidation, and the page's
 * security headers (its Content-Security-Policy is built from the file, security-headers.mjs).
 */
export function setPageHeaders(res, security) {
  setHeaders(res, security);
  res.setHeader('Cache-Control', 'no-cache');
}

function setHeaders(res, headers) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/**
 * The HTML file sirv answers a page path with (`/privacy` → `privacy/index.html` or
 * `privacy.html`), looked up once per path: like sirv's own file list, a build does not change
 * under a running server.
 */
function pageFiles(rootDir) {
  const known = new Map();
  return (pathname) => {
    if (!known.has(pathname)) {
      const file = path.join(rootDir, pathname);
      const candidates = pathname.endsWith('.html') ? [file] : [path.join(file, 'index.html'), `${file}.html`];
      known.set(pathname, candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null);
    }
    return known.get(pathname);
  };
}

const isPagePath = (pathname) => !path.posix.extname(pathname) || pathname.endsWith('.html');

function matchesRoute(pathname, pattern) {
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  }
  return pathname === pattern || pathname === `${pattern}/`;
}

function readManifest(rootDir) {
  const file = path.join(rootDir, PAGES_MANIFEST);
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const key of ['fallback', 'notFound']) {
    if (!fs.existsSync(path.join(rootDir, manifest[key]))) throw new Error(`${file}: ${key} page ${manifest[key]} is missing`);
  }
  return manifest;
}

/** A page held in memory with its precompressed copies and security headers, answered with any status. */
function loadPage(rootDir, name, securityHeaders) {
  const file = path.join(rootDir, name);
  const variant = (suffix, encoding) => {
    if (!fs.existsSync(file + suffix)) return null;
    const stat = fs.statSync(file + suffix);
    return { body: fs.readFileSync(file + suffix), encoding, etag: `W/"${stat.size}-${stat.mtime.getTime()}"` };
  };
  return { file, security: securityHeaders(file, fs.statSync(file)), br: variant('.br', 'br'), gzip: variant('.gz', 'gzip'), identity: variant('', null) };
}

function sendPage(req, res, page, status) {
  const accepted = req.headers['accept-encoding'] ?? '';
  const chosen = (/\bbr\b/.test(accepted) && page.br) || (/\bgzip\b/.test(accepted) && page.gzip) || page.identity;
  setPageHeaders(res, page.security);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', chosen.etag);
  if (status === 200 && req.headers['if-none-match'] === chosen.etag) {
    res.writeHead(304).end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': chosen.body.length,
    ...(chosen.encoding ? { 'Content-Encoding': chosen.encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : chosen.body);
}

/**
 * A request handler serving the build in `root` under the URL prefix `base`, with sirv: files
 * are listed once at start; `<file>.br` / `<file>.gz` written at build time (precompress.mjs) are
 * sent to browsers that accept them, so nothing is compressed on the request path.
 *
 * With `spa`, a page request for a path that is no file gets a page instead of a 404: the
 * build's `index.html`, or, when the build carries a pages manifest, its fallback page for the
 * client routes it lists and its 404 page (status 404) for every other path.
 */
export function createStaticHandler({ root, base = '/', spa = false }) {
  const rootDir = path.resolve(root);
  if (!fs.existsSync(rootDir)) throw new Error(`${rootDir} does not exist: build the app first`);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const manifest = spa ? readManifest(rootDir) : null;
  const securityHeaders = createSecurityHeaders();
  const fallbackPage = spa ? loadPage(rootDir, manifest?.fallback ?? 'index.html', securityHeaders) : null;
  const notFoundPage = manifest ? loadPage(rootDir, manifest.notFound, securityHeaders) : null;
  const pageFile = pageFiles(rootDir);

  const serveFile = sirv(rootDir, {
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname, stats) {
      const page = isPagePath(pathname) ? pageFile(pathname) : null;
      if (page) {
        setPageHeaders(res, securityHeaders(page, stats));
        return;
      }
      setHeaders(res, securityHeaders(path.join(rootDir, pathname), stats));
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });

  return function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url, 'http://static');
    if (url.pathname === `${prefix}healthz` || url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ok');
      return;
    }
    const notFound = () => res.writeHead(404, { ...securityHeaders('', null), 'content-type': 'text/plain', 'cache-control': 'no-cache' }).end('Not found');
    if (!(`${url.pathname}/`).startsWith(prefix) && url.pathname !== prefix.slice(0, -1)) {
      notFound();
      return;
    }
    const relative = url.pathname.slice(prefix.length - 1) || '/';
    if (relative === `/${PAGES_MANIFEST}` && manifest) {
      notFound();
      return;
    }
    req.url = relative + url.search;
    serveFile(req, res, () => {
      const wantsPage = spa && isPagePath(relative) && (req.headers.accept ?? '').includes('text/html');
      if (!wantsPage) notFound();
      else if (!manifest || manifest.clientRoutes.some((route) => matchesRoute(relative, route))) sendPage(req, res, fallbackPage, 200);
      else sendPage(req, res, notFoundPage, 404);
    });
  };
}

/**
 * How long an idle connection stays open, by default: the services' HTTP_KEEP_ALIVE_TIMEOUT_SECONDS
 * default (service-kit's ServiceConfig), for the same reason. The Gateway's proxy must close an idle
 * connection before the server does, or a request it sends on one the server is closing at that moment
 * comes back to the browser as a 502/503 (a remote that does not load); an hour and 20 s outlasts the
 * common proxies' upstream idle timeouts (Envoy's 1 h, GKE's 600 s, an ALB's 60 s), Node's own 5 s none.
 */
const DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS = 3620;
const MAX_KEEP_ALIVE_TIMEOUT_SECONDS = 86_400;

/**
 * HTTP_KEEP_ALIVE_TIMEOUT_SECONDS from `env` (unset or empty: the default); throws, naming the
 * variable, when it is not a whole number of seconds from 1 to 86400, so the server never starts with it.
 */
export function keepAliveTimeoutSeconds(env = process.env) {
  const value = env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS?.trim();
  if (!value) return DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS;
  const seconds = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_KEEP_ALIVE_TIMEOUT_SECONDS)) {
    throw new Error(`HTTP_KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to ${MAX_KEEP_ALIVE_TIMEOUT_SECONDS}`);
  }
  return seconds;
}

/**
 * Starts an HTTP server for `createStaticHandler` options; resolves with the server.
 * @param {{ root: string, base?: string, spa?: boolean, port?: number, host?: string, keepAliveTimeoutSeconds?: number }} options
 */
export function startStaticServer({ port = 0, host = '0.0.0.0', keepAliveTimeoutSeconds = DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS, ...options }) {
  const server = http.createServer(createStaticHandler(options));
  // headersTimeout stays Node's 60 s: it counts from a request's first byte, not from when its
  // connection went idle (checked on Node 26).
  server.keepAliveTimeout = keepAliveTimeoutSeconds * 1000;
  // Node's close() ends only the connections idle at that moment; one still answering would then stay
  // open for the whole keep-alive timeout (an hour), holding the shutdown until the pod is killed. So
  // once the server is closing each is closed as soon as its answer is done (next turn: Node counts it idle then).
  server.on('request', (_req, res) => res.on('finish', () => { if (!server.listening) setImmediate(() => server.closeIdleConnections()); }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
