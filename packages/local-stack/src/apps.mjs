import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_ROUTES, SERVICE_HEALTH_PATHS, SERVICE_LIVENESS_PATHS } from '@vton/contracts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STATIC_SERVER = path.join(REPO_ROOT, 'packages/static-server/bin/serve.mjs');

/** Internal ports npm start uses by default; tests pass 0 for free ones. */
export const DEFAULT_APP_PORTS = {
  'svc-auth': 3001,
  'svc-media': 3002,
  'svc-generation': 3003,
  shell: 3100,
  'mfe-marketing': 3101,
  'mfe-studio': 3102,
  'mfe-gallery': 3103,
  'mfe-docs': 3104,
  // The local compositor: svc-generation's built-in VTON engine (VTON_API_URL unless set).
  'vton-engine': 3004,
};

/** svc-generation worker processes `npm start` runs beside its API (GENERATION_WORKERS). */
export const DEFAULT_GENERATION_WORKERS = 2;

/** GENERATION_WORKERS as a number of worker processes (0–16), with a clear error otherwise. */
export function generationWorkers(env = process.env) {
  const raw = env.GENERATION_WORKERS;
  if (raw === undefined || raw === '') return DEFAULT_GENERATION_WORKERS;
  const count = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 0 && count <= 16)) throw new Error(`GENERATION_WORKERS must be a whole number from 0 to 16 (got "${raw}")`);
  return count;
}

/**
 * svc-generation's workers: the same package as its API, started through the worker entry point
 * (`node dist/worker-main.js`), each with its own port for health and /metrics. Not behind the gateway.
 */
export function workerDefinitions(count) {
  return Array.from({ length: count }, (_, i) => ({
    name: `svc-generation-worker-${i + 1}`,
    kind: 'worker',
    cwd: path.join(REPO_ROOT, 'svc-generation'),
    command: [process.execPath, '--enable-source-maps', 'dist/worker-main.js'],
    readyPath: SERVICE_LIVENESS_PATHS['svc-generation'],
  }));
}

/**
 * How each of the eight apps is started from its built output, the way its container
 * starts it: services as `node dist/main.js`, frontends as the static server over dist/.
 */
export function appDefinitions() {
  const services = Object.keys(SERVICE_HEALTH_PATHS).map((name) => ({
    name,
    kind: 'service',
    cwd: path.join(REPO_ROOT, name),
    command: [process.execPath, '--enable-source-maps', 'dist/main.js'],
    readyPath: SERVICE_HEALTH_PATHS[name],
  }));
  const frontends = [
    { name: 'shell', base: '/', spa: true },
    ...REMOTE_ROUTES.map((r) => ({ name: r.app, base: `${r.prefix}/`, spa: false })),
  ].map(({ name, base, spa }) => ({
    name,
    kind: 'frontend',
    cwd: path.join(REPO_ROOT, name),
    command: [process.execPath, STATIC_SERVER, 'dist', '--base', base, ...(spa ? ['--spa'] : [])],
    readyPath: `${base}healthz`,
  }));
  const engine = {
    name: 'vton-engine',
    kind: 'engine',
    cwd: path.join(REPO_ROOT, 'svc-generation'),
    command: [process.execPath, '--enable-source-maps', 'dist/local-engine/main.js'],
    readyPath: '/healthz',
  };
  return [...services, ...frontends, engine];
}
