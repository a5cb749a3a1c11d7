import { sqlMigration } from '@vton/service-kit';

/**
 * Issue 34: columns nothing reads. A mask's object key was written into three of spec §3's columns
 * ("maskedPath", "inpaintProcessedMaskPath" and the authoritative "inpaintMaskObjectStorageKey"), its
 * region's into two ("inpaintCroppedImagePath" and "inpaintCroppedObjectStorageKey"); a model photo's
 * "maskData" was only ever written as null. The copies and "maskData" go; the object keys stay.
 */
export const DropMaskKeyCopies1768003200000 = sqlMigration('DropMaskKeyCopies1768003200000', {
  up: (s) => [
    `ALTER TABLE ${s}."model_masks" DROP COLUMN "maskedPath", DROP COLUMN "inpaintProcessedMaskPath", DROP COLUMN "inpaintCroppedImagePath"`,
    `ALTER TABLE ${s}."models" DROP COLUMN "maskData"`,
  ],
  down: (s) => [
    `ALTER TABLE ${s}."models" ADD COLUMN "maskData" jsonb`,
    `ALTER TABLE ${s}."model_masks" ADD COLUMN "maskedPath" text, ADD COLUMN "inpaintProcessedMaskPath" text, ADD COLUMN "inpaintCroppedImagePath" text`,
    `UPDATE ${s}."model_masks" SET "maskedPath" = "inpaintMaskObjectStorageKey", "inpaintProcessedMaskPath" = "inpaintMaskObjectStorageKey", "inpaintCroppedImagePath" = "inpaintCroppedObjectStorageKey"`,
  ],
});
