import { placementSummary, providerEnv, providerSummary, providerVariables, withoutProviderEnv } from '../src/providers.mjs';

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

test('the start banner names the provider and where it is, never a key', () => {
  expect(providerSummary({ VTON_PROVIDER: 'fashn', FASHN_API_KEY: 'fa-secret', FASHN_API_URL: 'http://127.0.0.1:4101/v1' })).toBe('fashn at http://127.0.0.1:4101/v1');
  expect(providerSummary({ VTON_API_URL: 'http://127.0.0.1:3004/v1/try-on' })).toBe('seed at http://127.0.0.1:3004/v1/try-on');
  expect(providerSummary({ VTON_PROVIDER: 'local' })).toBe('local');
  expect(placementSummary({})).toBe('local');
  expect(placementSummary({ PLACEMENT_PROVIDER: 'bfl', BFL_API_KEY: 'bfl-secret', BFL_API_URL: 'http://127.0.0.1:4106' })).toBe('bfl at http://127.0.0.1:4106 (flux-2-pro)');
  expect(placementSummary({ PLACEMENT_PROVIDER: 'gemini', GEMINI_API_KEY: 'gm-secret' })).toBe('gemini at the Gemini API (gemini-3.1-flash-image)');
});
