/**
 * The one jest setup every frontend package uses: swc for TS/TSX (automatic JSX runtime),
 * jsdom, and the @vton/* workspace packages read from their sources so tests never depend
 * on a prior build.
 */
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

function jestConfig(dirname) {
  const setupFiles = [path.join(__dirname, 'jest.setup.cjs')];
  try {
    // jest-dom lives in each app's own node_modules; packages without it use plain assertions.
    setupFiles.push(require.resolve('@testing-library/jest-dom', { paths: [dirname] }));
  } catch {
    /* not installed for this package */
  }
  return {
    rootDir: dirname,
    testEnvironment: path.join(__dirname, 'jest.environment.cjs'),
    testMatch: ['<rootDir>/src/**/*.(spec|test).[jt]s?(x)'],
    transform: {
      '^.+\\.[jt]sx?$': [
        require.resolve('@swc/jest', { paths: [repoRoot] }),
        {
          swcrc: false,
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // Dependencies published as ESM only under jsdom's `browser` condition (eventsource-parser 4)
    // are compiled to CommonJS like our sources; the rest of node_modules is loaded as it is.
    transformIgnorePatterns: ['/node_modules/(?!eventsource-parser/)'],
    moduleNameMapper: {
      '^@vton/(contracts|ui|shell-sdk|results)$': `${repoRoot}/packages/$1/src/index.ts`,
      '^@vton/ui/(modals|toasts)$': `${repoRoot}/packages/ui/src/$1.ts`,
      '^@vton/shell-sdk/testing$': `${repoRoot}/packages/shell-sdk/src/testing/index.tsx`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFilesAfterEnv: setupFiles,
  };
}

module.exports = { jestConfig };
