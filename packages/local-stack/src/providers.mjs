import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './apps.mjs';

/**
 * svc-generation's provider variables (svc-generation README, "Try-on providers" and "Placement
 * engines"): `npm start` hands exactly these, as set where it was started, to svc-generation's API and
 * workers — and to no other app, so a provider key never reaches svc-auth, svc-media or a frontend's
 * environment. Each provider declares its own in its folder; svc-generation's build lists them in
 * dist/provider-variables.json, read here (once, when first needed: after the build), so a new
 * provider needs no line in this file.
 */
export function providerVariables() {
  variables ??= [
    // svc-generation's own, which choose and pace the providers
    'VTON_PROVIDER',
    'PLACEMENT_PROVIDER',
    'PLACEMENT_CONCURRENCY',
    'VTON_POLL_INTERVAL_MS',
    ...declaredProviderVariables(),
  ];
  return variables;
}
let variables;

function declaredProviderVariables() {
  const file = path.join(REPO_ROOT, 'svc-generation', 'dist', 'provider-variables.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(REPO_ROOT, file)} is missing or unreadable: build svc-generation first (npm run build -w svc-generation): ${error.message}`);
  }
}

/**
 * The provider variables for svc-generation's processes. They run in svc-generation/, so a relative
 * GOOGLE_APPLICATION_CREDENTIALS is resolved against the folder `npm start` was run from.
 */
export function providerEnv(env = process.env, cwd = process.cwd()) {
  const out = {};
  for (const name of providerVariables()) if (env[name] !== undefined && env[name] !== '') out[name] = env[name];
  if (out.GOOGLE_APPLICATION_CREDENTIALS) out.GOOGLE_APPLICATION_CREDENTIALS = path.resolve(cwd, out.GOOGLE_APPLICATION_CREDENTIALS);
  return out;
}

/** `env` without the provider variables: what every other app gets. */
export function withoutProviderEnv(env) {
  const names = providerVariables();
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

/**
 * The start banner's two lines: the try-on provider and the placement engine svc-generation's workers
 * call, each with where it sends work ("fal at https://queue.fal.run (fal-ai/leffa/virtual-tryon)"),
 * never a key. Each provider's folder describes itself from svc-generation's validated config; the
 * build's dist/providers/print-summary.js prints the lines, run here in a child process (npm start's own
 * process never loads the service's libraries) with the environment svc-generation is given, so a new
 * provider needs no line in this file.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ tryOn: string, placement: string }}
 */
export function providerSummaries(env) {
  const script = path.join(REPO_ROOT, 'svc-generation', 'dist', 'providers', 'print-summary.js');
  if (!fs.existsSync(script)) throw new Error(`${path.relative(REPO_ROOT, script)} is missing: build svc-generation first (npm run build -w svc-generation)`);
  try {
    return JSON.parse(execFileSync(process.execPath, [script], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (error) {
    throw new Error(`svc-generation could not name its providers: ${String(error.stderr || error.message).trim()}`);
  }
}
