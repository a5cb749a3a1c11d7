import { loadConfig } from '@vton/service-kit';
import { MediaConfig } from '../config/media.config.js';
import { signingSecret } from './signing-secret.js';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('signing secret of image URLs', () => {
  it('uses MEDIA_URL_SIGNING_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    expect(signingSecret(loadConfig(MediaConfig, { ...base, MEDIA_URL_SIGNING_SECRET: secret })).toString()).toBe(secret);
  });

  it('derives a stable secret from the S3 credentials otherwise (npm start, tests)', () => {
    const a = signingSecret(loadConfig(MediaConfig, base));
    expect(a).toHaveLength(32);
    expect(signingSecret(loadConfig(MediaConfig, base)).equals(a)).toBe(true);
    expect(signingSecret(loadConfig(MediaConfig, { ...base, S3_SECRET_KEY: 'other' })).equals(a)).toBe(false);
  });

  it('requires it in Kubernetes, and refuses a short one anywhere', () => {
    expect(() => loadConfig(MediaConfig, { ...base, KUBERNETES_SERVICE_HOST: '10.0.0.1' })).toThrow('MEDIA_URL_SIGNING_SECRET must be at least 32 characters (required when running in Kubernetes)');
    expect(() => loadConfig(MediaConfig, { ...base, MEDIA_URL_SIGNING_SECRET: 'short' })).toThrow('MEDIA_URL_SIGNING_SECRET must be at least 32 characters');
  });

  it('reads the limits from the environment with their defaults', () => {
    expect(loadConfig(MediaConfig, base)).toMatchObject({ MAX_UPLOAD_BYTES: 52428800, MAX_INPUT_PIXELS: 100_000_000, MAX_DATA_URL_BYTES: 52428800, MAX_FILES_PER_UPLOAD: 10, MAX_UPLOAD_REQUEST_BYTES: 209715200, SIGNED_URL_TTL_SECONDS: 3600 });
    expect(loadConfig(MediaConfig, { ...base, MAX_UPLOAD_BYTES: '1048576' }).MAX_UPLOAD_BYTES).toBe(1048576);
    expect(() => loadConfig(MediaConfig, { ...base, MAX_INPUT_PIXELS: 'lots' })).toThrow('MAX_INPUT_PIXELS must be');
  });
});
