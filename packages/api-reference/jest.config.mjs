export default { testEnvironment: 'node', transform: {}, testMatch: ['<rootDir>/test/**/*.test.mjs'], testTimeout: 120_000 };
