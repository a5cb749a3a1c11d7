import { sqlMigration } from '@vton/service-kit';

/**
 * Each gallery image gets its number ("Result #n"), 1 for a seller's first, kept for good: a reload,
 * a new result or a delete never renumbers the others (issue 21). Existing images are numbered
 * in the order they were saved. It also keeps the model photo's file name, the result's caption,
 * which outlives the photo.
 */
export const ResultNumbers1767484800000 = sqlMigration('ResultNumbers1767484800000', {
  up: (s) => [
    `ALTER TABLE ${s}."generated_images" ADD COLUMN "number" integer`,
    `ALTER TABLE ${s}."generated_images" ADD COLUMN "modelFilename" text`,
    `UPDATE ${s}."generated_images" g SET "number" = n."number"
         FROM (SELECT "id", row_number() OVER (PARTITION BY "userId" ORDER BY "id") AS "number" FROM ${s}."generated_images") n
        WHERE g."id" = n."id"`,
    `UPDATE ${s}."generated_images" g SET "modelFilename" = m."filename" FROM ${s}."models" m WHERE g."modelId" = m."id" AND g."userId" = m."userId"`,
    `ALTER TABLE ${s}."generated_images" ALTER COLUMN "number" SET NOT NULL`,
    `CREATE UNIQUE INDEX "generated_images_userId_number" ON ${s}."generated_images" ("userId", "number")`,
  ],
  down: (s) => [
    `DROP INDEX ${s}."generated_images_userId_number"`,
    `ALTER TABLE ${s}."generated_images" DROP COLUMN "modelFilename"`,
    `ALTER TABLE ${s}."generated_images" DROP COLUMN "number"`,
  ],
});
