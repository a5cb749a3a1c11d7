// Plain ESM tests, no transform: they read YAML and Dockerfiles and need nothing compiled.
export default { testEnvironment: 'node', transform: {}, testMatch: ['<rootDir>/test/**/*.test.mjs'] };
