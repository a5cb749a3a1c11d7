import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { waitForPort } from './ports.mjs';

/** maildev's package exports hide its bin, so find it the way Node's resolution would: upward. */
function maildevBin() {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
    if (fs.existsSync(bin)) return bin;
  }
  throw new Error('maildev is not installed: run npm install');
}

/**
 * Starts MailDev — an SMTP catcher plus its web inbox and REST API (GET /api/email) — as a
 * child process: its web server needs require(esm), which Node has but test runners'
 * module loaders lack, and a child also keeps its logs out of ours.
 */
/** @param {{ smtpPort: number, webPort: number, dataDir?: string }} options */
export async function startMail({ smtpPort, webPort, dataDir }) {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [
    maildevBin(),
    '--smtp', String(smtpPort), '--ip', '127.0.0.1',
    '--web', String(webPort), '--web-ip', '127.0.0.1',
    ...(dataDir ? ['--mail-directory', dataDir] : []),
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Not --silent: that also hides why it could not start (a taken port: EADDRINUSE). Only the
  // latest output is kept, for that message.
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => { output = `${output}${d}`.slice(-2000); });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await Promise.race([
      Promise.all([waitForPort(smtpPort, { timeoutMs: 30_000 }), waitForPort(webPort, { timeoutMs: 30_000 })]),
      exited.then((code) => { throw new Error(`MailDev exited (${code}) while starting: ${output.trim()}`); }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
