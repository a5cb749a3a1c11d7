import { mediaDatabase } from '../src/database/data-source.js';
import { MigrationSchema } from './migration-schema.js';

/**
 * Issue 31's migration on real Postgres, after issue 32's (suggested masks, results' garment file
 * names): existing masks and suggested masks move to model_masks and model_suggested_masks as the
 * category the seller's saved workspace had, garments get a name and that category.
 */
describe('migration: product library and masks per category (after issue 32\'s suggested masks)', () => {
  const schema = new MigrationSchema();
  const { s } = schema;

  afterAll(() => schema.drop());

  it('moves each ready mask to the workspace’s category (upper body without one) and names the garments', async () => {
    const migrations = mediaDatabase.migrations;
    const last = MigrationSchema.indexOf('ProductLibraryAndCategoryMasks1767916800000');
    // It runs after both of issue 32's migrations, whose suggested-mask column it moves.
    expect(migrations.slice(last - 2, last).map((m) => m.name)).toEqual(['SuggestedMasks1767744000000', 'ResultGarmentFilenames1767830400000']);
    const before = await schema.migrated(last);
    const mask = (id: number) => [`1/models/${id}-inpaint-cropped.png`, `1/models/${id}-inpaint-mask.png`, JSON.stringify({ x: 1, y: 2, width: 30, height: 30 })];
    await before.query(`INSERT INTO ${s}.garments (id, "userId", filename, "originalPath", width, height) VALUES (1, 10, 'Chinos.final.jpg', 'k', 9, 9), (2, 10, 'shirt.png', 'k', 9, 9), (3, 20, '.png', 'k', 9, 9)`);
    const insertModel = `INSERT INTO ${s}.models (id, "userId", filename, "originalPath", status, width, height, "inpaintCroppedObjectStorageKey", "inpaintMaskObjectStorageKey", "inpaintCropBounds", "suggestedMaskObjectStorageKey")
      VALUES ($1, $2, 'm.png', 'k', $3, 100, 100, $4, $5, $6, $7)`;
    const suggested = (id: number) => `1/models/${id}-suggested-mask.v1.png`;
    await before.query(insertModel, [1, 10, 'ready', ...mask(1), null]);
    await before.query(insertModel, [2, 20, 'ready', ...mask(2), suggested(2)]);
    await before.query(insertModel, [3, 10, 'uploaded', null, null, null, suggested(3)]);
    await before.query(insertModel, [4, 20, 'ready', null, null, null, null]);
    await before.query(insertModel, [5, 30, 'uploaded', null, null, null, suggested(5)]);
    // Seller 10's workspace was on lower body with garment 1; seller 20 never saved one; seller 30's is on Product (never suggested).
    await before.query(`INSERT INTO ${s}.workspaces ("userId", "garmentId", "garmentCategory") VALUES (10, 1, 'lower_body'), (30, NULL, 'product')`);
    await before.destroy();

    const db = await schema.migrated(last + 1);
    expect(await db.query(`SELECT "modelId", category, "inpaintMaskObjectStorageKey" AS key, "inpaintCropBounds" AS bounds FROM ${s}.model_masks ORDER BY "modelId"`)).toEqual([
      { modelId: 1, category: 'lower_body', key: '1/models/1-inpaint-mask.png', bounds: { x: 1, y: 2, width: 30, height: 30 } },
      { modelId: 2, category: 'upper_body', key: '1/models/2-inpaint-mask.png', bounds: { x: 1, y: 2, width: 30, height: 30 } },
    ]);
    // A photo marked ready without a mask was not ready.
    expect(await db.query(`SELECT id, status FROM ${s}.models ORDER BY id`)).toEqual([
      { id: 1, status: 'ready' },
      { id: 2, status: 'ready' },
      { id: 3, status: 'uploaded' },
      { id: 4, status: 'uploaded' },
      { id: 5, status: 'uploaded' },
    ]);
    // Each waiting suggestion is its workspace's category's (upper body without one, or on Product).
    expect(await db.query(`SELECT "modelId", "userId", category, "objectStorageKey" AS key FROM ${s}.model_suggested_masks ORDER BY "modelId"`)).toEqual([
      { modelId: 2, userId: 20, category: 'upper_body', key: suggested(2) },
      { modelId: 3, userId: 10, category: 'lower_body', key: suggested(3) },
      { modelId: 5, userId: 30, category: 'upper_body', key: suggested(5) },
    ]);
    expect(await db.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'models' AND column_name IN ('suggestedMaskObjectStorageKey', 'inpaintMaskObjectStorageKey')`, [schema.name])).toEqual([]);
    expect(await db.query(`SELECT id, name, category FROM ${s}.garments ORDER BY id`)).toEqual([
      { id: 1, name: 'Chinos.final', category: 'lower_body' },
      { id: 2, name: 'shirt', category: 'upper_body' },
      { id: 3, name: '.png', category: 'upper_body' },
    ]);

    // And back: each photo gets its mask and its suggestion again.
    await db.undoLastMigration();
    expect(await db.query(`SELECT id, "inpaintMaskObjectStorageKey" AS key FROM ${s}.models WHERE "inpaintMaskObjectStorageKey" IS NOT NULL ORDER BY id`)).toEqual([
      { id: 1, key: '1/models/1-inpaint-mask.png' },
      { id: 2, key: '1/models/2-inpaint-mask.png' },
    ]);
    expect(await db.query(`SELECT id, "suggestedMaskObjectStorageKey" AS key FROM ${s}.models WHERE "suggestedMaskObjectStorageKey" IS NOT NULL ORDER BY id`)).toEqual([
      { id: 2, key: suggested(2) },
      { id: 3, key: suggested(3) },
      { id: 5, key: suggested(5) },
    ]);
  });

  it('then drops the mask key copies and models.maskData, and puts them back on the way down (issue 34)', async () => {
    // up to issue 34's migration, the last one undone below (later ones are not about it)
    const all = await schema.migrated(MigrationSchema.indexOf('DropMaskKeyCopies1768003200000') + 1);
    const columns = async () =>
      (
        await all.query(
          `SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = $1 AND column_name IN ('maskedPath', 'inpaintProcessedMaskPath', 'inpaintCroppedImagePath', 'maskData', 'inpaintMaskObjectStorageKey') ORDER BY 1`,
          [schema.name],
        )
      ).map((r: { c: string }) => r.c);
    expect(await columns()).toEqual(['model_masks.inpaintMaskObjectStorageKey']);
    await all.undoLastMigration();
    expect(await columns()).toEqual(['model_masks.inpaintCroppedImagePath', 'model_masks.inpaintMaskObjectStorageKey', 'model_masks.inpaintProcessedMaskPath', 'model_masks.maskedPath', 'models.maskData']);
    expect(await all.query(`SELECT "maskedPath" = "inpaintMaskObjectStorageKey" AND "inpaintProcessedMaskPath" = "inpaintMaskObjectStorageKey" AND "inpaintCroppedImagePath" = "inpaintCroppedObjectStorageKey" AS copies FROM ${s}.model_masks`)).toEqual(
      (await all.query(`SELECT 1 FROM ${s}.model_masks`)).map(() => ({ copies: true })),
    );
    await all.destroy();
  });
});
