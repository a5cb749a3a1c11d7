import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The garment category a job was started with (the studio's control), passed to providers that take one. */
export class AddGarmentCategory1780000000002 implements MigrationInterface {
  name = 'AddGarmentCategory1780000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."try_on_jobs" ADD COLUMN "garment_category" text NOT NULL DEFAULT 'upper_body'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."try_on_jobs" DROP COLUMN "garment_category"`);
  }
}
