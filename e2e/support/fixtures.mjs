import { test as base, expect } from '@playwright/test';

/** baseURL comes from the stack the global setup started (workers inherit its environment). */
export const test = base.extend({
  baseURL: async ({}, use) => { await use(process.env.E2E_BASE_URL); },
  mailInboxUrl: async ({}, use) => { await use(process.env.E2E_MAIL_INBOX_URL); },
});
export { expect };
