module.exports = require('../packages/webpack-config/jest.preset.cjs').jestConfig(__dirname);
