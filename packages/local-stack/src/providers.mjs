import path from 'node:path';

/**
 * svc-generation's provider variables (svc-generation README, "Try-on providers" and "Placement
 * engines"): `npm start` hands exactly these, as set where it was started, to svc-generation's API and
 * workers — and to no other app, so a provider key never reaches svc-auth, svc-media or a frontend's
 * environment.
 */
export const PROVIDER_VARIABLES = [
  'VTON_PROVIDER',
  'PLACEMENT_PROVIDER',
  'PLACEMENT_CONCURRENCY',
  'VTON_POLL_INTERVAL_MS',
  'FASHN_API_KEY',
  'FASHN_API_URL',
  'FASHN_MODEL',
  'FASHN_MODE',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'VERTEX_API_URL',
  'VERTEX_MODEL',
  'VERTEX_PERSON_GENERATION',
  'FAL_KEY',
  'FAL_MODEL',
  'FAL_QUEUE_URL',
  'FAL_PLACEMENT_MODEL',
  'GEMINI_API_KEY',
  'GEMINI_MODEL',
  'GEMINI_API_URL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_IMAGE_MODEL',
  'BFL_API_KEY',
  'BFL_API_URL',
  'BFL_MODEL',
];

/**
 * The provider variables for svc-generation's processes. They run in svc-generation/, so a relative
 * GOOGLE_APPLICATION_CREDENTIALS is resolved against the folder `npm start` was run from.
 */
export function providerEnv(env = process.env, cwd = process.cwd()) {
  const out = {};
  for (const name of PROVIDER_VARIABLES) if (env[name] !== undefined && env[name] !== '') out[name] = env[name];
  if (out.GOOGLE_APPLICATION_CREDENTIALS) out.GOOGLE_APPLICATION_CREDENTIALS = path.resolve(cwd, out.GOOGLE_APPLICATION_CREDENTIALS);
  return out;
}

/** `env` without the provider variables: what every other app gets. */
export function withoutProviderEnv(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !PROVIDER_VARIABLES.includes(name)));
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
