import { jest } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, anyFreePorts } from '../src/stack.mjs';
import { buildAll } from '../src/build.mjs';

// The whole product, as `npm start` runs it, on free ports in a fresh data folder.
jest.setTimeout(300_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-stack-test-'));
fs.chmodSync(dataDir, 0o755);
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL', 'VTON_API_URL'].includes(k)));
const start = () => startStack({ dataDir, ports: anyFreePorts(), env, quiet: true, log: () => {} });

let stack;
beforeAll(async () => {
  await buildAll({ log: () => {} });
  stack = await start();
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('one origin serves the shell, the remotes and every service', async () => {
  const page = await fetch(`${stack.url}/gallery`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root"');
  for (const scope of ['marketing', 'studio', 'gallery', 'docs']) {
    expect((await fetch(`${stack.url}/mfe/${scope}/remoteEntry.js`)).status).toBe(200);
  }
  for (const health of ['/api/auth/health', '/api/media/health', '/api/try-on/health']) {
    expect((await fetch(`${stack.url}${health}`)).status).toBe(200);
  }
  expect((await fetch(`${stack.inboxUrl}/api/email`)).status).toBe(200);
});

test('killing one service leaves the shell usable and that service answers a clear 503', async () => {
  const media = stack.processes.find((p) => p.name === 'svc-media');
  await media.stop();
  const res = await fetch(`${stack.url}/api/media/health`);
  expect(res.status).toBe(503);
  expect((await res.json()).message).toBe('svc-media is not reachable right now. Please try again in a moment.');
  expect((await fetch(`${stack.url}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
  expect((await fetch(`${stack.url}/api/auth/health`)).status).toBe(200);
});

test('a second start after a stop finds the earlier data', async () => {
  const jwks = await (await fetch(`${stack.url}/api/auth/.well-known/jwks.json`)).json();
  await stack.stop();
  stack = await start();
  const again = await (await fetch(`${stack.url}/api/auth/.well-known/jwks.json`)).json();
  expect(again.keys[0].kid).toBe(jwks.keys[0].kid);
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  expect((await fetch(`${stack.url}/api/auth/health`)).status).toBe(200);
});
