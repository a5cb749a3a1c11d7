import { sqlMigration } from '@vton/service-kit';

/** The garment category a job was started with (the studio's control), passed to providers that take one. */
export const AddGarmentCategory1780000000002 = sqlMigration('AddGarmentCategory1780000000002', {
  up: (s) => [
    `ALTER TABLE ${s}."try_on_jobs" ADD COLUMN "garment_category" text NOT NULL DEFAULT 'upper_body'`,
  ],
  down: (s) => [
    `ALTER TABLE ${s}."try_on_jobs" DROP COLUMN "garment_category"`,
  ],
});
