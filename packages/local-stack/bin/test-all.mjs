#!/usr/bin/env node
// `npm test`: builds, runs the checks (ESLint, tsc --noEmit in every workspace, the
// dependency-cruiser rules), every workspace's jest tests (service tests against one shared set
// of real Postgres, S3 and SMTP servers), then the Playwright suite against the real stack.
// Ends with one "N passed, N failed" line; exits non-zero when anything failed.
// `test-all.mjs <workspace>…` runs only those workspaces ("checks" names the checks).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './bootstrap.mjs';
const { buildAll } = await import('../src/build.mjs');
const { startInfrastructure } = await import('../src/infrastructure.mjs');
const { REPO_ROOT } = await import('../src/apps.mjs');

const only = process.argv.slice(2);
const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const workspaces = root.workspaces
  .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => pkg.scripts?.test)
  .filter(({ dir, pkg }) => !only.length || only.includes(dir) || only.includes(pkg.name));

const results = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-reports-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-test-'));
fs.chmodSync(dataDir, 0o755);
let infra;

function npm(dir, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: path.join(REPO_ROOT, dir), stdio: 'inherit', env });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
const run = (dir, args, env) => npm(dir, ['test', '--silent', ...args], env);

/** How long a step took, for the summary: where CI's minutes go is the first thing to know when it is slow. */
function timer() {
  const start = performance.now();
  return () => {
    const seconds = Math.round((performance.now() - start) / 1000);
    return seconds >= 60 ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
  };
}

/** The checks that keep the code as it is meant to be; each counts as one test. */
const CHECKS = ['lint', 'typecheck', 'depcruise'];

try {
  console.log('Building…');
  const building = timer();
  await buildAll();
  console.log(`Built in ${building()}`);
  if (!only.length || only.includes('checks')) {
    for (const check of CHECKS) {
      console.log(`\n━━ npm run ${check} ━━`);
      const took = timer();
      const code = await npm('.', ['run', check, '--silent']);
      results.push({ name: check, code, passed: code ? 0 : 1, failed: code ? 1 : 0, took: took() });
    }
  }
  infra = await startInfrastructure({ dataDir, env: {}, notice: (message) => console.log(message) });
  for (const { dir, pkg } of workspaces.filter(({ dir }) => dir !== 'e2e')) {
    console.log(`\n━━ ${pkg.name} ━━`);
    const report = path.join(reportDir, `${pkg.name.replace(/\W/g, '_')}.json`);
    const took = timer();
    const code = await run(dir, ['--', '--json', `--outputFile=${report}`], { ...process.env, ...infra.env });
    const summary = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : null;
    results.push({ name: pkg.name, code, passed: summary?.numPassedTests ?? 0, failed: summary?.numFailedTests ?? (code ? 1 : 0), took: took() });
  }
  await infra.stop();
  infra = undefined;
  if (workspaces.some(({ dir }) => dir === 'e2e')) {
    console.log('\n━━ e2e (Playwright, Chromium) ━━');
    const report = path.join(REPO_ROOT, 'e2e/test-results/results.json');
    fs.rmSync(report, { force: true });
    const took = timer();
    const code = await run('e2e', [], process.env);
    const stats = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')).stats : null;
    results.push({ name: 'e2e', code, passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0), failed: stats?.unexpected ?? (code ? 1 : 0), took: took() });
  }
} catch (err) {
  console.error(err.message);
  results.push({ name: 'setup', code: 1, passed: 0, failed: 1 });
} finally {
  if (infra) await infra.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed${r.took ? ` (${r.took})` : ''}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + results.filter((r) => r.code !== 0 && r.failed === 0).length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || results.some((r) => r.code !== 0) ? 1 : 0);
