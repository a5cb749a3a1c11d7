export default {
  testEnvironment: 'node',
  transform: {},
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
  globalSetup: '<rootDir>/test/build-once.mjs',
  // Most suites wait on whole stacks starting, stopping and failing: two at a time keep two cores
  // busy. Their ports never meet (ports.mjs hands each out once across live processes).
  maxWorkers: '100%',
};
