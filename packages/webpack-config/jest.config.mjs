export default { testEnvironment: 'node', transform: {}, testMatch: ['<rootDir>/test/**/*.test.mjs'] };
