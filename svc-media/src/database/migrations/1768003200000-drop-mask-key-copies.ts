import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34: columns nothing reads. A mask's object key was written into three of spec §3's columns
 * ("maskedPath", "inpaintProcessedMaskPath" and the authoritative "inpaintMaskObjectStorageKey"), its
 * region's into two ("inpaintCroppedImagePath" and "inpaintCroppedObjectStorageKey"); a model photo's
 * "maskData" was only ever written as null. The copies and "maskData" go; the object keys stay.
 */
export class DropMaskKeyCopies1768003200000 implements MigrationInterface {
  name = 'DropMaskKeyCopies1768003200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."model_masks" DROP COLUMN "maskedPath", DROP COLUMN "inpaintProcessedMaskPath", DROP COLUMN "inpaintCroppedImagePath"`);
    await queryRunner.query(`ALTER TABLE ${s}."models" DROP COLUMN "maskData"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`ALTER TABLE ${s}."models" ADD COLUMN "maskData" jsonb`);
    await queryRunner.query(`ALTER TABLE ${s}."model_masks" ADD COLUMN "maskedPath" text, ADD COLUMN "inpaintProcessedMaskPath" text, ADD COLUMN "inpaintCroppedImagePath" text`);
    await queryRunner.query(
      `UPDATE ${s}."model_masks" SET "maskedPath" = "inpaintMaskObjectStorageKey", "inpaintProcessedMaskPath" = "inpaintMaskObjectStorageKey", "inpaintCroppedImagePath" = "inpaintCroppedObjectStorageKey"`,
    );
  }
}
