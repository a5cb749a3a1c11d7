import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../src/server.mjs';

let root;
let server;
let origin;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(root, 'remoteEntry.js'), 'var remote = 1;');
  fs.writeFileSync(path.join(root, 'main.3f2a9c1d7e.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  server = await startStaticServer({ root, base: '/mfe/studio/', spa: true, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

test('hashed assets are cached for a year', async () => {
  const res = await fetch(`${origin}/mfe/studio/main.3f2a9c1d7e.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-type')).toMatch(/javascript/);
  expect(await res.text()).toContain('xxxx');
});

test('remoteEntry.js and index.html must be revalidated', async () => {
  const entry = await fetch(`${origin}/mfe/studio/remoteEntry.js`);
  expect(entry.headers.get('cache-control')).toBe('no-cache');
  const again = await fetch(`${origin}/mfe/studio/remoteEntry.js`, { headers: { 'if-none-match': entry.headers.get('etag') } });
  expect(again.status).toBe(304);
});

test('page requests fall back to index.html; missing assets are 404', async () => {
  const page = await fetch(`${origin}/mfe/studio/some/route`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>shell</title>');
  expect((await fetch(`${origin}/mfe/studio/missing.js`)).status).toBe(404);
});

test('paths outside the base or the folder are refused', async () => {
  expect((await fetch(`${origin}/other/remoteEntry.js`)).status).toBe(404);
  expect((await fetch(`${origin}/mfe/studio/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
});

test('answers a health check for probes', async () => {
  const res = await fetch(`${origin}/mfe/studio/healthz`);
  expect(res.status).toBe(200);
});

test('gzip body decodes to the file', async () => {
  const res = await fetch(`${origin}/mfe/studio/main.3f2a9c1d7e.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(await res.text()).toBe(fs.readFileSync(path.join(root, 'main.3f2a9c1d7e.js'), 'utf8'));
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

  test('HTML pages get a strict CSP: scripts from the origin plus the hash of each inline script, never unsafe-eval, never framed', async () => {
    const res = await fetch(`${pageOrigin}/app/deep/link`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy');
    const hash = crypto.createHash('sha256').update(inline).digest('base64');
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(csp).not.toContain('unsafe-eval');
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
