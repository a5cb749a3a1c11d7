// `npm run images` builds every app's image with one command. No Docker engine here: the dry run
// shows the commands, and each must name a Dockerfile that exists, from the repository root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, deployedApps, workspaces } from '../lib/apps.mjs';
import { imageCommands } from '../scripts/images.mjs';

const apps = deployedApps();
const version = (name) => workspaces().find((w) => w.dir === name).pkg.version;
/** `npm run images -- <args>` as the root script runs it, in the repository root. */
const images = (...args) => {
  const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const [node, script] = root.scripts.images.split(' ');
  expect(node).toBe('node');
  return execFileSync(process.execPath, [script, ...args], { cwd: REPO_ROOT, encoding: 'utf8' }).trim().split('\n');
};

test('the dry run prints one docker build per app, from the root, with its Dockerfile and vton/<app>:<version>', () => {
  const lines = images('--dry-run');
  expect(lines).toEqual(apps.map((a) => `docker build -f deploy/docker/${a.name}.Dockerfile -t vton/${a.name}:${version(a.name)} .`));
  for (const app of apps) expect(fs.existsSync(path.join(REPO_ROOT, `deploy/docker/${app.name}.Dockerfile`))).toBe(true);
});

test('the dev overlay runs the tags the command builds', () => {
  const kustomization = fs.readFileSync(path.join(REPO_ROOT, 'deploy/overlays/dev/kustomization.yaml'), 'utf8');
  for (const app of apps) expect(kustomization).toContain(`{ name: vton/${app.name}, newTag: ${version(app.name)} }`);
});

test('some apps, one tag for all, a registry and a push', () => {
  expect(images('--dry-run', '--tag', '1.4.2', '--registry', 'registry.example.com/', '--push', 'svc-media', 'shell')).toEqual([
    'docker build -f deploy/docker/svc-media.Dockerfile -t registry.example.com/vton/svc-media:1.4.2 .',
    'docker push registry.example.com/vton/svc-media:1.4.2',
    'docker build -f deploy/docker/shell.Dockerfile -t registry.example.com/vton/shell:1.4.2 .',
    'docker push registry.example.com/vton/shell:1.4.2',
  ]);
});

test('refuses an unknown app, a latest tag, and a push without a registry, before running anything', () => {
  expect(() => imageCommands({ apps: ['svc-nope'] })).toThrow(/no such app: svc-nope/);
  expect(() => imageCommands({ tag: 'latest' })).toThrow(/not "latest"/);
  expect(() => images('--dry-run', '--push')).toThrow(/--push needs --registry/);
});
