import { sqlMigration } from '@vton/service-kit';

/**
 * Spec §3 garments, models, generated_images and try_on_results, plus what the API needs
 * beside them (dimensions, thumbnails, the last mask error). userId is stored from the
 * token: users live in svc-auth's schema, so there is no foreign key to them.
 */
export const CreateMediaTables1767312000000 = sqlMigration('CreateMediaTables1767312000000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."garments" (
        "id" serial PRIMARY KEY,
        "userId" integer NOT NULL,
        "filename" text NOT NULL,
        "originalPath" text NOT NULL,
        "croppedPath" text,
        "cropData" jsonb,
        "objectStorageKey" text,
        "croppedObjectStorageKey" text,
        "isObjectStorage" boolean NOT NULL DEFAULT false,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "uploadedAt" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "garments_userId_id" ON ${s}."garments" ("userId", "id")`,

    `
      CREATE TABLE ${s}."models" (
        "id" serial PRIMARY KEY,
        "userId" integer NOT NULL,
        "filename" text NOT NULL,
        "originalPath" text NOT NULL,
        "maskedPath" text,
        "maskData" jsonb,
        "inpaintMaskData" jsonb,
        "inpaintCropBounds" jsonb,
        "inpaintCroppedImagePath" text,
        "inpaintProcessedMaskPath" text,
        "objectStorageKey" text,
        "thumbnailObjectStorageKey" text,
        "inpaintCroppedObjectStorageKey" text,
        "inpaintMaskObjectStorageKey" text,
        "isObjectStorage" boolean NOT NULL DEFAULT false,
        "status" text NOT NULL DEFAULT 'uploading' CHECK ("status" IN ('uploading', 'processing', 'uploaded', 'ready')),
        "error" text,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "uploadedAt" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "models_userId_id" ON ${s}."models" ("userId", "id")`,

    `
      CREATE TABLE ${s}."generated_images" (
        "id" serial PRIMARY KEY,
        "userId" integer NOT NULL,
        "imageUrl" text NOT NULL,
        "imagePath" text,
        "garmentId" integer REFERENCES ${s}."garments" ("id") ON DELETE SET NULL,
        "modelId" integer REFERENCES ${s}."models" ("id") ON DELETE SET NULL,
        "prompt" text,
        "metadata" jsonb,
        "generationType" text NOT NULL DEFAULT 'vton' CHECK ("generationType" IN ('vton', 'mock')),
        "objectStorageKey" text,
        "thumbnailObjectStorageKey" text,
        "isObjectStorage" boolean NOT NULL DEFAULT false,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "generated_images_userId_id" ON ${s}."generated_images" ("userId", "id" DESC)`,

    // A try-on record goes with its model, its garment or its gallery image.
    `
      CREATE TABLE ${s}."try_on_results" (
        "id" serial PRIMARY KEY,
        "userId" integer NOT NULL,
        "garmentId" integer NOT NULL REFERENCES ${s}."garments" ("id") ON DELETE CASCADE,
        "modelId" integer NOT NULL REFERENCES ${s}."models" ("id") ON DELETE CASCADE,
        "resultPath" text NOT NULL,
        "generatedImageId" integer REFERENCES ${s}."generated_images" ("id") ON DELETE CASCADE,
        "metadata" jsonb,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "try_on_results_userId" ON ${s}."try_on_results" ("userId")`,
  ],
  down: (s) => ['try_on_results', 'generated_images', 'models', 'garments'].map((table) => `DROP TABLE IF EXISTS ${s}."${table}"`),
});
