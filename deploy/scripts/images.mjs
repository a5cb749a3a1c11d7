#!/usr/bin/env node
// `npm run images` (repository root): builds every app's image with one command — one
// `docker build -f deploy/docker/<app>.Dockerfile -t vton/<app>:<version> .` per app, from the
// repository root (the build context: the lock file and the shared packages live there).
//
//   npm run images                              every app, each tagged with its package.json version
//   npm run images -- svc-auth shell            only these apps
//   npm run images -- --dry-run                 print the commands, run nothing
//   npm run images -- --tag 1.4.2               one tag for all (a release, or the git sha)
//   npm run images -- --registry registry.example.com --push
//                                               registry.example.com/vton/<app>:<version>, then docker push
//
// The Dockerfiles need BuildKit (`RUN --mount=type=cache`), the default builder of Docker ≥ 23.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, deployedApps, workspaces } from '../lib/apps.mjs';

/** Every app this repository ships an image of, with the version its package.json declares. */
function appVersions() {
  const versions = new Map(workspaces().map((w) => [w.dir, w.pkg.version]));
  return deployedApps().map((app) => ({ name: app.name, version: versions.get(app.name) }));
}

/**
 * The commands, as argument lists, that build (and with `push`, push) the chosen apps' images.
 * @param {{ apps?: string[], tag?: string, registry?: string, push?: boolean }} [options]
 * @returns {string[][]}
 */
export function imageCommands({ apps = [], tag, registry, push = false } = {}) {
  const all = appVersions();
  const unknown = apps.filter((name) => !all.some((a) => a.name === name));
  if (unknown.length) throw new Error(`no such app: ${unknown.join(', ')} (apps: ${all.map((a) => a.name).join(', ')})`);
  const chosen = apps.length ? all.filter((a) => apps.includes(a.name)) : all;
  return chosen.flatMap((app) => {
    const version = tag ?? app.version;
    // "latest" never names an image here: the overlays pin every tag.
    if (!version || version === 'latest') throw new Error(`${app.name}: a version is needed (package.json "version" or --tag), not "${version}"`);
    const ref = `${registry ? `${registry.replace(/\/+$/, '')}/` : ''}vton/${app.name}:${version}`;
    const build = ['docker', 'build', '-f', `deploy/docker/${app.name}.Dockerfile`, '-t', ref, '.'];
    return push ? [build, ['docker', 'push', ref]] : [build];
  });
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ apps: string[], dryRun: boolean, push: boolean, tag?: string, registry?: string }} */
  const options = { apps: [], dryRun: false, push: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--push') options.push = true;
    else if (arg === '--tag' || arg === '--registry') {
      const value = argv[++i];
      if (!value || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      if (arg === '--tag') options.tag = value;
      else options.registry = value;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.apps.push(arg);
  }
  if (options.push && !options.registry) throw new Error('--push needs --registry (where to push to)');
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let options;
  let commands;
  try {
    options = parseArgs(process.argv.slice(2));
    commands = imageCommands(options);
  } catch (error) {
    console.error(`images: ${/** @type {Error} */ (error).message}`);
    process.exit(2);
  }
  for (const command of commands) {
    console.log(command.join(' '));
    if (options.dryRun) continue;
    const { status, error } = spawnSync(command[0], command.slice(1), { cwd: REPO_ROOT, stdio: 'inherit' });
    if (status !== 0) {
      console.error(`images: ${error ? error.message : `exit code ${status}`} from: ${command.join(' ')}`);
      process.exit(status || 1);
    }
  }
}
