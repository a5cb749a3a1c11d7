import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appDefinitions } from '../src/apps.mjs';
import { anyFreePorts, startStack } from '../src/stack.mjs';
import { whileFrozen } from './frozen-app.mjs';
import { sellerApi, tryOnInputs } from './seller-api.mjs';

// One service frozen (SIGSTOP: its port open, nothing answering, as a hung process looks) while
// the others call it: the caller gets a 503 in the product's error shape with Retry-After from the
// service it called, before the gateway's bound would answer 504 in that service's name; once the
// frozen one goes on (SIGCONT) everything works again, and no credit was lost or taken twice.
jest.setTimeout(300_000);

const GATEWAY_TIMEOUT_MS = 8000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-service-faults-'));
fs.chmodSync(dataDir, 0o755);
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL', 'SERVICE_CALL_TIMEOUT_MS'].includes(k))),
  GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
  // The list of ended sessions is read again on (nearly) every call, so a frozen svc-auth is met there too.
  SESSION_REVOCATIONS_MAX_AGE_SECONDS: '1',
};
// The three services and the engine svc-generation is configured with; no worker, so a job stays
// queued with its credit reserved.
const definitions = appDefinitions().filter((app) => ['service', 'engine'].includes(app.kind));

let stack;
beforeAll(async () => {
  stack = await startStack({ dataDir, ports: anyFreePorts(), env, definitions, quiet: true, log: () => {} });
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * One call through the gateway, answered with its status, Retry-After and JSON body.
 * @param {string} method @param {string} url @param {{ token?: string, body?: unknown }} [options]
 */
async function call(method, url, { token, body } = {}) {
  const res = await fetch(`${stack.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
}

/** The operator's billing command on the stack's database (svc-auth README, "Plans and credits"). */
function setPlan(email, plan) {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../bin/billing.mjs'), 'plan', email, plan], {
    env: { ...process.env, DATABASE_URL: stack.env.DATABASE_URL },
    encoding: 'utf8',
  });
}

const credits = async (api) => (await api('GET', '/api/billing/account')).body.credits;

const unavailable = (message) => ({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message, requestId: expect.any(String) });

test('svc-auth frozen: sign-in is the gateway\'s 504 in svc-auth\'s name; studio calls go on with the sessions last read; a job and every API-key call answer 503 with Retry-After; thawed, all works and no credit was taken', async () => {
  const seller = await sellerApi(stack);
  const { garment, model } = await tryOnInputs(seller.api);
  const job = { garmentId: garment.id, modelIds: [model.id], prompt: 'linen shirt' };
  setPlan(seller.email, 'professional');
  const { body: created } = await seller.api('POST', '/api/auth/api-keys', { name: 'Catalog sync', scopes: ['try-on', 'gallery:read'] });
  const apiKey = created.key;
  // Each service has read svc-auth's keys and sessions once, as after any start.
  expect((await call('GET', '/api/models', { token: apiKey })).status).toBe(200);
  expect((await call('GET', '/api/try-on/jobs/latest', { token: seller.token })).status).toBe(204);
  const before = await credits(seller.api);

  await whileFrozen(stack, 'svc-auth', async () => {
    expect(await call('POST', '/api/auth/login', { body: { email: seller.email, password: seller.password } })).toEqual({
      status: 504,
      retryAfter: '5',
      body: { statusCode: 504, code: 'GATEWAY_TIMEOUT', message: 'svc-auth did not answer in time. Please try again in a moment.' },
    });
    // A session token is checked against the last list of ended sessions while svc-auth is away.
    expect((await call('GET', '/api/media/workspace', { token: seller.token })).status).toBe(200);
    expect((await call('GET', '/api/garments', { token: seller.token })).status).toBe(200);
    // A job needs its credits reserved in svc-auth's ledger.
    expect(await call('POST', '/api/try-on/jobs', { token: seller.token, body: job })).toEqual({
      status: 503,
      retryAfter: '5',
      body: unavailable('Your credits cannot be checked right now. Please try again in a moment.'),
    });
    // An API key is checked by svc-auth on every call, on every service.
    const keyUnavailable = { status: 503, retryAfter: '5', body: unavailable('Your API key cannot be checked right now. Please try again in a moment.') };
    expect(await call('GET', '/api/models', { token: apiKey })).toEqual(keyUnavailable);
    expect(await call('POST', '/api/try-on/jobs', { token: apiKey, body: job })).toEqual(keyUnavailable);
  });

  expect((await call('POST', '/api/auth/login', { body: { email: seller.email, password: seller.password } })).status).toBe(200);
  expect((await call('GET', '/api/models', { token: apiKey })).status).toBe(200);
  const { body: queued } = await seller.api('POST', '/api/try-on/jobs', job);
  expect(queued.models).toHaveLength(1);
  // The job refused while svc-auth was frozen took nothing, even if its reservation reached the ledger late; the one queued since holds one credit.
  expect(await credits(seller.api)).toEqual({ available: before.available - 1, reserved: before.reserved + 1 });
});

test('svc-media frozen: a new job answers 503 "media service" with Retry-After before the gateway\'s bound; thawed, the job is queued and charged once', async () => {
  const seller = await sellerApi(stack);
  const { garment, model } = await tryOnInputs(seller.api);
  const job = { garmentId: garment.id, modelIds: [model.id], prompt: 'linen shirt' };
  const before = await credits(seller.api);

  await whileFrozen(stack, 'svc-media', async () => {
    expect(await call('POST', '/api/try-on/jobs', { token: seller.token, body: job })).toEqual({
      status: 503,
      retryAfter: '5',
      body: unavailable('The media service is not reachable'),
    });
  });

  const { body: queued } = await seller.api('POST', '/api/try-on/jobs', job);
  expect(queued.models).toHaveLength(1);
  expect(await credits(seller.api)).toEqual({ available: before.available - 1, reserved: before.reserved + 1 });
});
