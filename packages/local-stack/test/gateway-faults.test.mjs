import { jest } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appDefinitions } from '../src/apps.mjs';
import { anyFreePorts, startStack } from '../src/stack.mjs';
import { whileFrozen } from './frozen-app.mjs';
import { sellerApi, tryOnInputs } from './seller-api.mjs';

// The gateway in front of the real apps, as `npm start` runs them: an app that is up but frozen (its
// port open, its process stopped with SIGSTOP, as a hung process looks) gets the caller a 504 once
// GATEWAY_TIMEOUT_MS has passed instead of a page that loads forever; an answer that has begun (a
// job's event stream) stays open past that bound.
jest.setTimeout(300_000);

// Shorter than the 15 s between an event stream's pings (svc-generation's KEEPALIVE_MS), so a ping
// that arrives shows the stream outlived the bound.
const GATEWAY_TIMEOUT_MS = 5000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-gateway-faults-'));
fs.chmodSync(dataDir, 0o755);
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL'].includes(k))),
  GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
};
// The three services (and the engine svc-generation is configured with), one remote for a page's
// plain-text answer; no worker, so a job stays queued and its stream stays quiet but for the pings.
const definitions = appDefinitions().filter((app) => ['service', 'engine'].includes(app.kind) || app.name === 'mfe-gallery');

let stack;
let seller;
beforeAll(async () => {
  stack = await startStack({ dataDir, ports: anyFreePorts(), env, definitions, quiet: true, log: () => {} });
  seller = await sellerApi(stack);
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a job\'s event stream through the gateway stays open past the bound: its pings keep coming', async () => {
  const { garment, model } = await tryOnInputs(seller.api);
  const { body: job } = await seller.api('POST', '/api/try-on/jobs', { garmentId: garment.id, modelIds: [model.id], prompt: 'linen shirt' });
  const res = await fetch(`${stack.url}/api/try-on/jobs/${job.id}/events`, { headers: { authorization: `Bearer ${seller.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  let text = '';
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  while (!text.includes(': ping')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  expect(text).toMatch(/^event: job\ndata: /);
  expect(text).toContain(`"id":"${job.id}"`);
  expect(text).toContain(': ping');
});

test('svc-media frozen: its calls answer 504 in the product error shape (an upload it stopped reading too) while the rest works; thawed, the next call succeeds', async () => {
  await whileFrozen(stack, 'svc-media', async () => {
    const res = await fetch(`${stack.url}/api/garments`, { headers: { authorization: `Bearer ${seller.token}` } });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({
      statusCode: 504,
      code: 'GATEWAY_TIMEOUT',
      message: 'svc-media did not answer in time. Please try again in a moment.',
    });
    const upload = new FormData();
    upload.set('files', new Blob([new Uint8Array(32 * 1024 * 1024)], { type: 'image/png' }), 'model.png');
    const uploaded = await fetch(`${stack.url}/api/models`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}` }, body: upload });
    expect(uploaded.status).toBe(504);
    expect((await uploaded.json()).code).toBe('GATEWAY_TIMEOUT');
    expect((await fetch(`${stack.url}/api/auth/health`)).status).toBe(200);
  });
  // api() throws on anything but a 2xx.
  const { body: library } = await seller.api('GET', '/api/garments');
  expect(library).toMatchObject({ garments: expect.any(Array) });
});

test('a remote frozen: the page asking for it gets a plain-text 504', async () => {
  await whileFrozen(stack, 'mfe-gallery', async () => {
    const res = await fetch(`${stack.url}/mfe/gallery/remoteEntry.js`);
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('mfe-gallery did not answer in time.');
  });
  expect((await fetch(`${stack.url}/mfe/gallery/remoteEntry.js`)).status).toBe(200);
});
