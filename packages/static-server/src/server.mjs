import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { createSecurityHeaders } from './security-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml', '.webmanifest']);

/** Hashed assets never change under their name; entries (index.html, remoteEntry.js, the
 * federation manifest, runtime config) must be revalidated so a rollout is seen at once. */
export function cacheControlFor(file) {
  const name = path.basename(file);
  if (/[.-][0-9a-f]{8,}\./.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * A request handler serving `root` under the URL prefix `base`. With `spa`, a page request
 * for a path that is no file gets index.html (client-side routing).
 */
export function createStaticHandler({ root, base = '/', spa = false }) {
  const rootDir = path.resolve(root);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const gzipCache = new Map();
  const securityHeaders = createSecurityHeaders();

  const resolveFile = (urlPath) => {
    let decoded;
    try { decoded = decodeURIComponent(urlPath); } catch { return null; }
    const file = path.resolve(rootDir, `.${path.posix.normalize(`/${decoded}`)}`);
    if (file !== rootDir && !file.startsWith(rootDir + path.sep)) return null;
    try {
      const stat = fs.statSync(file);
      if (stat.isDirectory()) {
        const index = path.join(file, 'index.html');
        return fs.existsSync(index) ? { file: index, stat: fs.statSync(index) } : null;
      }
      return { file, stat };
    } catch { return null; }
  };

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
    if (!(`${url.pathname}/`).startsWith(prefix) && url.pathname !== prefix.slice(0, -1)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const relative = url.pathname.slice(prefix.length - 1);
    let found = resolveFile(relative);
    const wantsPage = !path.extname(relative) && (req.headers.accept ?? '').includes('text/html');
    if (!found && spa && wantsPage) found = resolveFile('/index.html');
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-cache' }).end('Not found');
      return;
    }
    sendFile(req, res, found, gzipCache, securityHeaders(found.file, found.stat));
  };
}

function sendFile(req, res, { file, stat }, gzipCache, security) {
  const ext = path.extname(file).toLowerCase();
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': cacheControlFor(file),
    etag,
    'last-modified': stat.mtime.toUTCString(),
    vary: 'Accept-Encoding',
    ...security,
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const gzip = COMPRESSIBLE.has(ext) && stat.size > 1024 && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (gzip) {
    const key = `${file}:${etag}`;
    let body = gzipCache.get(key);
    if (!body) {
      body = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
      gzipCache.set(key, body);
    }
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': stat.size });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(file).pipe(res);
}

/** Starts an HTTP server for `createStaticHandler` options; resolves with the server. */
export function startStaticServer({ port = 0, host = '0.0.0.0', ...options }) {
  const server = http.createServer(createStaticHandler(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
