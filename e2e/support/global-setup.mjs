import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '@vton/local-stack/bootstrap';
import { ensureChromium } from './chromium.mjs';
import { ensureQuickStartTools } from './tools.mjs';

/**
 * Starts the real product on free ports in a fresh data folder (so it can run beside a live
 * `npm start`) and hands its URLs to the tests through the environment. Set E2E_BASE_URL to
 * test an already running stack instead.
 */
export default async function globalSetup() {
  ensureChromium();
  ensureQuickStartTools();
  if (process.env.E2E_BASE_URL) return undefined;
  // Loaded once the bootstrap import above has built @vton/contracts, which the stack reads.
  const { startStack, anyFreePorts, buildAll } = await import('@vton/local-stack');
  await buildAll();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const logFile = path.join(import.meta.dirname, '..', 'test-results', 'stack.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const logStream = fs.createWriteStream(logFile);
  const stack = await startStack({
    dataDir,
    ports: anyFreePorts(),
    // A trial as `npm start` gives it (100 credits): the journeys run several try-ons per seller.
    env: { ...withoutReplacements(process.env), ENGINE_DELAY_MS: process.env.ENGINE_DELAY_MS ?? '1500', WEBHOOKS_LOCAL_MODE: 'true', MAIL_SEND_LIMIT_PER_IP: '1000', TRIAL_CREDITS: '100' },
    quiet: false,
    log: (s) => logStream.write(`${s}\n`),
    write: (s) => logStream.write(s),
  });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_MAIL_INBOX_URL = stack.inboxUrl;
  // The operator's billing command (support/seed.mjs: setPlan, grantCredits) works on this database.
  process.env.E2E_DATABASE_URL = stack.env.DATABASE_URL;
  // Every app's output: the API tests check that no key ever reaches it.
  process.env.E2E_STACK_LOG = logFile;
  // Tests that pause an app (support/stack-apps.mjs) find it here.
  process.env.E2E_APP_PIDS = JSON.stringify(Object.fromEntries(stack.processes.map((app) => [app.name, app.pid])));
  return async () => {
    await stack.stop();
    logStream.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The suite always runs on its own embedded parts, even when the shell has them pointed elsewhere. */
function withoutReplacements(env) {
  const copy = { ...env };
  for (const key of ['DATABASE_URL', 'S3_ENDPOINT', 'SMTP_URL', 'PORT', 'PUBLIC_URL']) delete copy[key];
  return copy;
}
