module.exports = require('../webpack-config/jest.preset.cjs').jestConfig(__dirname);
