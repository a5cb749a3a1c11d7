import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A provider that answered 429 with Retry-After is paused for the whole fleet until then: no worker
 * claims a model for it before `paused_until` (JobQueue.claim reads this row under the claim lock).
 */
export class CreateProviderPauses1780000000003 implements MigrationInterface {
  name = 'CreateProviderPauses1780000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}."provider_pauses" (
        "provider" text PRIMARY KEY,
        "paused_until" timestamptz NOT NULL,
        "reason" text NOT NULL DEFAULT '',
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`DROP TABLE ${s}."provider_pauses"`);
  }
}
