import http from 'node:http';
import { createGateway } from '../src/gateway.mjs';
import { freePort } from '../src/ports.mjs';

const servers = [];
async function listen(server, port = 0) {
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}
/** An upstream that says who it is and echoes the path it was asked for. */
const upstream = (name) => http.createServer((req, res) => res.end(JSON.stringify({ name, path: req.url })));

let origin;
beforeAll(async () => {
  const targets = {
    shell: await listen(upstream('shell')),
    'mfe-studio': await listen(upstream('mfe-studio')),
    'svc-auth': await listen(upstream('svc-auth')),
    'svc-generation': await listen(upstream('svc-generation')),
    // Echoes the forwarding headers it was given.
    'mfe-gallery': await listen(http.createServer((req, res) => res.end(JSON.stringify(req.headers)))),
    // svc-media is configured but nothing listens there: a killed service.
    'svc-media': `http://127.0.0.1:${await freePort()}`,
  };
  origin = await listen(createGateway({ targets }));
});
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

test.each([
  ['/api/auth/login', 'svc-auth'],
  ['/api/try-on/generate', 'svc-generation'],
  ['/mfe/studio/remoteEntry.js', 'mfe-studio'],
  ['/gallery', 'shell'],
  ['/', 'shell'],
])('%s goes to %s with its path unchanged', async (path, app) => {
  const res = await fetch(`${origin}${path}`);
  expect(await res.json()).toEqual({ name: app, path });
});

test('a service that is down answers 503 in the product error shape while the rest works', async () => {
  const res = await fetch(`${origin}/api/garments`);
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'svc-media is not reachable right now. Please try again in a moment.',
  });
  expect(res.headers.get('retry-after')).toBe('5');
  expect((await fetch(`${origin}/app`)).status).toBe(200);
});

test('a remote that is not configured answers 502, which the shell turns into its friendly error', async () => {
  const res = await fetch(`${origin}/mfe/docs/remoteEntry.js`);
  expect(res.status).toBe(502);
});

test.each([
  ['GET', '/api/nope'],
  ['POST', '/api/unknown/deeper?x=1'],
  ['GET', '/api'],
])('%s %s (no service owns it) answers 404 in the error shape, not the shell\'s page', async (method, path) => {
  const res = await fetch(`${origin}${path}`, { method, headers: { accept: 'text/html' }, ...(method === 'POST' ? { body: '{}' } : {}) });
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: `No API route matches ${method} ${path.split('?')[0]}` });
});

test('a path that only starts like the API is still the shell\'s', async () => {
  expect(await (await fetch(`${origin}/apis`)).json()).toEqual({ name: 'shell', path: '/apis' });
});

test('X-Forwarded-For is the connection\'s address, whatever the client claimed', async () => {
  const { host } = new URL(origin);
  const res = await fetch(`${origin}/mfe/gallery/remoteEntry.js`, {
    headers: { 'x-forwarded-for': '203.0.113.9', forwarded: 'for=198.51.100.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' },
  });
  const seen = await res.json();
  expect(seen).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': host, 'x-forwarded-port': new URL(origin).port });
  expect(seen.forwarded).toBeUndefined();
});

test('a client without forwarding headers is forwarded with its own address', async () => {
  const seen = await (await fetch(`${origin}/mfe/gallery/remoteEntry.js`)).json();
  expect(seen['x-forwarded-for']).toBe('127.0.0.1');
});

test('the gateway lets go of an idle connection to an app before the app would close it (an app closing it under a request is a 503)', async () => {
  let gatewayClosed;
  const closedByGateway = new Promise((resolve) => { gatewayClosed = resolve; });
  // This app announces that it closes idle connections after 2 s, but never does: only the gateway can close this one.
  const app = http.createServer((req, res) => {
    res.setHeader('keep-alive', 'timeout=2');
    res.end(JSON.stringify({ name: 'mfe-docs', path: req.url }));
  });
  app.keepAliveTimeout = 0;
  app.on('connection', (socket) => socket.on('end', gatewayClosed));
  const gateway = await listen(createGateway({ targets: { 'mfe-docs': await listen(app) } }));
  expect(await (await fetch(`${gateway}/mfe/docs/remoteEntry.js`)).json()).toEqual({ name: 'mfe-docs', path: '/mfe/docs/remoteEntry.js' });
  await closedByGateway;
}, 30_000);
