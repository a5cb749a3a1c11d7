import { test as base, expect } from '@playwright/test';

/**
 * baseURL comes from the stack the global setup started (workers inherit its environment).
 * @type {import('@playwright/test').TestType<import('@playwright/test').PlaywrightTestArgs & import('@playwright/test').PlaywrightTestOptions & { mailInboxUrl: string, cspViolations: string[] }, import('@playwright/test').PlaywrightWorkerArgs & import('@playwright/test').PlaywrightWorkerOptions>}
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  baseURL: async ({}, use) => { await use(process.env.E2E_BASE_URL); },
  // eslint-disable-next-line no-empty-pattern -- as above
  mailInboxUrl: async ({}, use) => { await use(process.env.E2E_MAIL_INBOX_URL); },
  /**
   * Every test runs under the pages' Content-Security-Policy and fails if the browser refused
   * anything because of it: module federation, styled-components and the studio's canvases
   * have to work within the policy, not beside it.
   */
  cspViolations: [async ({ page }, use) => {
    const violations = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(violations);
    expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
  }, { auto: true }],
});
export { expect };

/**
 * Console errors and uncaught exceptions of the page, as they happen. A failed request is one
 * too (Chromium prints every 4xx/5xx answer in red), so a normal visit must have none.
 * @param {import('@playwright/test').Page} page
 */
export function collectConsoleErrors(page) {
  /** @type {string[]} */
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
