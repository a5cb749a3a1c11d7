import http from 'node:http';
import { createGateway } from '../src/gateway.mjs';
import { freePort } from '../src/ports.mjs';
import { gatewayTimeoutMs } from '../src/stack.mjs';

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
// Closing cuts the requests the frozen stand-ins below never answered.
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => { s.closeAllConnections(); s.close(r); }))));

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

test('a client is told it may keep its connection a minute (Keep-Alive: timeout=65), whatever the app told the gateway', async () => {
  // The upstreams are Node servers, which announce timeout=5 to the gateway.
  const answer = await fetch(`${origin}/api/auth/me`);
  await answer.text();
  expect(answer.headers.get('keep-alive')).toBe('timeout=65');
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

describe('an app that does not begin answering in time', () => {
  // Short, so the tests wait little; the stand-ins below answer late by a multiple of it.
  const ANSWER_TIMEOUT_MS = 1000;
  const late = (ms = 2 * ANSWER_TIMEOUT_MS) => new Promise((r) => setTimeout(r, ms));
  const logged = [];
  let gateway;
  beforeAll(async () => {
    const targets = {
      // Takes requests and never answers them, nor reads their bodies: a frozen app.
      'svc-media': await listen(http.createServer(() => {})),
      'mfe-gallery': await listen(http.createServer(() => {})),
      // An event stream that says nothing for longer than the bound once it has begun; generate answers late.
      'svc-generation': await listen(http.createServer((req, res) => {
        if (req.url.endsWith('/events')) {
          res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
          void late().then(() => res.end(': ping\n\n'));
        } else {
          void late().then(() => res.end(JSON.stringify({ path: req.url })));
        }
      })),
      // Counts the bytes of the body it was sent.
      'svc-auth': await listen(http.createServer((req, res) => {
        let bytes = 0;
        req.on('data', (chunk) => { bytes += chunk.length; });
        req.on('end', () => res.end(JSON.stringify({ bytes })));
      })),
    };
    gateway = await listen(createGateway({ targets, answerTimeoutMs: ANSWER_TIMEOUT_MS, log: (m) => logged.push(m) }));
  });

  test('an API call answers 504 in the product error shape naming the app, with Retry-After, and the log has its path without the query', async () => {
    const res = await fetch(`${gateway}/api/garments?signature=secret`);
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      statusCode: 504,
      code: 'GATEWAY_TIMEOUT',
      message: 'svc-media did not answer in time. Please try again in a moment.',
    });
    expect(logged).toContain('GET /api/garments → svc-media: no answer within 1 s (504)');
    expect(logged.join('\n')).not.toContain('secret');
  });

  test('a page or a remote answers a plain-text 504', async () => {
    const res = await fetch(`${gateway}/mfe/gallery/remoteEntry.js`);
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('mfe-gallery did not answer in time.');
  });

  test('an upload the app stops reading answers 504 too, and the client gets it whole', async () => {
    const res = await fetch(`${gateway}/api/models`, { method: 'POST', body: new Uint8Array(32 * 1024 * 1024) });
    expect(res.status).toBe(504);
    expect((await res.json()).code).toBe('GATEWAY_TIMEOUT');
  });

  test('so does an upload sent the way curl sends one (Expect: 100-continue)', async () => {
    const { hostname, port } = new URL(gateway);
    const status = await new Promise((resolve, reject) => {
      const body = Buffer.alloc(1024 * 1024);
      const req = http.request({ hostname, port, method: 'POST', path: '/api/garments', headers: { expect: '100-continue', 'content-length': body.length } });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => { res.resume(); resolve(res.statusCode); });
      req.on('error', reject);
    });
    expect(status).toBe(504);
  });

  test('an answer that has begun is not cut, however long it stays quiet (an event stream)', async () => {
    const res = await fetch(`${gateway}/api/try-on/jobs/j1/events`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(': ping\n\n');
  });

  test('generate, which answers once every try-on is done, may take longer than the bound', async () => {
    const res = await fetch(`${gateway}/api/try-on/generate`, { method: 'POST', body: '{}' });
    expect(await res.json()).toEqual({ path: '/api/try-on/generate' });
  });

  test('a client slow to send its body is waited for: the app gets all of it and answers', async () => {
    const { hostname, port } = new URL(gateway);
    const answer = await new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, method: 'POST', path: '/api/auth/login', headers: { 'content-length': 6 } }, (res) => {
        let text = '';
        res.on('data', (chunk) => { text += chunk; });
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', reject);
      req.write('abc');
      // Nothing more for longer than the bound: the wait is the client's, not the app's.
      void late().then(() => req.end('def'));
    });
    expect(answer).toEqual({ status: 200, text: JSON.stringify({ bytes: 6 }) });
  });
});

test('GATEWAY_TIMEOUT_MS: a minute unless set, 0 for no bound, a clear error for anything but a whole number of milliseconds', () => {
  expect(gatewayTimeoutMs({})).toBe(60_000);
  expect(gatewayTimeoutMs({ GATEWAY_TIMEOUT_MS: '5000' })).toBe(5000);
  expect(gatewayTimeoutMs({ GATEWAY_TIMEOUT_MS: '0' })).toBe(0);
  for (const bad of ['5s', '-1', '1.5', '3600001']) {
    expect(() => gatewayTimeoutMs({ GATEWAY_TIMEOUT_MS: bad })).toThrow(`GATEWAY_TIMEOUT_MS must be a whole number from 0 to 3600000 (got "${bad}")`);
  }
});
