import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInfrastructure } from './infrastructure.mjs';

/**
 * Jest globalSetup for service tests: real Postgres, S3 server and SMTP catcher. When the
 * root test run already started them (DATABASE_URL, S3_ENDPOINT and SMTP_URL set) they are
 * reused; otherwise a private set starts in a temporary folder on free ports. The
 * environment set here is inherited by the test workers.
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-test-'));
  fs.chmodSync(dataDir, 0o755);
  const infra = await startInfrastructure({ dataDir, env: process.env });
  Object.assign(process.env, infra.env);
  globalThis.__VTON_TEST_INFRA__ = { infra, dataDir };
}
