import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/** A service-like process (test/traced-request.mjs) serving one request with `traceparent`, in an environment without OTEL_* but `env`. */
async function serveOneTracedRequest(traceparent: string, env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(import.meta.dirname, '../../test/traced-request.mjs')], {
    env: { ...clean, ...env, TRACEPARENT: traceparent },
  });
  const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const { outgoing } = lines.pop() as { outgoing: { method: string; url: string }[] };
  return { logLine: lines.find((l) => l.msg === 'inside the request'), outgoing };
}

/** An OTLP/HTTP receiver (JSON encoding): the trace ids of the spans it was sent. */
async function otlpReceiver() {
  const traceIds: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: { scopeSpans: { spans: { traceId: string }[] }[] }[] };
      for (const { scopeSpans } of body.resourceSpans ?? []) for (const { spans } of scopeSpans) traceIds.push(...spans.map((s) => s.traceId));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, traceIds, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('telemetry (startTelemetry, as each service and worker starts it)', () => {
  const traceId = randomBytes(16).toString('hex');
  const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;

  it('without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is exported (no request but the served one), yet a log line inside the request carries its trace id', async () => {
    const { logLine, outgoing } = await serveOneTracedRequest(traceparent);
    expect(outgoing).toEqual([{ method: 'GET', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/try-on$/) }]);
    // Not recorded, so what it sends on says "not sampled"; the ids are the caller's trace.
    expect(logLine).toMatchObject({ trace_id: traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/), trace_flags: '00' });
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT: the spans of that trace reach the receiver, and the log line carries the same trace id', async () => {
    const receiver = await otlpReceiver();
    try {
      const { logLine, outgoing } = await serveOneTracedRequest(traceparent, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
      expect(outgoing).toContainEqual({ method: 'POST', url: `${receiver.url}/v1/traces` });
      expect(receiver.traceIds).toContain(traceId);
      expect(logLine).toMatchObject({ trace_id: traceId, trace_flags: '01' });
    } finally {
      await receiver.close();
    }
  });
});
