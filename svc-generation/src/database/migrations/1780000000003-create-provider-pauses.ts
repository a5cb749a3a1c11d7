import { sqlMigration } from '@vton/service-kit';

/**
 * A provider that answered 429 with Retry-After is paused for the whole fleet until then: no worker
 * claims a model for it before `paused_until` (JobQueue.claim reads this row under the claim lock).
 */
export const CreateProviderPauses1780000000003 = sqlMigration('CreateProviderPauses1780000000003', {
  up: (s) => [
    `
      CREATE TABLE ${s}."provider_pauses" (
        "provider" text PRIMARY KEY,
        "paused_until" timestamptz NOT NULL,
        "reason" text NOT NULL DEFAULT '',
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: (s) => [
    `DROP TABLE ${s}."provider_pauses"`,
  ],
});
