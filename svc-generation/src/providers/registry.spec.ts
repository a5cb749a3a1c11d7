import { loadConfig } from '@vton/service-kit';
import { fashnPollIntervalMs } from './fashn/fashn.provider.js';
import type { GeminiConfig } from './gemini/gemini.config.js';
import { geminiSettings } from './gemini/gemini.provider.js';
import { ProviderRouter } from './provider-router.js';
import { vertexHost, type VertexConfig } from './vertex/vertex.config.js';
import { vertexSettings } from './vertex/vertex.provider.js';
import { readFileSync } from 'node:fs';
import { createPlacementProvider, createTryOnProvider, PLACEMENT_NAMES, providerNameOf, ProviderConfigs, providerSummary, providerVariables, TRY_ON_NAMES } from './registry.js';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };
// The service's config: its own variables and every provider's (the registry composes them).
const config = (env: Record<string, string>) => loadConfig(ProviderConfigs, { ...base, ...env });

describe('choosing the try-on provider (VTON_PROVIDER)', () => {
  it('defaults to the built-in compositor, or to the §7 service when VTON_API_URL is set', () => {
    expect(providerNameOf(config({}))).toBe('local');
    expect(providerNameOf(config({ VTON_API_URL: 'http://127.0.0.1:3004/v1/try-on' }))).toBe('seed');
    expect(providerNameOf(config({ VTON_API_URL: 'http://127.0.0.1:3004/v1/try-on', VTON_PROVIDER: 'local' }))).toBe('local');
  });

  it.each([
    ['fashn', 'FASHN_API_KEY is required when VTON_PROVIDER=fashn'],
    ['fal', 'FAL_KEY is required when VTON_PROVIDER=fal'],
  ])('refuses to start %s without its key', (provider, message) => {
    expect(() => config({ VTON_PROVIDER: provider })).toThrow(message);
  });

  it('refuses an unknown provider', () => {
    expect(() => config({ VTON_PROVIDER: 'acme' })).toThrow('VTON_PROVIDER must be one of local, seed, fashn, vertex, fal');
  });

  it('refuses seed without VTON_API_URL', async () => {
    await expect(createTryOnProvider(config({ VTON_PROVIDER: 'seed' }))).rejects.toThrow('VTON_PROVIDER=seed needs VTON_API_URL');
  });

  it.each([
    [{ VTON_PROVIDER: 'fashn', FASHN_API_KEY: 'k-123456', FASHN_MODE: 'quality' }, 'fashn', 'tryon-v1.6', 864],
    [{ VTON_PROVIDER: 'fal', FAL_KEY: 'k-123456', FAL_MODEL: 'fal-ai/cat-vton' }, 'fal', 'fal-ai/cat-vton', 768],
    [{ VTON_PROVIDER: 'vertex', GOOGLE_CLOUD_PROJECT: 'p' }, 'vertex', 'virtual-try-on-001', 1536],
  ] as const)('builds the provider with its settings', async (env, name, model, frameWidth) => {
    const provider = await createTryOnProvider(config(env));
    expect([provider.name, provider.model, provider.framing.width]).toEqual([name, model, frameWidth]);
  });

  it('fashn: status polls stay within FASHN’s 50 requests per 10 s across the whole fleet', () => {
    // At most VTON_CONCURRENCY calls in flight fleet-wide, each polling once per interval.
    expect(fashnPollIntervalMs({ VTON_POLL_INTERVAL_MS: 1000, VTON_CONCURRENCY: 4 })).toBe(1000);
    expect(fashnPollIntervalMs({ VTON_POLL_INTERVAL_MS: 1000, VTON_CONCURRENCY: 32 })).toBe(6400);
    for (const concurrency of [1, 4, 10, 50, 256]) {
      const interval = fashnPollIntervalMs({ VTON_POLL_INTERVAL_MS: 10, VTON_CONCURRENCY: concurrency });
      expect(concurrency * (10_000 / interval)).toBeLessThanOrEqual(50);
    }
  });

  it('vertex: the location’s host as Google’s SDKs choose it, and VERTEX_PERSON_GENERATION passed through', () => {
    expect(['global', 'us', 'eu', 'europe-west4'].map(vertexHost)).toEqual([
      'https://aiplatform.googleapis.com',
      'https://aiplatform.us.rep.googleapis.com',
      'https://aiplatform.eu.rep.googleapis.com',
      'https://europe-west4-aiplatform.googleapis.com',
    ]);
    expect(vertexSettings(<VertexConfig>config({ VTON_PROVIDER: 'vertex', GOOGLE_CLOUD_PROJECT: 'p', GOOGLE_CLOUD_LOCATION: 'global', VERTEX_PERSON_GENERATION: 'allow_adult' }))).toMatchObject({
      baseUrl: 'https://aiplatform.googleapis.com',
      personGeneration: 'allow_adult',
    });
    expect(() => config({ VERTEX_PERSON_GENERATION: 'everyone' })).toThrow('VERTEX_PERSON_GENERATION must be one of dont_allow, allow_adult, allow_all');
  });

  it('names the credentials file, never its content, when it cannot be read', async () => {
    await expect(createTryOnProvider(config({ VTON_PROVIDER: 'vertex', GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/sa.json' }))).rejects.toThrow(
      /^GOOGLE_APPLICATION_CREDENTIALS \(\/nonexistent\/sa\.json\) is not a readable JSON file/,
    );
  });
});

describe('choosing the placement engine (PLACEMENT_PROVIDER)', () => {
  it('defaults to the built-in compositor, whatever the try-on provider', async () => {
    expect((await createPlacementProvider(config({}))).name).toBe('local');
    expect((await createPlacementProvider(config({ VTON_PROVIDER: 'fal', FAL_KEY: 'k-123456' }))).name).toBe('local');
  });

  it.each([
    ['openai', 'OPENAI_API_KEY is required when PLACEMENT_PROVIDER=openai'],
    ['bfl', 'BFL_API_KEY is required when PLACEMENT_PROVIDER=bfl'],
    ['fal', 'FAL_KEY is required when PLACEMENT_PROVIDER=fal'],
  ])('refuses to start %s without its key', (engine, message) => {
    expect(() => config({ PLACEMENT_PROVIDER: engine })).toThrow(message);
  });

  it('refuses an unknown engine', () => {
    expect(() => config({ PLACEMENT_PROVIDER: 'acme' })).toThrow('PLACEMENT_PROVIDER must be one of local, seed, gemini, openai, bfl, fal');
  });

  it('refuses seed without VTON_API_URL, naming the variable that chose it', async () => {
    await expect(createPlacementProvider(config({ PLACEMENT_PROVIDER: 'seed' }))).rejects.toThrow('PLACEMENT_PROVIDER=seed needs VTON_API_URL');
  });

  it('sends a product to the placement engine and a garment to the try-on provider', async () => {
    const settings = config({ VTON_PROVIDER: 'fashn', FASHN_API_KEY: 'k-123456', VTON_API_URL: 'http://127.0.0.1:3004/v1/try-on', PLACEMENT_PROVIDER: 'seed' });
    const router = new ProviderRouter(await createTryOnProvider(settings), await createPlacementProvider(settings));
    expect((['upper_body', 'lower_body', 'full_body', 'product'] as const).map((category) => router.for(category).name)).toEqual(['fashn', 'fashn', 'fashn', 'seed']);
  });

  it('gemini: the Gemini API with GEMINI_API_KEY, otherwise Vertex AI with the Google credentials', async () => {
    expect(geminiSettings(<GeminiConfig>config({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: 'k-123456' }))).toMatchObject({ backend: 'gemini-api', model: 'gemini-3.1-flash-image' });
    expect(geminiSettings(<GeminiConfig>config({ PLACEMENT_PROVIDER: 'gemini', GOOGLE_CLOUD_PROJECT: 'p', GOOGLE_CLOUD_LOCATION: 'global' }))).toMatchObject({ backend: 'vertex', project: 'p', location: 'global' });
    expect(await createPlacementProvider(config({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: 'k-123456', GEMINI_MODEL: 'gemini-3-pro-image' }))).toMatchObject({ name: 'gemini', model: 'gemini-3-pro-image' });
  });
});

describe('the provider folders’ variables', () => {
  it('are each declared once, and documented in this README and the root README (`npm start` hands them to svc-generation alone)', () => {
    const names = providerVariables();
    expect(names).toEqual(expect.arrayContaining(['FASHN_API_KEY', 'GOOGLE_CLOUD_LOCATION', 'VERTEX_MODEL', 'FAL_PLACEMENT_MODEL', 'GEMINI_API_KEY', 'OPENAI_BASE_URL', 'BFL_MODEL']));
    expect(new Set(names).size).toBe(names.length);
    for (const readme of ['../../README.md', '../../../README.md']) {
      const text = readFileSync(new URL(readme, import.meta.url), 'utf8');
      expect(names.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
    }
  });
});

describe('the start banner’s lines (providerSummary, which `npm start` prints)', () => {
  // Every secret the folders declare, set: none may reach the banner.
  const secrets = Object.fromEntries(providerVariables().filter((name) => /KEY|SECRET|TOKEN/.test(name)).map((name) => [name, `sk-fake-${name.toLowerCase()}-0123456789`]));
  const seedUrl = { VTON_API_URL: 'http://127.0.0.1:3004/v1/try-on' };
  const TRY_ON: Record<string, string> = {
    local: 'local',
    seed: 'seed at http://127.0.0.1:3004/v1/try-on',
    fashn: 'fashn at https://api.fashn.ai/v1',
    vertex: 'vertex at https://us-central1-aiplatform.googleapis.com',
    fal: 'fal at https://queue.fal.run (fal-ai/leffa/virtual-tryon)',
  };
  const PLACEMENT: Record<string, string> = {
    local: 'local',
    seed: 'seed at http://127.0.0.1:3004/v1/try-on',
    gemini: 'gemini at the Gemini API (gemini-3.1-flash-image)',
    openai: 'openai at https://api.openai.com/v1 (gpt-image-2.6-sunburst)',
    bfl: 'bfl at https://api.bfl.ai (flux-2-pro)',
    fal: 'fal at https://queue.fal.run (fal-ai/nano-banana-2/edit)',
  };

  // A provider added later (not in the tables) is held to the rule alone: its name, then where it sends work.
  const expected = (table: Record<string, string>, name: string) => table[name] ?? expect.stringMatching(new RegExp(`^${name} at \\S`));

  it('the lines above are the registered providers’, with every key set', () => {
    expect(TRY_ON_NAMES).toEqual(expect.arrayContaining(Object.keys(TRY_ON)));
    expect(PLACEMENT_NAMES).toEqual(expect.arrayContaining(Object.keys(PLACEMENT)));
    expect(Object.keys(secrets)).toEqual(expect.arrayContaining(['FASHN_API_KEY', 'FAL_KEY', 'GEMINI_API_KEY', 'OPENAI_API_KEY', 'BFL_API_KEY']));
  });

  it.each(TRY_ON_NAMES)('try-on %s: its default host and model, never a key', (name) => {
    const line = providerSummary(config({ ...secrets, ...seedUrl, VTON_PROVIDER: name }), 'tryOn');
    expect(line).toEqual(expected(TRY_ON, name));
    for (const secret of Object.values(secrets)) expect(line).not.toContain(secret);
  });

  it.each(PLACEMENT_NAMES)('placement %s: its default host and model, never a key', (name) => {
    const line = providerSummary(config({ ...secrets, ...seedUrl, PLACEMENT_PROVIDER: name }), 'placement');
    expect(line).toEqual(expected(PLACEMENT, name));
    for (const secret of Object.values(secrets)) expect(line).not.toContain(secret);
  });

  it('follows the variables that move a provider: its URL, model and location', () => {
    const line = (env: Record<string, string>, use: 'tryOn' | 'placement') => providerSummary(config(env), use);
    expect(line({ VTON_PROVIDER: 'vertex', GOOGLE_CLOUD_LOCATION: 'global', VERTEX_API_URL: 'http://127.0.0.1:4102' }, 'tryOn')).toBe('vertex at http://127.0.0.1:4102');
    expect(line({ VTON_PROVIDER: 'vertex', GOOGLE_CLOUD_LOCATION: 'eu' }, 'tryOn')).toBe('vertex at https://aiplatform.eu.rep.googleapis.com');
    expect(line({ VTON_PROVIDER: 'fal', FAL_KEY: 'k-123456', FAL_MODEL: 'fal-ai/cat-vton', FAL_QUEUE_URL: 'http://127.0.0.1:4103' }, 'tryOn')).toBe('fal at http://127.0.0.1:4103 (fal-ai/cat-vton)');
    expect(line({ PLACEMENT_PROVIDER: 'gemini', GEMINI_MODEL: 'gemini-3-pro-image' }, 'placement')).toBe('gemini at Vertex AI (gemini-3-pro-image)');
    expect(line({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: 'k-123456', GEMINI_API_URL: 'http://127.0.0.1:4104' }, 'placement')).toBe('gemini at http://127.0.0.1:4104 (gemini-3.1-flash-image)');
    expect(line({ PLACEMENT_PROVIDER: 'openai', OPENAI_API_KEY: 'k-123456', OPENAI_BASE_URL: 'http://127.0.0.1:4105/v1', OPENAI_IMAGE_MODEL: 'gpt-image-2' }, 'placement')).toBe('openai at http://127.0.0.1:4105/v1 (gpt-image-2)');
    expect(line({ PLACEMENT_PROVIDER: 'seed' }, 'placement')).toBe('seed');
  });
});
