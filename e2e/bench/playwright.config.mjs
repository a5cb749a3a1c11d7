import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_ARGS } from '../support/chromium.mjs';

/** Benchmarks in the browser (`npm run bench -w e2e`): the same stack and Chromium as the suite; they print figures and assert no time. */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.bench\.mjs$/,
  globalSetup: '../support/global-setup.mjs',
  timeout: 900_000,
  expect: { timeout: 180_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../test-results/bench',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
