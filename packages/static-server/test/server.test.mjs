import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startStaticServer } from '../src/server.mjs';
import { precompress } from '../src/precompress.mjs';

const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

/** A raw GET: fetch() would decode the body and hide which encoding was sent. */
function get(url, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

function makeBuild(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), body);
  }
  return root;
}

async function serve(options) {
  const server = await startStaticServer({ host: '127.0.0.1', ...options });
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

const close = (server) => new Promise((resolve) => server.close(resolve));

describe('a remote build under its base path', () => {
  let root;
  let server;
  let origin;

  beforeAll(async () => {
    root = makeBuild({
      'index.html': '<!doctype html><title>shell</title>',
      'remoteEntry.js': 'var remote = 1;',
      'main.3f2a9c1d7e.js': BIG_SCRIPT,
      'demo/photo.webp': Buffer.alloc(3000, 7),
    });
    await precompress(root);
    ({ server, origin } = await serve({ root, base: '/mfe/studio/', spa: true }));
  });
  afterAll(() => close(server));

  test('hashed assets are cached for a year, with nosniff', async () => {
    const res = await get(`${origin}/mfe/studio/main.3f2a9c1d7e.js`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.toString()).toBe(BIG_SCRIPT);
  });

  test('remoteEntry.js and index.html must be revalidated; a matching ETag answers 304', async () => {
    const entry = await get(`${origin}/mfe/studio/remoteEntry.js`);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const again = await get(`${origin}/mfe/studio/remoteEntry.js`, { 'if-none-match': entry.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const page = await get(`${origin}/mfe/studio/`);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  test('a browser that accepts brotli gets the file precompressed at build time', async () => {
    const res = await get(`${origin}/mfe/studio/main.3f2a9c1d7e.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(root, 'main.3f2a9c1d7e.js.br')).size);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(BIG_SCRIPT);
  });

  test('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await get(`${origin}/mfe/studio/main.3f2a9c1d7e.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);
    const plain = await get(`${origin}/mfe/studio/main.3f2a9c1d7e.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
  });

  test('files too small to gain and images are sent as they are', async () => {
    const entry = await get(`${origin}/mfe/studio/remoteEntry.js`, { 'accept-encoding': 'br, gzip' });
    expect(entry.headers['content-encoding']).toBeUndefined();
    expect(entry.body.toString()).toBe('var remote = 1;');
    const image = await get(`${origin}/mfe/studio/demo/photo.webp`, { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.body.length).toBe(3000);
  });

  test('page requests fall back to index.html; missing assets are 404', async () => {
    const page = await get(`${origin}/mfe/studio/some/route`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>shell</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get(`${origin}/mfe/studio/missing.js`, { accept: 'text/html' })).status).toBe(404);
    expect((await get(`${origin}/mfe/studio/some/route`, { accept: 'application/json' })).status).toBe(404);
  });

  test('paths outside the base or the folder are refused', async () => {
    expect((await get(`${origin}/other/remoteEntry.js`)).status).toBe(404);
    expect((await get(`${origin}/mfe/studio/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect((await get(`${origin}/mfe/studio/../../../etc/passwd`)).status).toBe(404);
  });

  test('answers a health check for probes, HEAD without a body, other methods 405', async () => {
    expect((await get(`${origin}/mfe/studio/healthz`)).status).toBe(200);
    const head = await get(`${origin}/mfe/studio/main.3f2a9c1d7e.js`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await get(`${origin}/mfe/studio/remoteEntry.js`, {}, 'POST')).status).toBe(405);
  });
});

describe('a prerendered build with a pages manifest (the shell)', () => {
  let server;
  let origin;
  const landing = `<!doctype html><title>landing</title><main>${'Product Placement Wizardry '.repeat(80)}</main>`;

  beforeAll(async () => {
    const root = makeBuild({
      'index.html': landing,
      'privacy/index.html': '<!doctype html><title>privacy</title><h1>Privacy Policy</h1>',
      'shell.html': '<!doctype html><title>shell</title><div id="root"></div>',
      '404.html': `<!doctype html><title>404</title><h1>Page Not Found</h1>${' '.repeat(2000)}`,
      'pages.json': JSON.stringify({ fallback: 'shell.html', notFound: '404.html', clientRoutes: ['/app/*', '/auth', '/docs/*'] }),
      'config/remotes.json': JSON.stringify({ remotes: [], padding: 'r'.repeat(2000) }),
    });
    await precompress(root, { skip: ['config'] });
    ({ server, origin } = await serve({ root, base: '/', spa: true }));
  });
  afterAll(() => close(server));

  test('/ and a prerendered page are sent from their HTML files, precompressed', async () => {
    const home = await get(`${origin}/`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(home.body).toString()).toBe(landing);
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const pathname of ['/privacy', '/privacy/']) {
      const page = await get(`${origin}${pathname}`, { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<h1>Privacy Policy</h1>');
    }
  });

  test('client routes get the page the browser renders, with 200', async () => {
    for (const pathname of ['/app', '/app/anything', '/auth?tab=login', '/docs', '/docs/no-such-article']) {
      const res = await get(`${origin}${pathname}`, { accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  test('any other path gets the prerendered 404 page with status 404, compressed when accepted', async () => {
    const res = await get(`${origin}/pricing-typo`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toContain('Page Not Found');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get(`${origin}/no/such/page`, { accept: 'text/html' })).status).toBe(404);
  });

  test('runtime config is never precompressed (it is replaced at deploy time) and the manifest is not served', async () => {
    const config = await get(`${origin}/config/remotes.json`, { 'accept-encoding': 'br, gzip' });
    expect(config.status).toBe(200);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.headers['cache-control']).toBe('no-cache');
    expect((await get(`${origin}/pages.json`)).status).toBe(404);
  });
});

describe('precompress', () => {
  test('writes .br and .gz beside text files only, skips small files and given folders', async () => {
    const root = makeBuild({
      'main.js': BIG_SCRIPT,
      'tiny.js': 'var a = 1;',
      'main.js.map': JSON.stringify({ mappings: 'A'.repeat(5000) }),
      'image.webp': Buffer.alloc(5000, 1),
      'config/remotes.json': JSON.stringify({ padding: 'p'.repeat(5000) }),
    });
    const totals = await precompress(root, { skip: ['config'] });
    const present = (name) => fs.existsSync(path.join(root, name));
    expect(present('main.js.br') && present('main.js.gz')).toBe(true);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, 'main.js.br'))).toString()).toBe(BIG_SCRIPT);
    for (const name of ['tiny.js.br', 'main.js.map.br', 'image.webp.br', 'config/remotes.json.br', 'config/remotes.json.gz']) {
      expect(present(name)).toBe(false);
    }
    expect(totals).toMatchObject({ files: 1, bytes: BIG_SCRIPT.length });
    expect(totals.brotliBytes).toBeLessThan(totals.gzipBytes);
  });
});

describe('security headers', () => {
  let pageRoot;
  let pageServer;
  let pageOrigin;
  const inline = "if (location.pathname === '/') { console.log('hint'); }";
  beforeAll(async () => {
    pageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'static-csp-'));
    fs.writeFileSync(path.join(pageRoot, 'index.html'), `<!doctype html><script type="application/ld+json">{"@type":"WebSite"}</script><script>${inline}</script><script src="/main.1234abcd.js"></script><style>body{}</style>`);
    fs.writeFileSync(path.join(pageRoot, 'main.1234abcd.js'), 'console.log(1)');
    pageServer = await startStaticServer({ root: pageRoot, base: '/', spa: true, host: '127.0.0.1' });
    pageOrigin = `http://127.0.0.1:${pageServer.address().port}`;
  });
  afterAll(() => new Promise((r) => pageServer.close(r)));

  test('HTML pages get a strict CSP: scripts from the origin plus the hash of each inline script, WebAssembly but never unsafe-eval, never framed', async () => {
    const res = await fetch(`${pageOrigin}/app/deep/link`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy');
    const hash = crypto.createHash('sha256').update(inline).digest('base64');
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  test('other files get nosniff and the referrer policy, without a page policy', async () => {
    const res = await fetch(`${pageOrigin}/main.1234abcd.js`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  test('HSTS only when configured (behind TLS in Kubernetes)', async () => {
    const { createSecurityHeaders } = await import('../src/security-headers.mjs');
    const file = path.join(pageRoot, 'index.html');
    expect(createSecurityHeaders({ hstsMaxAgeSeconds: 31536000 })(file, fs.statSync(file))['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(createSecurityHeaders({ hstsMaxAgeSeconds: 0 })(file, fs.statSync(file))['strict-transport-security']).toBeUndefined();
  });
});

describe('how long an idle connection stays open (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS)', () => {
  const SERVE = path.join(import.meta.dirname, '../bin/serve.mjs');
  let root;
  let socket;
  beforeAll(() => { root = makeBuild({ 'index.html': '<!doctype html><title>remote</title>' }); });
  // Should a server keep a connection, its test fails on its timeout and this lets it go.
  afterEach(() => socket?.destroy());

  /** `vton-static` as the container images run it, with `value` in its environment; settles when it serves or exits. */
  function startServe(value) {
    const child = spawn(process.execPath, [SERVE, root, '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: value },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    return new Promise((resolve) => {
      child.stdout.on('data', () => {
        const port = stdout.match(/on 127\.0\.0\.1:(\d+)/)?.[1];
        if (port) resolve({ child, origin: `http://127.0.0.1:${port}` });
      });
      child.on('exit', (code) => resolve({ code, stderr }));
    });
  }

  test('by default outlasts the proxies in front (an hour and 20 s), not Node\'s 5 s', async () => {
    const { server, origin } = await serve({ root });
    const res = await get(`${origin}/index.html`);
    await close(server);
    expect(res.headers['keep-alive']).toBe('timeout=3620');
  });

  test('is the configured number of seconds', async () => {
    const { child, origin } = await startServe('700');
    try {
      expect((await get(`${origin}/index.html`)).headers['keep-alive']).toBe('timeout=700');
    } finally {
      child?.kill();
    }
  });

  test('a request under way when the server closes is answered, then its connection closed at once: the shutdown does not wait out the keep-alive', async () => {
    const { server } = await serve({ root });
    socket = net.connect(server.address().port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk) => { answer += chunk; });
    const closedByServer = new Promise((resolve) => socket.once('end', resolve));
    // Half a request: its connection is in use, not idle, when the server begins to close.
    socket.write('GET /index.html HTTP/1.1\r\nHost: remote\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = close(server);
    socket.write('\r\n');
    await closedByServer;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  test.each(['0', '65s', '3620000', '1.5'])('%s stops the server before it listens, naming the variable', async (value) => {
    const started = await startServe(value);
    started.child?.kill();
    expect({ code: started.code, stderr: started.stderr }).toEqual({
      code: 1,
      stderr: 'vton-static: Invalid configuration: HTTP_KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 86400\n',
    });
  });
});
