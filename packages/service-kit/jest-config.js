import { fileURLToPath } from 'node:url';

/**
 * The jest setup every service shares: ESM + swc with the build's decorator settings (so
 * Nest's metadata-based injection works as in dist), the kit run from source (a change in
 * it needs no build first), and, for services, real Postgres/S3/MailDev from local-stack.
 */
export function serviceJestConfig({ withInfrastructure = true } = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: {
      '^.+\\.ts$': ['@swc/jest', {
        module: { type: 'es6' },
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          keepClassNames: true,
        },
      }],
    },
    moduleNameMapper: {
      '^@vton/service-kit$': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
    setupFiles: [fileURLToPath(new URL('./jest-setup.js', import.meta.url))],
    testTimeout: 30_000,
    ...(withInfrastructure
      ? { globalSetup: '@vton/local-stack/jest-global-setup', globalTeardown: '@vton/local-stack/jest-global-teardown' }
      : {}),
  };
}
