import { MigrationSchema } from './migration-schema.js';

/**
 * A result names its product by the product's name, not its photo's file name, on real Postgres:
 * existing results take their product's name (a renamed one's too), or, their product deleted, the
 * name it started with (the file's name without the extension); the column the release before
 * reads stays (expand only).
 */
describe('migration: results keep their product’s name', () => {
  const schema = new MigrationSchema();
  const { s } = schema;

  afterAll(() => schema.drop());

  it('names each result after its product now, or after its deleted product’s file; down gives back the column', async () => {
    const index = MigrationSchema.indexOf('ResultProductNames1768089600000');
    const before = await schema.migrated(index);
    // garment 1 renamed by seller 10, garment 2 never renamed; garment 3 is deleted once it has a result
    await before.query(
      `INSERT INTO ${s}.garments (id, "userId", filename, name, "originalPath", width, height) VALUES (1, 10, 'IMG_2041.jpg', 'Linen shirt', 'k', 9, 9), (2, 10, 'chinos.final.png', 'chinos.final', 'k', 9, 9), (3, 10, 'summer-dress.webp', 'Dress', 'k', 9, 9)`,
    );
    const image = (id: number, garmentId: number | null, garmentFilename: string | null) =>
      before.query(`INSERT INTO ${s}.generated_images (id, "userId", "imageUrl", width, height, number, "garmentId", "garmentFilename") VALUES ($1, 10, 's3://b/k', 1, 1, $1, $2, $3)`, [id, garmentId, garmentFilename]);
    await image(1, 1, 'IMG_2041.jpg');
    await image(2, 2, 'chinos.final.png');
    await image(3, 3, 'summer-dress.webp');
    await image(4, null, null);
    await before.query(`DELETE FROM ${s}.garments WHERE id = 3`);
    await before.destroy();

    const db = await schema.migrated(index + 1);
    expect(await db.query(`SELECT id, "productName" FROM ${s}.generated_images ORDER BY id`)).toEqual([
      { id: 1, productName: 'Linen shirt' },
      { id: 2, productName: 'chinos.final' },
      { id: 3, productName: 'summer-dress' },
      { id: 4, productName: null },
    ]);
    // expand only: the release before, still serving while this runs, keeps its column
    expect(await db.query(`SELECT id, "garmentFilename" FROM ${s}.generated_images ORDER BY id`)).toEqual([
      { id: 1, garmentFilename: 'IMG_2041.jpg' },
      { id: 2, garmentFilename: 'chinos.final.png' },
      { id: 3, garmentFilename: 'summer-dress.webp' },
      { id: 4, garmentFilename: null },
    ]);
    await db.undoLastMigration();
    const columns = await db.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'generated_images' AND column_name IN ('productName', 'garmentFilename')`, [s.replaceAll('"', '')]);
    expect(columns).toEqual([{ column_name: 'garmentFilename' }]);
  });
});
