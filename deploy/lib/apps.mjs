// The eight deployable apps as deploy/ sees them: read from the root package.json workspaces
// and the routing table in @vton/contracts, so a new app or a changed path shows up here
// (and fails the tests) without anyone editing a second list.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_ROUTES, SERVICE_HEALTH_PATHS, SERVICE_LIVENESS_PATHS } from '@vton/contracts';

export const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(DEPLOY_DIR, '..');

/** Container ports. Services keep the ports they use locally; every frontend listens on 8080. */
export const SERVICE_PORTS = { 'svc-auth': 3001, 'svc-media': 3002, 'svc-generation': 3003 };
export const FRONTEND_PORT = 8080;

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Every workspace: { dir, pkg }, in the root package.json's order (shared packages first). */
export function workspaces() {
  return readJson(path.join(REPO_ROOT, 'package.json')).workspaces.map((dir) => ({
    dir,
    pkg: readJson(path.join(REPO_ROOT, dir, 'package.json')),
  }));
}

const isApp = (dir) => dir === 'shell' || /^(mfe|svc)-/.test(dir);

/**
 * The workspace dirs an app needs from the monorepo, in workspace order. `dev` includes
 * devDependencies (what the build needs); without it, only what runs in the image.
 */
export function workspaceDeps(appDir, { dev }) {
  const all = workspaces();
  const byName = new Map(all.map((w) => [w.pkg.name, w]));
  const needed = new Set();
  const visit = (pkg, withDev) => {
    const names = Object.keys({ ...pkg.dependencies, ...(withDev ? pkg.devDependencies : {}) });
    for (const name of names) {
      const ws = byName.get(name);
      // Another app is only ever a test devDependency (svc-media's tests start svc-auth): an app
      // neither builds from nor runs with another app.
      if (ws && !needed.has(ws.dir) && !isApp(ws.dir)) {
        needed.add(ws.dir);
        visit(ws.pkg, false);
      }
    }
  };
  visit(all.find((w) => w.dir === appDir).pkg, dev);
  // The local stack (embedded Postgres, MailDev) is a test-only devDependency of services.
  needed.delete('packages/local-stack');
  return all.filter((w) => needed.has(w.dir)).map((w) => w.dir);
}

/** The apps deploy/ must ship: every root workspace named shell, mfe-* or svc-*. */
export function deployedApps() {
  const remotes = new Map(REMOTE_ROUTES.map((r) => [r.app, r]));
  return workspaces()
    .filter((w) => isApp(w.dir))
    .map(({ dir }) => {
      if (dir.startsWith('svc-')) {
        if (!SERVICE_PORTS[dir] || !SERVICE_HEALTH_PATHS[dir]) throw new Error(`no port or health path for service ${dir}`);
        return {
          name: dir,
          kind: 'service',
          port: SERVICE_PORTS[dir],
          readinessPath: SERVICE_HEALTH_PATHS[dir],
          livenessPath: SERVICE_LIVENESS_PATHS[dir],
        };
      }
      const remote = remotes.get(dir);
      if (dir !== 'shell' && !remote) throw new Error(`frontend ${dir} has no route in REMOTE_ROUTES`);
      const base = dir === 'shell' ? '/' : `${remote.prefix}/`;
      return {
        name: dir,
        kind: 'frontend',
        port: FRONTEND_PORT,
        base,
        spa: dir === 'shell',
        readinessPath: `${base}healthz`,
        livenessPath: `${base}healthz`,
      };
    });
}
