import { sqlMigration } from '@vton/service-kit';

/**
 * Each gallery image keeps the garment photo's file name as well as the model photo's, so a result
 * names its product and model (issue 32), also after the garment photo is replaced.
 */
export const ResultGarmentFilenames1767830400000 = sqlMigration('ResultGarmentFilenames1767830400000', {
  up: (s) => [
    `ALTER TABLE ${s}."generated_images" ADD COLUMN "garmentFilename" text`,
    `UPDATE ${s}."generated_images" g SET "garmentFilename" = r."filename" FROM ${s}."garments" r WHERE g."garmentId" = r."id" AND g."userId" = r."userId"`,
  ],
  down: (s) => [`ALTER TABLE ${s}."generated_images" DROP COLUMN "garmentFilename"`],
});
