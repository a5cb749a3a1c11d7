import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec §3 garments, models, generated_images and try_on_results, plus what the API needs
 * beside them (dimensions, thumbnails, the last mask error). userId is stored from the
 * token: users live in svc-auth's schema, so there is no foreign key to them.
 */
export class CreateMediaTables1767312000000 implements MigrationInterface {
  name = 'CreateMediaTables1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`
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
      )`);
    await queryRunner.query(`CREATE INDEX "garments_userId_id" ON ${s}."garments" ("userId", "id")`);

    await queryRunner.query(`
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
      )`);
    await queryRunner.query(`CREATE INDEX "models_userId_id" ON ${s}."models" ("userId", "id")`);

    await queryRunner.query(`
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
      )`);
    await queryRunner.query(`CREATE INDEX "generated_images_userId_id" ON ${s}."generated_images" ("userId", "id" DESC)`);

    // A try-on record goes with its model, its garment or its gallery image.
    await queryRunner.query(`
      CREATE TABLE ${s}."try_on_results" (
        "id" serial PRIMARY KEY,
        "userId" integer NOT NULL,
        "garmentId" integer NOT NULL REFERENCES ${s}."garments" ("id") ON DELETE CASCADE,
        "modelId" integer NOT NULL REFERENCES ${s}."models" ("id") ON DELETE CASCADE,
        "resultPath" text NOT NULL,
        "generatedImageId" integer REFERENCES ${s}."generated_images" ("id") ON DELETE CASCADE,
        "metadata" jsonb,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "try_on_results_userId" ON ${s}."try_on_results" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    for (const table of ['try_on_results', 'generated_images', 'models', 'garments']) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${s}."${table}"`);
    }
  }
}
