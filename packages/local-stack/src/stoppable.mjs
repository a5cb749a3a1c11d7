import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './postgres.mjs';
import { startObjectStorage } from './object-storage.mjs';
import { freePort } from './ports.mjs';

/**
 * A private, real Postgres or S3 server that a fault test can stop and start again on the same
 * port and data (the shared ones of the test run must stay up for every other test).
 */
export async function stoppablePostgres() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-fault-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const start = () => startPostgres({ dataDir: path.join(dataDir, 'pg'), port });
  return stoppable(await start(), start, dataDir, (server) => ({ url: server.url }));
}

export async function stoppableObjectStorage({ bucket }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-fault-s3-'));
  const port = await freePort();
  const start = () => startObjectStorage({ dataDir, port, bucket });
  return stoppable(await start(), start, dataDir, (server) => ({ endpoint: server.endpoint }));
}

function stoppable(first, start, dataDir, describe) {
  let server = first;
  return {
    ...describe(first),
    async stop() {
      if (server) await server.stop();
      server = undefined;
    },
    async start() {
      if (!server) server = await start();
    },
    async dispose() {
      await this.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
