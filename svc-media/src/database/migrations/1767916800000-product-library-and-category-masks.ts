import { sqlMigration } from '@vton/service-kit';

const CATEGORIES = `('upper_body', 'lower_body', 'full_body', 'product')`;
/** The categories a suggested mask can be for: a product's mask is painted by hand. */
const WORN_CATEGORIES = `('upper_body', 'lower_body', 'full_body')`;
/** Spec §3's mask columns of a model photo: one set per category now, in model_masks, under the same names. */
const MASK_COLUMNS = [
  '"maskedPath"',
  '"inpaintMaskData"',
  '"inpaintCropBounds"',
  '"inpaintCroppedImagePath"',
  '"inpaintProcessedMaskPath"',
  '"inpaintCroppedObjectStorageKey"',
  '"inpaintMaskObjectStorageKey"',
];

/**
 * Issue 31. The product library: each garment has a name (its file's name without the extension)
 * and a category (the saved workspace's category for the garment it holds, else upper body). Masks
 * per category: a model photo keeps one approved mask per garment category in model_masks; each
 * existing mask moves there as the category the seller's saved workspace had (upper body without one).
 * Suggested masks (issue 32, SuggestedMasks1767744000000) go per category likewise, to
 * model_suggested_masks: a suggestion is made for one category, and approving another category's
 * mask must not take it away. It runs after issue 32's migrations, whose column it moves.
 */
export const ProductLibraryAndCategoryMasks1767916800000 = sqlMigration('ProductLibraryAndCategoryMasks1767916800000', {
  up: (s) => [
    `ALTER TABLE ${s}."garments" ADD COLUMN "name" text, ADD COLUMN "category" text NOT NULL DEFAULT 'upper_body' CHECK ("category" IN ${CATEGORIES})`,
    `UPDATE ${s}."garments" SET "name" = COALESCE(NULLIF(regexp_replace("filename", '\\.[^.]*$', ''), ''), "filename")`,
    `ALTER TABLE ${s}."garments" ALTER COLUMN "name" SET NOT NULL`,
    `UPDATE ${s}."garments" g SET "category" = w."garmentCategory" FROM ${s}."workspaces" w WHERE w."garmentId" = g."id"`,

    `
      CREATE TABLE ${s}."model_masks" (
        "modelId" integer NOT NULL REFERENCES ${s}."models" ("id") ON DELETE CASCADE,
        "userId" integer NOT NULL,
        "category" text NOT NULL CHECK ("category" IN ${CATEGORIES}),
        "maskedPath" text,
        "inpaintMaskData" jsonb,
        "inpaintCropBounds" jsonb NOT NULL,
        "inpaintCroppedImagePath" text,
        "inpaintProcessedMaskPath" text,
        "inpaintCroppedObjectStorageKey" text NOT NULL,
        "inpaintMaskObjectStorageKey" text NOT NULL,
        "approvedAt" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("modelId", "category")
      )`,
    `
      INSERT INTO ${s}."model_masks" ("modelId", "userId", "category", ${MASK_COLUMNS.join(', ')}, "approvedAt")
      SELECT m."id", m."userId", COALESCE(w."garmentCategory", 'upper_body'), ${MASK_COLUMNS.map((c) => `m.${c}`).join(', ')}, m."uploadedAt"
        FROM ${s}."models" m LEFT JOIN ${s}."workspaces" w ON w."userId" = m."userId"
       WHERE m."status" = 'ready' AND m."inpaintCropBounds" IS NOT NULL
         AND m."inpaintCroppedObjectStorageKey" IS NOT NULL AND m."inpaintMaskObjectStorageKey" IS NOT NULL`,
    // A photo marked ready without a usable mask was not ready.
    `UPDATE ${s}."models" m SET "status" = 'uploaded' WHERE m."status" = 'ready' AND NOT EXISTS (SELECT 1 FROM ${s}."model_masks" k WHERE k."modelId" = m."id")`,
    `ALTER TABLE ${s}."models" ${MASK_COLUMNS.map((c) => `DROP COLUMN ${c}`).join(', ')}`,

    `
      CREATE TABLE ${s}."model_suggested_masks" (
        "modelId" integer NOT NULL REFERENCES ${s}."models" ("id") ON DELETE CASCADE,
        "userId" integer NOT NULL,
        "category" text NOT NULL CHECK ("category" IN ${WORN_CATEGORIES}),
        "objectStorageKey" text NOT NULL,
        "suggestedAt" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("modelId", "category")
      )`,
    // A waiting suggestion was made for the category the workspace was on (a product's is painted, so upper body then).
    `
      INSERT INTO ${s}."model_suggested_masks" ("modelId", "userId", "category", "objectStorageKey")
      SELECT m."id", m."userId", CASE WHEN w."garmentCategory" IN ${WORN_CATEGORIES} THEN w."garmentCategory" ELSE 'upper_body' END, m."suggestedMaskObjectStorageKey"
        FROM ${s}."models" m LEFT JOIN ${s}."workspaces" w ON w."userId" = m."userId"
       WHERE m."suggestedMaskObjectStorageKey" IS NOT NULL`,
    `ALTER TABLE ${s}."models" DROP COLUMN "suggestedMaskObjectStorageKey"`,
  ],
  down: (s) => [
    // Each photo gets back the suggestion made last (the others' files stay in the bucket).
    `ALTER TABLE ${s}."models" ADD COLUMN "suggestedMaskObjectStorageKey" text`,
    `
      UPDATE ${s}."models" m SET "suggestedMaskObjectStorageKey" = k."objectStorageKey"
        FROM (SELECT DISTINCT ON ("modelId") * FROM ${s}."model_suggested_masks" ORDER BY "modelId", "suggestedAt" DESC) k
       WHERE k."modelId" = m."id"`,
    `DROP TABLE ${s}."model_suggested_masks"`,
    `ALTER TABLE ${s}."models" ADD COLUMN "maskedPath" text, ADD COLUMN "inpaintMaskData" jsonb, ADD COLUMN "inpaintCropBounds" jsonb,
         ADD COLUMN "inpaintCroppedImagePath" text, ADD COLUMN "inpaintProcessedMaskPath" text,
         ADD COLUMN "inpaintCroppedObjectStorageKey" text, ADD COLUMN "inpaintMaskObjectStorageKey" text`,
    // Each photo gets back the mask approved last (the others' files stay in the bucket).
    `
      UPDATE ${s}."models" m SET ${MASK_COLUMNS.map((c) => `${c} = k.${c}`).join(', ')}
        FROM (SELECT DISTINCT ON ("modelId") * FROM ${s}."model_masks" ORDER BY "modelId", "approvedAt" DESC) k
       WHERE k."modelId" = m."id"`,
    `DROP TABLE ${s}."model_masks"`,
    `ALTER TABLE ${s}."garments" DROP COLUMN "category", DROP COLUMN "name"`,
  ],
});
