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

/** One line for the start banner: which provider the workers call, and where (never a key). */
export function providerSummary(env = process.env) {
  const name = env.VTON_PROVIDER || (env.VTON_API_URL ? 'seed' : 'local');
  const where = {
    seed: env.VTON_API_URL,
    fashn: env.FASHN_API_URL || 'https://api.fashn.ai/v1',
    vertex: env.VERTEX_API_URL || vertexHost(env.GOOGLE_CLOUD_LOCATION || 'us-central1'),
    fal: `${env.FAL_QUEUE_URL || 'https://queue.fal.run'} (${env.FAL_MODEL || 'fal-ai/leffa/virtual-tryon'})`,
  }[name];
  return where ? `${name} at ${where}` : name;
}

/** Vertex AI's host for a location (svc-generation's vertexHost): global, the us/eu multi-regions, or a region. */
function vertexHost(location) {
  if (location === 'global') return 'https://aiplatform.googleapis.com';
  if (location === 'us' || location === 'eu') return `https://aiplatform.${location}.rep.googleapis.com`;
  return `https://${location}-aiplatform.googleapis.com`;
}

/** The same for the placement engine (products): PLACEMENT_PROVIDER, default the built-in compositor. */
export function placementSummary(env = process.env) {
  const name = env.PLACEMENT_PROVIDER || 'local';
  const where = {
    seed: env.VTON_API_URL,
    gemini: `${env.GEMINI_API_URL || (env.GEMINI_API_KEY ? 'the Gemini API' : 'Vertex AI')} (${env.GEMINI_MODEL || 'gemini-3.1-flash-image'})`,
    openai: `${env.OPENAI_BASE_URL || 'https://api.openai.com/v1'} (${env.OPENAI_IMAGE_MODEL || 'gpt-image-1.5'})`,
    bfl: `${env.BFL_API_URL || 'https://api.bfl.ai'} (${env.BFL_MODEL || 'flux-2-pro'})`,
    fal: `${env.FAL_QUEUE_URL || 'https://queue.fal.run'} (${env.FAL_PLACEMENT_MODEL || 'fal-ai/nano-banana-2/edit'})`,
  }[name];
  return where ? `${name} at ${where}` : name;
}
