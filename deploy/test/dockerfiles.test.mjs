// Each app's Dockerfile: present, rendered from the current templates, and passing a small lint.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, deployedApps, workspaces } from '../lib/apps.mjs';
import { dockerfilePath, renderDockerfile } from '../docker/dockerfiles.mjs';

const apps = deployedApps();

/** Stages of a Dockerfile: { from, name, lines } with ARG defaults resolved in FROM. */
function parse(text) {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const args = {};
  const stages = [];
  for (const line of lines) {
    const [instr, ...rest] = line.split(/\s+/);
    const body = rest.join(' ');
    if (instr === 'ARG' && !stages.length) {
      const [k, v] = body.split('=');
      args[k] = v;
    } else if (instr === 'FROM') {
      const m = body.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      stages.push({ from: m[1].replace(/\$\{(\w+)\}/g, (_, k) => args[k] ?? ''), name: m[2], lines: [] });
    } else stages.at(-1)?.lines.push({ instr, body });
  }
  return stages;
}

describe.each(apps.map((a) => [a.name, a]))('%s Dockerfile', (name, app) => {
  const file = dockerfilePath(app);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const stages = parse(text);
  const runtime = stages.at(-1);
  const stageNames = new Set(stages.map((s) => s.name));

  test('exists and is what deploy/docker/dockerfiles.mjs renders (npm run dockerfiles -w deploy)', () => {
    expect(text).toBe(renderDockerfile(app));
  });

  test('is multi-stage and every base image is pinned to an exact version or a digest', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) {
      if (stageNames.has(s.from)) continue;
      expect(s.from).toMatch(/^[\w./-]+(:\d+\.\d+\.\d+[\w.-]*(@sha256:[0-9a-f]{64})?|@sha256:[0-9a-f]{64})$/);
    }
  });

  test('runs as a non-root user, has a HEALTHCHECK on the liveness path, and exposes the manifest port', () => {
    const user = runtime.lines.filter((l) => l.instr === 'USER').at(-1)?.body;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(user).toMatch(/^\d+(:\d+)?$/); // numeric, so Kubernetes can check runAsNonRoot
    const hc = runtime.lines.find((l) => l.instr === 'HEALTHCHECK')?.body ?? '';
    expect(hc).toContain(app.livenessPath);
    expect(runtime.lines.find((l) => l.instr === 'EXPOSE')?.body).toBe(String(app.port));
  });

  test('ships no dev dependencies: the runtime copies only production installs and build output', () => {
    for (const l of runtime.lines.filter((x) => x.instr === 'COPY' && x.body.includes('--from='))) {
      const from = l.body.match(/--from=(\S+)/)[1];
      if (from === 'build') expect(l.body).toMatch(/\/(dist|bin|src|package\.json)(\s|$)/);
      else expect(from).toBe('prod-deps');
    }
    expect(runtime.lines.some((l) => l.instr === 'RUN' && /npm (install|ci)/.test(l.body))).toBe(false);
    const prodDeps = stages.find((s) => s.name === 'prod-deps');
    expect(prodDeps.lines.find((l) => l.instr === 'RUN').body).toMatch(/npm install --omit=dev/);
    // A frontend installs only the static server's dependencies.
    if (app.kind !== 'service') expect(prodDeps.lines.find((l) => l.instr === 'RUN').body).toMatch(/prune-workspaces\.mjs packages\/static-server /);
  });

  test('installs from the workspace lock file with npm install (not npm ci)', () => {
    expect(text).toMatch(/COPY package\.json package-lock\.json \.\//);
    expect(stages.flatMap((st) => st.lines).some((l) => l.instr === 'RUN' && /npm ci\b/.test(l.body))).toBe(false);
  });

  if (app.kind === 'frontend') {
    test('serves its build under its routing-table base', () => {
      const env = runtime.lines.filter((l) => l.instr === 'ENV').map((l) => l.body).join(' ');
      expect(env).toContain(`BASE_PATH=${app.base}`);
      expect(env).toContain(`SPA=${app.spa}`);
    });
  }
});

test('.dockerignore keeps installs, builds, data and git out of the context', () => {
  const ignore = fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
  for (const p of ['**/node_modules', '**/dist', '.git', '.data']) expect(ignore).toContain(p);
  // What the Dockerfiles COPY must stay in: the script and every workspace manifest.
  expect(ignore).toContain('!deploy/docker');
  expect(ignore).toContain('!e2e/package.json');
  expect(ignore).toContain('!deploy/package.json');
});

test('prune-workspaces.mjs leaves a service only its runtime workspaces and no devDependencies', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-'));
  try {
    fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
    const keep = ['packages/contracts', 'packages/service-kit', 'svc-media'];
    for (const w of keep) {
      fs.mkdirSync(path.join(dir, w), { recursive: true });
      fs.copyFileSync(path.join(REPO_ROOT, w, 'package.json'), path.join(dir, w, 'package.json'));
    }
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'deploy/docker/prune-workspaces.mjs'), ...keep], { cwd: dir });
    const root = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(root.workspaces).toEqual(keep);
    expect(root.devDependencies).toBeUndefined();
    for (const w of keep) {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, w, 'package.json'), 'utf8'));
      expect(pkg.devDependencies).toBeUndefined();
      expect(pkg.dependencies).toEqual(workspaces().find((x) => x.dir === w).pkg.dependencies);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
