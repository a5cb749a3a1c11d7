import { sqlMigration } from '@vton/service-kit';

/**
 * A result names its product by the product's name in the library, not by its photo's file name (a
 * product can be renamed). The name is kept with the result for when the product is deleted (its
 * results stay in the gallery); while the product exists the gallery answers its name as it is now.
 * Existing results take their product's name, or, the product gone, the name it started with (the
 * file's name without the extension, ProductLibraryAndCategoryMasks1767916800000).
 * Expand only (deploy/README: migrations run while the release before keeps serving): the release
 * before reads and writes "garmentFilename", so that column stays, and is written as before, until
 * the release after this one drops it.
 */
export const ResultProductNames1768089600000 = sqlMigration('ResultProductNames1768089600000', {
  up: (s) => [
    `ALTER TABLE ${s}."generated_images" ADD COLUMN "productName" text`,
    `UPDATE ${s}."generated_images" SET "productName" = COALESCE(NULLIF(regexp_replace("garmentFilename", '\\.[^.]*$', ''), ''), "garmentFilename") WHERE "garmentFilename" IS NOT NULL`,
    `UPDATE ${s}."generated_images" g SET "productName" = r."name" FROM ${s}."garments" r WHERE g."garmentId" = r."id" AND g."userId" = r."userId"`,
  ],
  down: (s) => [`ALTER TABLE ${s}."generated_images" DROP COLUMN "productName"`],
});
