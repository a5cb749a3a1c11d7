import { IsOptional, IsUrl } from 'class-validator';
import { ConfigurationError, loadConfig } from './load-config.js';
import { ServiceConfig } from './service-config.js';

class ExampleConfig extends ServiceConfig {
  PORT = 3009;
  DATABASE_SCHEMA = 'example';

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'ENGINE_URL must be an http(s) URL' })
  ENGINE_URL?: string;
}

const valid = { DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/vton' };

function problemsOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(ExampleConfig, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadConfig', () => {
  it('applies the service defaults when only the required variables are set', () => {
    const config = loadConfig(ExampleConfig, valid);
    expect(config).toBeInstanceOf(ExampleConfig);
    expect(config).toMatchObject({
      PORT: 3009,
      HOST: '0.0.0.0',
      DATABASE_SCHEMA: 'example',
      MIGRATIONS_RUN: true,
      LOG_LEVEL: 'info',
      JSON_BODY_LIMIT: '60mb',
      AUTH_JWKS_URL: 'http://127.0.0.1:3001/api/auth/.well-known/jwks.json',
    });
  });

  it('converts numbers and flags written in the environment', () => {
    const config = loadConfig(ExampleConfig, { ...valid, PORT: '4100', MIGRATIONS_RUN: 'false' });
    expect(config.PORT).toBe(4100);
    expect(config.MIGRATIONS_RUN).toBe(false);
  });

  it('names a missing DATABASE_URL', () => {
    expect(problemsOf({})).toBe('Invalid configuration: DATABASE_URL must be a postgres:// URL');
  });

  it('names every invalid variable at once', () => {
    const message = problemsOf({ DATABASE_URL: 'mysql://x', PORT: 'eighty', ENGINE_URL: 'nope', MIGRATIONS_RUN: 'maybe' });
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('PORT must be a whole number between 0 and 65535');
    expect(message).toContain('ENGINE_URL must be an http(s) URL');
    expect(message).toContain("MIGRATIONS_RUN must be 'true' or 'false'");
  });

  it('refuses a schema name that is not a plain identifier (it is written into SQL)', () => {
    expect(problemsOf({ ...valid, DATABASE_SCHEMA: 'auth"; drop' })).toContain('DATABASE_SCHEMA must be a lower-case SQL identifier');
  });

  it('treats empty variables as unset and ignores undeclared ones', () => {
    const config = loadConfig(ExampleConfig, { ...valid, HOST: '', PATH: '/usr/bin' });
    expect(config.HOST).toBe('0.0.0.0');
    expect(config).not.toHaveProperty('PATH');
  });

  it('believes X-Forwarded-For only from loopback unless TRUSTED_PROXIES says otherwise, and requires it in Kubernetes', () => {
    expect(loadConfig(ExampleConfig, valid).trustedProxies).toEqual(['loopback']);
    expect(loadConfig(ExampleConfig, { ...valid, TRUSTED_PROXIES: '10.244.0.0/16, 192.0.2.7,loopback' }).trustedProxies).toEqual(['10.244.0.0/16', '192.0.2.7', 'loopback']);
    expect(problemsOf({ ...valid, TRUSTED_PROXIES: '10.0.0.0/99' })).toContain('TRUSTED_PROXIES must be a comma-separated list');
    expect(problemsOf({ ...valid, TRUSTED_PROXIES: 'everyone' })).toContain('TRUSTED_PROXIES must be a comma-separated list');
    expect(problemsOf({ ...valid, KUBERNETES_SERVICE_HOST: '10.0.0.1' })).toContain('TRUSTED_PROXIES must be');
    expect(loadConfig(ExampleConfig, { ...valid, KUBERNETES_SERVICE_HOST: '10.0.0.1', TRUSTED_PROXIES: '10.244.0.0/16' }).trustedProxies).toEqual(['10.244.0.0/16']);
  });
});
