import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { anyFreePorts, startStack } from '../src/stack.mjs';
import { sellerApi, tryOnInputs } from './seller-api.mjs';

// One try-on through `npm start`'s processes, with an OTLP receiver at OTEL_EXPORTER_OTLP_ENDPOINT:
// the gateway, svc-generation's API, the queue, a worker, svc-media and the provider call are one trace.
jest.setTimeout(300_000);

/** An OTLP/HTTP trace receiver (JSON encoding, OTEL_EXPORTER_OTLP_PROTOCOL=http/json), keeping every span with its service. */
function otlpReceiver() {
  /** @type {{ service: string, traceId: string, spanId: string, parentSpanId: string, name: string, kind: number, attributes: Record<string, unknown> }[]} */
  const spans = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const value = (v) => v?.stringValue ?? v?.intValue ?? v?.boolValue ?? v?.doubleValue;
      for (const { resource, scopeSpans } of JSON.parse(body.toString('utf8')).resourceSpans ?? []) {
        const service = value(resource.attributes.find((a) => a.key === 'service.name')?.value);
        for (const { spans: list } of scopeSpans) {
          for (const s of list) {
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              kind: s.kind,
              attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, value(a.value)])),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans };
}

const receiver = otlpReceiver();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-traces-test-'));
fs.chmodSync(dataDir, 0o755);
let stack;

beforeAll(async () => {
  await new Promise((resolve) => receiver.server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL', 'VTON_API_URL', 'VTON_PROVIDER', 'GENERATION_WORKERS'].includes(k) && !k.startsWith('OTEL_'))),
    GENERATION_WORKERS: '1',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (receiver.server.address()).port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  stack = await startStack({ dataDir, ports: anyFreePorts(), env, quiet: true, log: () => {} });
});
afterAll(async () => {
  await stack?.stop();
  receiver.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(condition, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('one try-on is one trace across the gateway, the API, the queue, a worker, svc-media and the provider; logs carry its trace id and request id', async () => {
  const { api } = await sellerApi(stack);
  const { garment, model } = await tryOnInputs(api);

  // Try on, as the studio sends it (the shell SDK's API client starts a trace per call).
  const traceId = randomBytes(16).toString('hex');
  const browserSpanId = randomBytes(8).toString('hex');
  const { body: job, requestId } = await api('POST', '/api/try-on/jobs', { garmentId: garment.id, modelIds: [model.id], prompt: 'linen shirt' }, { traceparent: `00-${traceId}-${browserSpanId}-01` });
  /** @type {any} */
  let done;
  await until(async () => (done = (await api('GET', `/api/try-on/jobs/${job.id}`)).body).status !== 'running', 'the job has finished');
  expect(done.models.map((m) => m.state)).toEqual(['succeeded']);

  const ofTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
  const services = () => new Set(ofTrace().map((s) => s.service));
  await until(
    // each process exports in batches: svc-media's answers to the worker (the last is the saved result) may come in more
    // than one, and the worker's span of the whole model ends (and is exported) after the job already reads as finished
    () =>
      ['gateway', 'svc-generation', 'svc-generation-worker', 'svc-media'].every((s) => services().has(s)) &&
      ofTrace().some((s) => s.name === 'try-on seed') &&
      ofTrace().some((s) => s.service === 'svc-generation-worker' && s.name === 'process try-on-model') &&
      ofTrace().some((s) => s.service === 'svc-media' && s.kind === 2 && s.name.startsWith('POST')),
    'every part of the try-on has exported its spans',
    30_000,
  );
  const spans = ofTrace();
  // Connected: the gateway's span is the child of the browser's, and every other span has its parent in the trace.
  const ids = new Set(spans.map((s) => s.spanId));
  const roots = spans.filter((s) => !ids.has(s.parentSpanId));
  expect(roots.map((s) => [s.service, s.parentSpanId])).toEqual([['gateway', browserSpanId]]);
  const parentOf = (span) => spans.find((s) => s.spanId === span.parentSpanId);
  const ancestry = (span) => (parentOf(span) ? [...ancestry(parentOf(span)), span] : [span]);

  // The worker continues the API's trace through the queue…
  const processing = spans.find((s) => s.service === 'svc-generation-worker' && s.name === 'process try-on-model');
  expect(processing).toMatchObject({ kind: 5, attributes: expect.objectContaining({ 'messaging.destination.name': 'try-on-model', 'vton.job_id': job.id, 'vton.model_id': model.id }) });
  expect(ancestry(processing).map((s) => s.service)).toEqual(expect.arrayContaining(['gateway', 'svc-generation']));
  // …into svc-media (the photo and mask with the result's grant, the garment; the saved result) and the provider.
  const mediaServerSpans = spans.filter((s) => s.service === 'svc-media' && s.kind === 2);
  expect(mediaServerSpans.filter((s) => ancestry(s).includes(processing)).map((s) => s.name).sort()).toEqual(['GET', 'GET', 'POST']);
  const provider = spans.find((s) => s.name === 'try-on seed');
  expect(provider).toMatchObject({ service: 'svc-generation-worker', attributes: expect.objectContaining({ 'vton.provider': 'seed' }) });
  expect(ancestry(provider)).toContain(processing);
  expect(spans.some((s) => parentOf(s) === provider && s.kind === 3)).toBe(true);
  // The worker's reads and writes at presigned URLs are traced without their signatures (a live one grants the object).
  const storageCalls = spans.filter((s) => s.service === 'svc-generation-worker' && s.kind === 3 && String(s.attributes['url.full']).includes('X-Amz-'));
  expect(storageCalls.map((s) => s.name).sort()).toEqual(expect.arrayContaining(['GET', 'GET', 'PUT', 'PUT']));
  for (const call of storageCalls) expect(call.attributes['url.full']).toContain('X-Amz-Signature=[REDACTED]');
  expect(spans.flatMap((s) => Object.values(s.attributes)).filter((v) => /X-Amz-Signature=[0-9a-f]/i.test(String(v)))).toEqual([]);

  // Logs: the worker's lines about this model carry the trace id and the request id of the POST that queued it.
  const worker = stack.processes.find((p) => p.kind === 'worker');
  const lines = worker.recentOutput().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const running = lines.find((l) => l.jobId === job.id && /^Running model/.test(l.msg));
  expect(running).toMatchObject({ trace_id: traceId, reqId: requestId });
  // svc-media logged the worker's calls under that request id too.
  const media = stack.processes.find((p) => p.name === 'svc-media');
  const mediaLines = media.recentOutput().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  expect(mediaLines.some((l) => l.trace_id === traceId && l.req?.id === requestId)).toBe(true);
});
