import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_ARGS } from './support/chromium.mjs';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.mjs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
