// A process started as a service's entry module starts it: telemetry first (startTelemetry, from the
// built kit), then an HTTP server whose handler logs with pino, both loaded with require as Nest and
// nestjs-pino load them. It serves one request carrying the `traceparent` in TRACEPARENT, flushes its
// telemetry as a service does at shutdown, and prints as its last line every outgoing HTTP request it
// made: diagnostics_channel sees each one, the OTLP exporter's included (node:http or fetch).
import diagnostics from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { startTelemetry } from '@vton/service-kit/telemetry';
import { flushTelemetry } from '../dist/telemetry/flush.js';

startTelemetry('traced-request');
const require = createRequire(import.meta.url);
const http = require('node:http');
const pino = require('pino');

/** @type {{ method: string, url: string }[]} */
const outgoing = [];
diagnostics.subscribe('http.client.request.start', ({ request }) => outgoing.push({ method: request.method, url: `http://${request.getHeader('host')}${request.path}` }));
diagnostics.subscribe('undici:request:create', ({ request }) => outgoing.push({ method: request.method, url: `${request.origin}${request.path}` }));

const logger = pino();
const server = http.createServer((req, res) => {
  logger.info('inside the request');
  res.writeHead(204).end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const { port } = server.address();
await new Promise((resolve, reject) => {
  http.get({ host: '127.0.0.1', port, path: '/try-on', headers: { traceparent: process.env.TRACEPARENT } }, (res) => res.resume().on('end', resolve)).on('error', reject);
});
await new Promise((resolve) => server.close(() => resolve(undefined)));
await flushTelemetry();
process.stdout.write(`${JSON.stringify({ outgoing })}\n`);
