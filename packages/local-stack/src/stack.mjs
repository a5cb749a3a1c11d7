import fs from 'node:fs';
import path from 'node:path';
import { startInfrastructure } from './infrastructure.mjs';
import { createGateway } from './gateway.mjs';
import { appDefinitions, DEFAULT_APP_PORTS, generationWorkers, workerDefinitions } from './apps.mjs';
import { startSupervisedProcess } from './processes.mjs';
import { readOrCreateSecret } from './secret-files.mjs';
import { freePort, assertFetchAllows, assertPortFree, retryWhenPortTaken } from './ports.mjs';
import { DEFAULT_SERVICE_CALL_TIMEOUT_MS, JWKS_PATH } from '@vton/contracts';
import { providerEnv, withoutProviderEnv } from './providers.mjs';

/** @typedef {{ gateway: number, postgres: number, s3: number, smtp: number, mailWeb: number, apps: Record<string, number> }} StackPorts */

/** A whole-number variable from `min` to `max`, its default when unset, with a clear error otherwise. */
function wholeNumberVariable(env, name, fallback, min, max) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return value;
}

/** A port variable as a number (1–65535). */
const portVariable = (env, name, fallback) => wholeNumberVariable(env, name, fallback, 1, 65535);

/**
 * How long the gateway waits for an app to begin answering before it answers 504 itself. The slowest
 * answers that must fit: ten 4K model photos uploaded and stored, a crop of a large garment, a job
 * created while the queue is busy — seconds each here (BENCHMARKS.md), so a minute leaves room for a
 * loaded laptop and still ends the wait on a frozen app.
 */
const DEFAULT_GATEWAY_TIMEOUT_MS = 60_000;

/** GATEWAY_TIMEOUT_MS in milliseconds; 0: no bound (an app paused in a debugger is waited for). */
export const gatewayTimeoutMs = (env = process.env) => wholeNumberVariable(env, 'GATEWAY_TIMEOUT_MS', DEFAULT_GATEWAY_TIMEOUT_MS, 0, 3_600_000);

/**
 * SERVICE_CALL_TIMEOUT_MS for the services when it is not set: how long one waits for another of ours
 * (svc-auth, svc-media) before it answers 503 itself. A quarter of the gateway's bound at most: a job
 * created while svc-auth is frozen meets it twice (the ended sessions, then the ledger) and must still
 * answer before the gateway gives up and answers 504 in svc-generation's name. Unset with no gateway bound.
 * @returns {string | undefined}
 */
function serviceCallTimeoutMs(env = process.env) {
  if (env.SERVICE_CALL_TIMEOUT_MS) return env.SERVICE_CALL_TIMEOUT_MS;
  const gateway = gatewayTimeoutMs(env);
  return gateway > 0 ? String(Math.max(100, Math.min(DEFAULT_SERVICE_CALL_TIMEOUT_MS, Math.floor(gateway / 4)))) : undefined;
}

/**
 * Fixed ports of `npm start`, each overridable by its environment variable.
 * @returns {StackPorts}
 */
export function defaultPorts(env = process.env) {
  const engine = portVariable(env, 'ENGINE_PORT', undefined);
  return {
    gateway: portVariable(env, 'PORT', 8080),
    postgres: portVariable(env, 'POSTGRES_PORT', 54329),
    s3: portVariable(env, 'S3_PORT', 9000),
    smtp: portVariable(env, 'SMTP_PORT', 1025),
    mailWeb: portVariable(env, 'MAIL_WEB_PORT', 1080),
    apps: { ...DEFAULT_APP_PORTS, ...(engine ? { 'vton-engine': engine } : {}) },
  };
}

/**
 * Every port 0 — for test runs beside a live `npm start`.
 * @returns {StackPorts}
 */
export function anyFreePorts() {
  return { gateway: 0, postgres: 0, s3: 0, smtp: 0, mailWeb: 0, apps: Object.fromEntries(Object.keys(DEFAULT_APP_PORTS).map((k) => [k, 0])) };
}

/** `npm start` gives a stopping worker this long to finish what it runs (Ctrl-C should not wait 90 s). */
const LOCAL_WORKER_DRAIN_MS = 10_000;

/**
 * Starts the whole product on one origin: the embedded parts (unless replaced by env),
 * the eight apps from their builds, svc-generation's workers (GENERATION_WORKERS), and the
 * gateway. Every app is restarted with backoff if it exits on its own. Returns the URLs and
 * `stop()`, which ends every process it started.
 */
/**
 * @param {{ dataDir: string, ports?: StackPorts, env?: NodeJS.ProcessEnv, log?: (message: string) => void, write?: (text: string) => void,
 *   quiet?: boolean, readyTimeoutMs?: number, signal?: AbortSignal, definitions?: ReturnType<typeof appDefinitions> }} options
 *   `definitions`: the apps to run (default: the eight apps and the workers); the port tests run stand-ins.
 */
export async function startStack({ dataDir, ports = defaultPorts(), env = process.env, log = (s) => process.stdout.write(`${s}\n`), write, quiet = false, readyTimeoutMs = 120_000, signal, definitions }) {
  const workerCount = generationWorkers(env);
  const answerTimeoutMs = gatewayTimeoutMs(env);
  const serviceCallTimeout = serviceCallTimeoutMs(env);
  if (workerCount === 0 && !quiet) log('GENERATION_WORKERS=0: no svc-generation worker runs here; try-ons wait in the queue until one does.');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  // Fail early with a clear message when a fixed port is taken, or is one that browsers and fetch()
  // refuse (every part but Postgres and SMTP is reached over HTTP); replaced parts need none.
  const portsToCheck = [
    { what: 'gateway (PORT)', port: ports.gateway, http: true },
    ...(env.DATABASE_URL ? [] : [{ what: 'Postgres (POSTGRES_PORT)', port: ports.postgres, http: false }]),
    ...(env.S3_ENDPOINT ? [] : [{ what: 'S3 (S3_PORT)', port: ports.s3, http: true }]),
    ...(env.SMTP_URL ? [] : [{ what: 'SMTP (SMTP_PORT)', port: ports.smtp, http: false }, { what: 'mail inbox (MAIL_WEB_PORT)', port: ports.mailWeb, http: true }]),
    ...Object.entries(ports.apps).map(([what, port]) => ({ what, port, http: true })),
  ];
  for (const { what, port, http } of portsToCheck) {
    if (!port) continue;
    if (http) assertFetchAllows(port, what);
    await assertPortFree(port, what);
  }

  const running = [];
  let infra;
  let gateway;
  const stop = async () => {
    if (gateway) await new Promise((r) => { gateway.closeAllConnections?.(); gateway.close(() => r()); });
    await Promise.all(running.map((p) => p.stop()));
    if (infra) await infra.stop();
  };

  // A stop requested while starting (Ctrl-C during start-up) ends what has started so far.
  const checkAborted = () => { if (signal?.aborted) throw new Error('Start-up cancelled'); };
  try {
    checkAborted();
    infra = await startInfrastructure({ dataDir, env, ports, log: (m) => { if (!quiet && /error|fatal/i.test(m)) log(m); }, notice: quiet ? () => {} : log });
    checkAborted();
    const apps = definitions ?? [...appDefinitions(), ...workerDefinitions(workerCount)];
    /** @type {Record<string, number>} */
    const appPorts = {};
    for (const app of apps) appPorts[app.name] = ports.apps[app.name] || (await freePort());
    const local = (name) => `http://127.0.0.1:${appPorts[name]}`;
    // Workers are reached by nobody but Prometheus; every other app is behind the gateway.
    const routed = apps.filter((app) => app.kind !== 'worker').map((app) => app.name);
    const targets = Object.fromEntries(routed.map((n) => [n, local(n)]));

    // The gateway listens before the apps start, so the PUBLIC_URL they are given names a port it
    // holds; one chosen here that someone else took meanwhile is given up for another.
    const listenGateway = async () => {
      const server = createGateway({ targets, env, answerTimeoutMs, log: quiet ? () => {} : (m) => log(`[gateway] ${m}`) });
      const port = ports.gateway || (await freePort());
      await new Promise((resolve, reject) => {
        // A server that could not listen is closed, which ends its tracing too.
        server.once('error', (error) => { server.close(); reject(error); });
        server.listen(port, '0.0.0.0', () => resolve(undefined));
      });
      return server;
    };
    gateway = ports.gateway ? await listenGateway() : await retryWhenPortTaken(listenGateway, { log: quiet ? () => {} : log, what: 'The gateway' });
    const gatewayPort = /** @type {import('node:net').AddressInfo} */ (gateway.address()).port;
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;

    const serviceEnv = {
      ...infra.env,
      PUBLIC_URL: publicUrl,
      HOST: '127.0.0.1',
      JWT_KEY_FILE: path.join(dataDir, 'keys', 'jwt-es256.pem'),
      AUTH_JWKS_URL: `${local('svc-auth')}${JWKS_PATH}`,
      MEDIA_SERVICE_URL: local('svc-media'),
      VTON_API_URL: env.VTON_API_URL || `${local('vton-engine')}/v1/try-on`,
      // Running locally: webhooks may go to http://localhost receivers (never in production).
      WEBHOOKS_LOCAL_MODE: env.WEBHOOKS_LOCAL_MODE ?? 'true',
      // svc-generation's workers sign their calls to svc-media with it; made on first start.
      GENERATION_SERVICE_SECRET: env.GENERATION_SERVICE_SECRET || readOrCreateSecret(path.join(dataDir, 'keys', 'generation-service-secret')),
      ...(serviceCallTimeout ? { SERVICE_CALL_TIMEOUT_MS: serviceCallTimeout } : {}),
    };
    fs.mkdirSync(path.dirname(serviceEnv.JWT_KEY_FILE), { recursive: true, mode: 0o700 });

    /** Each app's environment, kept so that a move to another port reaches whoever names its address. @type {Record<string, NodeJS.ProcessEnv>} */
    const appEnvs = {};

    /** An app lost its port to another process: it gets a new one, and so does everyone who calls it. */
    const movePort = (name) => async () => {
      const previous = appPorts[name];
      appPorts[name] = await freePort();
      log(`[${name}] port ${previous} was taken by another process; starting it on port ${appPorts[name]} instead`);
      const [from, to] = [`127.0.0.1:${previous}`, `127.0.0.1:${appPorts[name]}`];
      const moved = (/** @type {NodeJS.ProcessEnv} */ vars) => {
        const keys = Object.keys(vars).filter((k) => vars[k]?.includes(from));
        for (const k of keys) vars[k] = vars[k]?.replaceAll(from, to);
        return keys.length > 0;
      };
      appEnvs[name].PORT = String(appPorts[name]);
      if (appEnvs[name].ENGINE_PORT) appEnvs[name].ENGINE_PORT = appEnvs[name].PORT;
      if (targets[name]) targets[name] = local(name);
      moved(serviceEnv);
      const app = running.find((p) => p.name === name);
      Object.assign(app, { url: local(name), readyUrl: `${local(name)}${app.readyPath}` });
      // Apps started with its old address (AUTH_JWKS_URL, MEDIA_SERVICE_URL, VTON_API_URL) start again with the new one.
      await Promise.all(running.filter((p) => p.name !== name && moved(appEnvs[p.name])).map((p) => p.restart()));
    };

    apps.forEach((app, index) => {
      const isService = app.kind === 'service' || app.kind === 'worker';
      // VTON_PROVIDER and every provider variable reach svc-generation's API and workers, and only them.
      const isGeneration = app.kind === 'worker' || app.name === 'svc-generation';
      /** @type {NodeJS.ProcessEnv} */
      const appEnv = {
        ...withoutProviderEnv(env),
        NODE_ENV: env.NODE_ENV ?? 'production',
        ...(isService ? serviceEnv : {}),
        ...(isGeneration ? providerEnv(env) : {}),
        PORT: String(appPorts[app.name]),
      };
      if (app.kind === 'engine') Object.assign(appEnv, { ENGINE_PORT: appEnv.PORT, HOST: '127.0.0.1' });
      if (app.kind === 'worker') appEnv.WORKER_DRAIN_MS = env.WORKER_DRAIN_MS || String(LOCAL_WORKER_DRAIN_MS);
      for (const key of ['npm_lifecycle_event', 'npm_lifecycle_script']) delete appEnv[key];
      appEnvs[app.name] = appEnv;
      const supervised = startSupervisedProcess(
        { ...app, env: appEnv, index, quiet, ...(write ? { write } : {}) },
        {
          log: quiet ? () => {} : log,
          movePort: movePort(app.name),
          ...(app.kind === 'worker' ? { stopTimeoutMs: Number(appEnv.WORKER_DRAIN_MS) + 5000 } : {}),
        },
      );
      running.push(Object.assign(supervised, { kind: app.kind, readyPath: app.readyPath, url: local(app.name), readyUrl: `${local(app.name)}${app.readyPath}` }));
    });

    await Promise.all(running.map((p) => waitUntilReady(p, readyTimeoutMs, signal)));
    // From here on an app that exits is brought back.
    for (const p of running) p.supervise();
    return {
      url: `http://localhost:${gatewayPort}`,
      inboxUrl: infra.env.MAIL_INBOX_URL,
      env: serviceEnv,
      /** Each routed app's address, kept current when an app moves to another port. */
      appUrls: targets,
      processes: running,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitUntilReady(proc, timeoutMs, signal) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (signal?.aborted) throw new Error('Start-up cancelled');
    if (proc.failed) throw new Error(`${proc.name} exited while starting:\n${proc.recentOutput()}`);
    try {
      const res = await fetch(proc.readyUrl, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`${proc.name} was not ready at ${proc.readyUrl} within ${timeoutMs / 1000} s:\n${proc.recentOutput()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
