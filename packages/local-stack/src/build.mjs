import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './apps.mjs';

const STAMP = '.build-stamp';
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'coverage', '.data']);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Workspaces with a build script, in the root package.json's order (shared packages first). */
export function buildableWorkspaces() {
  const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  return root.workspaces
    .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => pkg.scripts?.build);
}

/** Workspaces whose build output this one's build reads (package.json `config.buildAfter`, e.g. the shell's prerender). */
const buildAfter = ({ pkg }) => pkg.config?.buildAfter ?? [];

/**
 * Builds what is missing or older than its sources (a change in any shared package
 * rebuilds every app, since they bundle or import it; a rebuilt `buildAfter` workspace rebuilds
 * the ones that read it). Shared packages build one by one first; the apps then build two at a
 * time (two cores), each after its `buildAfter` workspaces.
 */
/** @param {{ force?: boolean, log?: (message: string) => void, signal?: AbortSignal }} [options] */
export async function buildAll({ force = false, log = (s) => process.stdout.write(`${s}\n`), signal } = {}) {
  const sharedNewest = newestMtime(path.join(REPO_ROOT, 'packages'));
  const stampTime = (dir) => {
    const stamp = path.join(REPO_ROOT, dir, 'dist', STAMP);
    return fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  };
  const stale = [];
  for (const ws of buildableWorkspaces()) {
    const built = stampTime(ws.dir);
    const inputsChanged = buildAfter(ws).some((dir) => stale.some((s) => s.dir === dir) || stampTime(dir) > built);
    if (force || !built || inputsChanged || newestMtime(path.join(REPO_ROOT, ws.dir)) > built || sharedNewest > built) stale.push(ws);
  }
  if (!stale.length) return;
  const packages = stale.filter(({ dir }) => dir.startsWith('packages/'));
  const apps = stale.filter(({ dir }) => !dir.startsWith('packages/'));
  for (const ws of packages) await buildOne(ws, log, signal);
  const deferred = () => {
    const d = {};
    d.promise = new Promise((resolve, reject) => Object.assign(d, { resolve, reject }));
    return d;
  };
  const done = new Map(apps.map((ws) => [ws.dir, deferred()]));
  for (const { promise } of done.values()) promise.catch(() => {});
  const queue = [...apps];
  await Promise.all(
    [0, 1].map(async () => {
      for (let ws; (ws = queue.shift()); ) {
        await Promise.all(buildAfter(ws).map((dir) => done.get(dir)?.promise));
        try {
          await buildOne(ws, log, signal);
          done.get(ws.dir).resolve();
        } catch (error) {
          done.get(ws.dir).reject(error);
          throw error;
        }
      }
    }),
  );
}

async function buildOne({ dir, pkg }, log, signal) {
  if (signal?.aborted) throw new Error('Build cancelled');
  const started = Date.now();
  const output = [];
  const code = await new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent', '--ignore-scripts'], { cwd: path.join(REPO_ROOT, dir), stdio: ['ignore', 'pipe', 'pipe'], signal });
    child.on('error', () => {}); // an abort kills the build; the exit code below reports it
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('exit', resolve);
  });
  if (code !== 0) {
    throw new Error(`Building ${pkg.name} failed:\n${Buffer.concat(output).toString().replace(/^npm warn.*\n/gm, '')}`);
  }
  fs.mkdirSync(path.join(REPO_ROOT, dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, dir, 'dist', STAMP), new Date().toISOString());
  log(`built ${pkg.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
