import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { QUICK_START_CURL_STEPS } from '@vton/api-reference/examples';
import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, setPlan } from '../support/seed.mjs';
import { readZip } from '../support/zip.mjs';
import { transformFileSync } from '@swc/core';

const run = promisify(execFile);
const MODEL_SIZE = { width: 600, height: 800 };

/** A webhook receiver on localhost (allowed while running locally): every delivery, raw. */
async function startReceiver() {
  const deliveries = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/vton-webhooks`, deliveries, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }) };
}

/** The three files the quick start asks for: a garment, a model photo and its mask (white where the garment goes). */
async function quickStartFiles(dir) {
  const shirt = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><path d="M250 200 L550 200 L650 350 L560 400 L560 700 L240 700 L240 400 L150 350 Z" fill="#1e88e5"/></svg>');
  await sharp({ create: { width: 800, height: 800, channels: 3, background: '#f5f5f0' } }).composite([{ input: shirt }]).jpeg().toFile(path.join(dir, 'garment.jpg'));
  await sharp({ create: { ...MODEL_SIZE, channels: 3, background: '#6d5c4d' } }).jpeg().toFile(path.join(dir, 'model.jpg'));
  const patch = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
  await sharp({ create: { ...MODEL_SIZE, channels: 3, background: '#000000' } }).composite([{ input: patch, left: 150, top: 200 }]).png().toFile(path.join(dir, 'mask.png'));
}

async function until(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.describe('API quick start with a key (curl, against the real stack)', () => {
  /** The seller's side before the quick start: a try-on key and (for the webhook) an endpoint on the receiver. */
  async function setUp(baseURL, mailInboxUrl, prefix) {
    const seller = await createVerifiedUser(baseURL, mailInboxUrl, prefix);
    // API keys need Professional, the webhook Enterprise.
    setPlan(seller.email, 'enterprise');
    const api = (method, route, body) =>
      fetch(new URL(route, baseURL), { method, headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
    const { key } = await (await api('POST', '/api/auth/api-keys', { name: 'Quick start', scopes: ['try-on'] })).json();
    expect(key).toMatch(/^vtk_/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-quick-start-'));
    await quickStartFiles(dir);
    const steps = Object.fromEntries(QUICK_START_CURL_STEPS.map((s) => [s.id, s.commands]));
    // The documented first step with this seller's address and key, as a reader fills it in.
    const setup = steps.setup.replace('https://your-studio.example', baseURL.replace(/\/$/, '')).replace('vtk_…', key);
    const shell = (...lines) => run('bash', ['-c', ['set -euo pipefail', setup, ...lines].join('\n')], { cwd: dir, timeout: 120_000 });
    return { api, key, dir, steps, shell };
  }

  test('runs every curl step of the documented quick start with a key, downloads the result, and the key shows in no answer or log', async ({ baseURL, mailInboxUrl }) => {
    const { api, key, dir, steps, shell } = await setUp(baseURL, mailInboxUrl, 'api-quick-start');
    try {
      const { stdout } = await shell(steps['upload-garment'], steps['crop-garment'], steps['upload-model'], steps['send-mask'], steps['start-job'], steps['poll-job'], steps.download, 'echo "JOB_ID=$JOB_ID"');
      expect(stdout).toContain('ready'); // the mask step prints the model's status
      expect(stdout).toMatch(/JOB_ID=[0-9a-f-]{36}/);
      expect(stdout).not.toContain(key);
      expect(await sharp(path.join(dir, 'result.png')).metadata()).toMatchObject({ format: 'png', ...MODEL_SIZE });

      // The same garment and model photo as a catalogue run, downloaded as one ZIP.
      await shell(steps['upload-garment'], steps['crop-garment'], steps['upload-model'], steps['send-mask'], steps['start-run'], steps['download-run']);
      const zip = await readZip(path.join(dir, 'run.zip'));
      expect([...zip.keys()]).toEqual(['garment__model.png', 'manifest.csv']);
      expect(await sharp(zip.get('garment__model.png')).metadata()).toMatchObject({ format: 'png', ...MODEL_SIZE });
      expect(zip.get('manifest.csv').toString()).toBe('product,model,category,state,file,error\r\ngarment,model.jpg,Upper body,succeeded,garment__model.png,\r\n');

      // Never again in an answer, and never in any app's log.
      const listed = await (await api('GET', '/api/auth/api-keys')).text();
      expect(listed).toContain(key.slice(0, 12));
      expect(listed).not.toContain(key);
      if (process.env.E2E_STACK_LOG) {
        // The last request's id reaches the log once its line is written: then every earlier line is there.
        const last = await fetch(new URL('/api/models', baseURL), { headers: { Authorization: `Bearer ${key}` } });
        const requestId = last.headers.get('x-request-id');
        const log = await until('the log line of the last request', () => {
          const text = fs.readFileSync(process.env.E2E_STACK_LOG, 'utf8');
          return text.includes(requestId) && text;
        });
        expect(log.includes(key)).toBe(false);
        expect(log.includes(key.slice(4))).toBe(false);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('waits for the signed job.completed webhook the quick start describes and downloads the result from its URL', async ({ baseURL, mailInboxUrl }) => {
    const { api, dir, steps, shell } = await setUp(baseURL, mailInboxUrl, 'api-quick-start-webhook');
    const receiver = await startReceiver();
    try {
      const endpointRes = await api('POST', '/api/try-on/webhooks', { url: receiver.url, events: ['job.completed', 'job.failed'] });
      expect(endpointRes.status).toBe(201);
      const endpoint = await endpointRes.json();
      expect(endpoint.secret).toMatch(/^whsec_/);
      const { stdout } = await shell(steps['upload-garment'], steps['crop-garment'], steps['upload-model'], steps['send-mask'], steps['start-job'], 'echo "JOB_ID=$JOB_ID"');
      const jobId = /JOB_ID=([0-9a-f-]{36})/.exec(stdout)?.[1];
      expect(jobId).toBeTruthy();

      // Wait for the webhook, and check it the Standard Webhooks way.
      const delivery = await until('job.completed', () => receiver.deliveries.find((d) => JSON.parse(d.body).data?.id === jobId));
      const event = /** @type {any} the Standard Webhooks payload */ (new Webhook(endpoint.secret).verify(delivery.body, delivery.headers));
      expect(event).toMatchObject({ type: 'job.completed', data: { id: jobId, status: 'completed', models: [{ state: 'succeeded' }] } });
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
      expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);

      // The last step with the URL from the webhook: a PNG of the model photo's size.
      await shell(`RESULT_URL='${event.data.models[0].result.imageUrl}'`, steps.download);
      expect(await sharp(path.join(dir, 'result.png')).metadata()).toMatchObject({ format: 'png', ...MODEL_SIZE });
    } finally {
      await receiver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the TypeScript quick start, with the client typed by openapi-typescript, runs the same try-on with a key', async ({ baseURL, mailInboxUrl }) => {
    const seller = await createVerifiedUser(baseURL, mailInboxUrl, 'api-quick-start-ts');
    setPlan(seller.email, 'professional');
    const created = await (
      await fetch(new URL('/api/auth/api-keys', baseURL), {
        method: 'POST',
        headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'TypeScript', scopes: ['try-on'] }),
      })
    ).json();
    // The example as published, compiled to JavaScript next to the repository's node_modules (openapi-fetch).
    const source = new URL('../../packages/api-reference/examples/quick-start.ts', import.meta.url);
    const compiledDir = path.join(import.meta.dirname, '..', 'test-results', 'quick-start-ts');
    fs.mkdirSync(compiledDir, { recursive: true });
    const compiled = path.join(compiledDir, 'quick-start.mjs');
    fs.writeFileSync(compiled, transformFileSync(source.pathname, { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }).code);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-quick-start-ts-'));
    try {
      await quickStartFiles(dir);
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `const { quickStart } = await import(${JSON.stringify(`file://${compiled}`)}); console.log(await quickStart());`], {
        cwd: dir,
        env: { ...process.env, VTON_URL: baseURL, VTON_API_KEY: created.key },
        timeout: 120_000,
      });
      expect(stdout).toContain('/api/media/files/');
      expect(await sharp(path.join(dir, 'result.png')).metadata()).toMatchObject({ format: 'png', ...MODEL_SIZE });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
