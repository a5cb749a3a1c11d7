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
