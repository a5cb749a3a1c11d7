import { loadConfig } from '@vton/service-kit';
import { MediaConfig } from '../config/media.config.js';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', MEDIA_URL_SIGNING_SECRET: 'x'.repeat(40) };

describe('svc-media configuration', () => {
  it('requires MEDIA_URL_SIGNING_SECRET everywhere, of at least 32 characters: nothing is derived from the S3 credentials', () => {
    const rule = 'MEDIA_URL_SIGNING_SECRET must be set to at least 32 random characters (npm start generates one into its data folder)';
    const { MEDIA_URL_SIGNING_SECRET: _unset, ...without } = base;
    expect(() => loadConfig(MediaConfig, without)).toThrow(rule);
    expect(() => loadConfig(MediaConfig, { ...base, MEDIA_URL_SIGNING_SECRET: 'short' })).toThrow(rule);
    expect(loadConfig(MediaConfig, base).MEDIA_URL_SIGNING_SECRET).toBe('x'.repeat(40));
  });

  it('reads the limits from the environment with their defaults', () => {
    expect(loadConfig(MediaConfig, base)).toMatchObject({ MAX_UPLOAD_BYTES: 52428800, MAX_INPUT_PIXELS: 100_000_000, MAX_DATA_URL_BYTES: 52428800, MAX_FILES_PER_UPLOAD: 10, MAX_UPLOAD_REQUEST_BYTES: 209715200, SIGNED_URL_TTL_SECONDS: 3600 });
    expect(loadConfig(MediaConfig, { ...base, MAX_UPLOAD_BYTES: '1048576' }).MAX_UPLOAD_BYTES).toBe(1048576);
    expect(() => loadConfig(MediaConfig, { ...base, MAX_INPUT_PIXELS: 'lots' })).toThrow('MAX_INPUT_PIXELS must be');
  });

  it("gives an upload 15 minutes, as the Gateway's route does (Node's own 300 s cut a 200 MiB upload at 2 Mbit/s off with a 408)", () => {
    expect(loadConfig(MediaConfig, base).HTTP_REQUEST_TIMEOUT_SECONDS).toBe(900);
    expect(loadConfig(MediaConfig, { ...base, HTTP_REQUEST_TIMEOUT_SECONDS: '1200' }).HTTP_REQUEST_TIMEOUT_SECONDS).toBe(1200);
    expect(() => loadConfig(MediaConfig, { ...base, HTTP_REQUEST_TIMEOUT_SECONDS: '5' })).toThrow('HTTP_REQUEST_TIMEOUT_SECONDS must be a whole number of seconds from 10 to 86400');
  });
});
