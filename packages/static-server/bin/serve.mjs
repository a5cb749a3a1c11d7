#!/usr/bin/env node
// Serves a frontend's build: `vton-static <dir> [--base /mfe/studio/] [--spa] [--port N]`.
// PORT, HOST and BASE_PATH in the environment work too (the container images use them), and
// HTTP_KEEP_ALIVE_TIMEOUT_SECONDS (how long an idle connection stays open; default 3620).
import { parseArgs } from 'node:util';
import { keepAliveTimeoutSeconds, startStaticServer } from '../src/server.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, spa: { type: 'boolean' }, port: { type: 'string' }, host: { type: 'string' } },
});
const root = positionals[0] ?? 'dist';
const base = values.base ?? process.env.BASE_PATH ?? '/';
const port = Number(values.port ?? process.env.PORT ?? 8080);
const host = values.host ?? process.env.HOST ?? '0.0.0.0';
const spa = values.spa ?? process.env.SPA === 'true';

let keepAlive;
try {
  keepAlive = keepAliveTimeoutSeconds(process.env);
} catch (error) {
  process.stderr.write(`vton-static: Invalid configuration: ${error.message}\n`);
  process.exit(1);
}

const server = await startStaticServer({ root, base, spa, port, host, keepAliveTimeoutSeconds: keepAlive });
console.log(JSON.stringify({ level: 'info', msg: `serving ${root} at ${base} on ${host}:${server.address().port}` }));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
