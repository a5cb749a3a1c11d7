const config = require('../packages/webpack-config/jest.preset.cjs').jestConfig(__dirname);

// The account screens are lazy in the app; tests render them synchronously (src/test/setup.ts).
module.exports = { ...config, setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/test/setup.ts'] };
