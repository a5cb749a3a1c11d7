import { sqlMigration } from '@vton/service-kit';

/**
 * A try-on result saved by svc-generation's workers carries an idempotency key (job, model, run):
 * a run that was redelivered and saved twice still leaves one gallery image and one try_on_results
 * row. Unique per account; rows saved by the browser have none.
 */
export const TryOnResultIdempotency1767398400000 = sqlMigration('TryOnResultIdempotency1767398400000', {
  up: (s) => [
    `ALTER TABLE ${s}."generated_images" ADD COLUMN "idempotencyKey" text`,
    `CREATE UNIQUE INDEX "generated_images_userId_idempotencyKey" ON ${s}."generated_images" ("userId", "idempotencyKey") WHERE "idempotencyKey" IS NOT NULL`,
  ],
  down: (s) => [`DROP INDEX ${s}."generated_images_userId_idempotencyKey"`, `ALTER TABLE ${s}."generated_images" DROP COLUMN "idempotencyKey"`],
});
