import { loadConfig } from '@vton/service-kit';
import { MediaConfig } from '../config/media.config.js';

const base = {
  DATABASE_URL: 'postgres://x@127.0.0.1/db',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  MEDIA_URL_SIGNING_SECRET: 's'.repeat(40),
};
// Kubernetes requires the trusted proxies as well; this spec is about the service secret.
const inKubernetes = { KUBERNETES_SERVICE_HOST: '10.0.0.1', TRUSTED_PROXIES: '10.0.0.0/8' };

describe('GENERATION_SERVICE_SECRET (the workers’ service credential)', () => {
  it('is required in Kubernetes, optional elsewhere (the internal routes then answer 503), and never short', () => {
    expect(() => loadConfig(MediaConfig, { ...base, ...inKubernetes })).toThrow(
      'GENERATION_SERVICE_SECRET must be at least 32 characters (required when running in Kubernetes)',
    );
    expect(loadConfig(MediaConfig, base).GENERATION_SERVICE_SECRET).toBeUndefined();
    expect(() => loadConfig(MediaConfig, { ...base, GENERATION_SERVICE_SECRET: 'short' })).toThrow('GENERATION_SERVICE_SECRET must be at least 32 characters');
    expect(loadConfig(MediaConfig, { ...base, ...inKubernetes, GENERATION_SERVICE_SECRET: 'g'.repeat(43) }).GENERATION_SERVICE_SECRET).toBe('g'.repeat(43));
  });
});
