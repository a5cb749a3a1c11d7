import { serviceJestConfig } from '@vton/service-kit/jest-config';

/** `npm run bench`: jest only as the TypeScript runner with real Postgres/S3; the bench prints figures and asserts nothing. */
const base = serviceJestConfig();
export default {
  ...base,
  rootDir: '..',
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  testTimeout: 900_000,
  verbose: false,
};
