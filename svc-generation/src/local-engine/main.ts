import '../imaging/image-heap.js';
import { createEngineServer } from './server.js';

/**
 * The local compositor as its own process (`node dist/local-engine/main.js`): what VTON_API_URL
 * points at under `npm start` and in the dev cluster.
 */
const port = Number(process.env.ENGINE_PORT || process.env.PORT || 3004);
const host = process.env.HOST || '127.0.0.1';
const delayMs = Number(process.env.ENGINE_DELAY_MS || 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`vton-engine: ENGINE_PORT must be a whole number between 0 and 65535\n`);
  process.exit(1);
}
if (!Number.isFinite(delayMs) || delayMs < 0) {
  process.stderr.write(`vton-engine: ENGINE_DELAY_MS must be a number of milliseconds ≥ 0\n`);
  process.exit(1);
}

const server = createEngineServer({ delayMs });
server.listen(port, host, () => {
  process.stdout.write(`the local compositor listening on http://${host}:${port}/v1/try-on${delayMs ? ` (ENGINE_DELAY_MS=${delayMs})` : ''}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Requests in flight get a moment to finish; then stop anyway.
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
