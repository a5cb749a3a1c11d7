#!/usr/bin/env node
// `npm start`: builds what is stale, starts the embedded parts, all eight apps and
// svc-generation's workers behind the gateway, prints the URLs and processes, streams prefixed
// logs, restarts an app that dies (with backoff), and stops everything on Ctrl-C — also when
// Ctrl-C comes during start-up, so nothing is left running.
import path from 'node:path';
import './bootstrap.mjs';
const { buildAll } = await import('../src/build.mjs');
const { startStack, defaultPorts } = await import('../src/stack.mjs');
const { REPO_ROOT } = await import('../src/apps.mjs');
const { providerSummaries } = await import('../src/providers.mjs');

const LOCAL_TRIAL_CREDITS = 100;
const dataDir = path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');
const startup = new AbortController();
let stack;
let stopping = false;

async function shutdown(signal) {
  if (stopping) {
    console.log('Still stopping… (a moment more)');
    return;
  }
  stopping = true;
  console.log(`\n${signal}: stopping every process…`);
  if (!stack) {
    startup.abort(); // startStack stops what it started, then rejects; the catch below exits
    return;
  }
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
}
// A stop that fails (a process that will not die) still ends npm start, saying why.
const onSignal = (signal) => void shutdown(signal).catch((err) => {
  console.error(err);
  process.exit(1);
});
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

try {
  // A port variable that is not a port fails here, before anything is built or started.
  const ports = defaultPorts();
  console.log('Building what changed…');
  await buildAll({ signal: startup.signal });
  console.log(`Starting the stack (data in ${path.relative(process.cwd(), dataDir) || dataDir})…`);
  // Someone trying the studio locally should not run dry: 100 trial credits unless TRIAL_CREDITS says
  // otherwise (the services' own default, and the Kubernetes overlays', is the product's 10).
  const env = { ...process.env, TRIAL_CREDITS: process.env.TRIAL_CREDITS || String(LOCAL_TRIAL_CREDITS) };
  stack = await startStack({ dataDir, ports, env, signal: startup.signal });
  // The environment svc-generation's processes were given (its config validated at their start).
  const providers = providerSummaries({ ...env, ...stack.env });
  const processes = stack.processes
    .map((p) => `    ${p.name.padEnd(26)} pid ${String(p.pid).padEnd(8)} ${p.kind === 'worker' ? `${p.url}/metrics` : p.url}`)
    .join('\n');
  console.log(`
  Try-on studio is ready:  ${stack.url}
  Mail inbox (MailDev):    ${stack.inboxUrl ?? '(external SMTP: see SMTP_URL)'}
  Try-on provider:         ${providers.tryOn}
  Placement engine:        ${providers.placement}
  Processes (an app that exits is restarted):
${processes}
  Press Ctrl-C to stop.
`);
} catch (err) {
  if (stopping) {
    console.log('Stopped.');
    process.exit(0);
  }
  console.error(`\nnpm start failed: ${err.message}`);
  // Whatever started before the failure is stopped, so nothing is left running.
  await stack?.stop().catch(() => undefined);
  process.exit(1);
}
