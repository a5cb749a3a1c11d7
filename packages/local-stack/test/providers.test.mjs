import { providerEnv, providerSummaries, providerVariables, withoutProviderEnv } from '../src/providers.mjs';

const started = {
  PATH: '/usr/bin',
  VTON_PROVIDER: 'vertex',
  GOOGLE_APPLICATION_CREDENTIALS: 'keys/sa.json',
  VERTEX_API_URL: 'http://127.0.0.1:4102',
  FASHN_API_KEY: 'fa-secret',
  FAL_KEY: '',
};

test('npm start hands VTON_PROVIDER and every provider variable to svc-generation, a relative credentials file resolved where npm start ran', () => {
  expect(providerEnv(started, '/home/dev/studio')).toEqual({
    VTON_PROVIDER: 'vertex',
    GOOGLE_APPLICATION_CREDENTIALS: '/home/dev/studio/keys/sa.json',
    VERTEX_API_URL: 'http://127.0.0.1:4102',
    FASHN_API_KEY: 'fa-secret',
  });
});

test('no other app gets a provider variable (keys stay with svc-generation)', () => {
  expect(withoutProviderEnv(started)).toEqual({ PATH: '/usr/bin' });
});

test('the list names every variable of the svc-generation README’s provider table', () => {
  expect(providerVariables()).toEqual(expect.arrayContaining(['VTON_PROVIDER', 'FASHN_API_KEY', 'FASHN_API_URL', 'FASHN_MODEL', 'FASHN_MODE', 'GOOGLE_APPLICATION_CREDENTIALS', 'GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_LOCATION', 'VERTEX_API_URL', 'VERTEX_MODEL', 'FAL_KEY', 'FAL_MODEL', 'FAL_QUEUE_URL']));
  // The placement engines' (issue 28).
  expect(providerVariables()).toEqual(
    expect.arrayContaining(['PLACEMENT_PROVIDER', 'PLACEMENT_CONCURRENCY', 'FAL_PLACEMENT_MODEL', 'GEMINI_API_KEY', 'GEMINI_MODEL', 'GEMINI_API_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_IMAGE_MODEL', 'BFL_API_KEY', 'BFL_API_URL', 'BFL_MODEL']),
  );
});

// What svc-generation's processes get from npm start besides the provider variables (startStack's serviceEnv).
const service = { DATABASE_URL: 'postgres://vton:vton@127.0.0.1:54329/vton', VTON_API_URL: 'http://127.0.0.1:3004/v1/try-on' };

test('the start banner names the provider and where it is, never a key', () => {
  const banner = (env) => providerSummaries({ ...service, ...env });
  expect(banner({ VTON_PROVIDER: 'fashn', FASHN_API_KEY: 'fa-secret', FASHN_API_URL: 'http://127.0.0.1:4101/v1' })).toEqual({ tryOn: 'fashn at http://127.0.0.1:4101/v1', placement: 'local' });
  expect(banner({})).toEqual({ tryOn: 'seed at http://127.0.0.1:3004/v1/try-on', placement: 'local' });
  expect(banner({ VTON_PROVIDER: 'local', PLACEMENT_PROVIDER: 'bfl', BFL_API_KEY: 'bfl-secret', BFL_API_URL: 'http://127.0.0.1:4106' })).toEqual({ tryOn: 'local', placement: 'bfl at http://127.0.0.1:4106 (flux-2-pro)' });
  expect(banner({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: 'gm-secret' }).placement).toBe('gemini at the Gemini API (gemini-3.1-flash-image)');
  expect(banner({ VTON_PROVIDER: 'vertex', GOOGLE_CLOUD_LOCATION: 'eu' }).tryOn).toBe('vertex at https://aiplatform.eu.rep.googleapis.com');
  expect(banner({ VTON_PROVIDER: 'fal', PLACEMENT_PROVIDER: 'fal', FAL_KEY: 'fal-secret' })).toEqual({
    tryOn: 'fal at https://queue.fal.run (fal-ai/leffa/virtual-tryon)',
    placement: 'fal at https://queue.fal.run (fal-ai/nano-banana-2/edit)',
  });
});

test('a configuration svc-generation refuses is named, not guessed at', () => {
  expect(() => providerSummaries({ ...service, VTON_PROVIDER: 'fashn' })).toThrow('svc-generation could not name its providers: Invalid configuration: FASHN_API_KEY is required when VTON_PROVIDER=fashn');
});
