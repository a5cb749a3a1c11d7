import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A model photo keeps its suggested mask until it is approved, so a reload (or another browser) finds it (issue 32). */
export class SuggestedMasks1767744000000 implements MigrationInterface {
  name = 'SuggestedMasks1767744000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."models" ADD COLUMN "suggestedMaskObjectStorageKey" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."models" DROP COLUMN "suggestedMaskObjectStorageKey"`);
  }
}
