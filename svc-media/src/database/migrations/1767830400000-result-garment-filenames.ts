import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each gallery image keeps the garment photo's file name as well as the model photo's, so a result
 * names its product and model (issue 32), also after the garment photo is replaced.
 */
export class ResultGarmentFilenames1767830400000 implements MigrationInterface {
  name = 'ResultGarmentFilenames1767830400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."generated_images" ADD COLUMN "garmentFilename" text`);
    await queryRunner.query(
      `UPDATE ${s}."generated_images" g SET "garmentFilename" = r."filename" FROM ${s}."garments" r WHERE g."garmentId" = r."id" AND g."userId" = r."userId"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."generated_images" DROP COLUMN "garmentFilename"`);
  }
}
