import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A try-on result saved by svc-generation's workers carries an idempotency key (job, model, run):
 * a run that was redelivered and saved twice still leaves one gallery image and one try_on_results
 * row. Unique per account; rows saved by the browser have none.
 */
export class TryOnResultIdempotency1767398400000 implements MigrationInterface {
  name = 'TryOnResultIdempotency1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."generated_images" ADD COLUMN "idempotencyKey" text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "generated_images_userId_idempotencyKey" ON ${s}."generated_images" ("userId", "idempotencyKey") WHERE "idempotencyKey" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`DROP INDEX ${s}."generated_images_userId_idempotencyKey"`);
    await queryRunner.query(`ALTER TABLE ${s}."generated_images" DROP COLUMN "idempotencyKey"`);
  }
}
