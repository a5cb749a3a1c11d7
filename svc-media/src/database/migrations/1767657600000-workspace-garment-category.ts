import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The workspace keeps the garment category the seller chose, so a reload doesn't reset it to upper body. */
export class WorkspaceGarmentCategory1767657600000 implements MigrationInterface {
  name = 'WorkspaceGarmentCategory1767657600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."workspaces" ADD COLUMN "garmentCategory" text NOT NULL DEFAULT 'upper_body'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."workspaces" DROP COLUMN "garmentCategory"`);
  }
}
