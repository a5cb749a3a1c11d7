import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { core, correlation, deltaE, fineDetail, garment, medianColour, raster } from 'svc-generation/local-engine-pictures';
import { test, expect } from '../support/fixtures.mjs';
import { listGeneratedImages } from '../support/seed.mjs';
import { photoFolder } from '../support/seller-photos.mjs';
import { addModelPhotos, cropGarment, drawer, imageBytes, modelTile, openStudioAsNewSeller, sidebar, storedModels, tryOnButton, uploadGarment } from '../support/studio-page.mjs';

/**
 * Issue 29, "Done when": on real catalogue photos with suggested masks, a seller sees an opaque
 * garment with the photo's light and none of the old clothes, in the garment's colour, labelled as a
 * built-in preview. The photos are real (fixtures/people/README.md), the masks the studio's own
 * suggestions (the pose model runs in the browser), the result the stack's built-in engine's; it is
 * judged by the measures compositor.spec.ts judges generated pictures by.
 */

const PEOPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'people');
const LABEL = 'Preview — built-in engine';
/** The mask's core: 12 px inside its edge (as in compositor.spec.ts), away from the feather the result is blended with. */
const CORE_MARGIN = 12;

/** @type {import('svc-generation/local-engine-pictures').Rgb} */
const RED = [200, 30, 40];
/** @type {import('svc-generation/local-engine-pictures').Rgb} */
const PINK = [240, 150, 180];

/**
 * The result's pixels, the photo's at the result's size, and the core of the approved (suggested)
 * mask placed at its bounds: svc-media keeps the mask cut to its bounds, in photo pixels.
 */
async function measured(page, result, model, category, photoFile) {
  const png = await imageBytes(page, result.imageUrl);
  // the result as the seller sees it, in the report beside its figures
  await test.info().attach(`${model.filename}, ${category}`, { body: png, contentType: 'image/png' });
  const image = await raster(png);
  const { width, height } = image;
  const photo = await raster(await sharp(photoFile).resize(width, height, { fit: 'fill' }).png().toBuffer());
  const { processedMaskUrl, bounds } = model.masks[category];
  const [sx, sy] = [width / model.width, height / model.height];
  const placed = await sharp(await imageBytes(page, processedMaskUrl))
    .resize(Math.round(bounds.width * sx), Math.round(bounds.height * sy), { fit: 'fill' })
    .png()
    .toBuffer();
  const maskPng = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([{ input: placed, left: Math.round(bounds.x * sx), top: Math.round(bounds.y * sy) }])
    .png()
    .toBuffer();
  const inside = core(await raster(maskPng, 1), CORE_MARGIN);
  return { image, photo, inside, pixels: inside.reduce((n, v) => n + v, 0) };
}

/**
 * A fresh seller's studio: the photos added, the category chosen, "Suggest all masks" then "Approve
 * all", the garment uploaded and cropped, Try on until every photo is done; answers the seller.
 */
async function tryOnSuggested(page, { prefix, files, category, garmentFile }) {
  const seller = await openStudioAsNewSeller(page, prefix);
  await addModelPhotos(page, files);
  await sidebar(page).getByRole('group', { name: 'Garment category' }).getByRole('radio', { name: category }).click();
  await sidebar(page).getByRole('button', { name: 'Suggest all masks' }).click();
  // the pose model runs in the page, a few seconds a photo on a quiet machine; minutes on a loaded one
  await expect(sidebar(page).getByRole('button', { name: 'Approve all' })).toBeVisible({ timeout: 600_000 });
  await sidebar(page).getByRole('button', { name: 'Approve all' }).click();
  for (const file of files.map((f) => path.basename(f))) {
    await expect(modelTile(page, file)).toHaveAccessibleName(`${file} (mask approved)`, { timeout: 60_000 });
  }
  await uploadGarment(page, garmentFile);
  await cropGarment(page);
  await tryOnButton(page).click();
  await expect(page.getByTestId('generation-progress')).toHaveText(`${files.length} / ${files.length} done`, { timeout: 300_000 });
  return seller;
}

/** Each result measured on its photo's suggested mask; the figures go into the report as annotations. */
async function expectOpaqueInColour(page, baseURL, seller, { files, maskCategory, colour }) {
  const { images } = await listGeneratedImages(baseURL, seller.token);
  expect(images).toHaveLength(files.length);
  const models = await storedModels(page, seller);
  for (const file of files) {
    const name = path.basename(file);
    await test.step(name, async () => {
      const result = images.find((image) => image.modelFilename === name);
      const model = models.find((m) => m.filename === name);
      expect(result.metadata).toMatchObject({ builtInEngine: true });
      const { image, photo, inside, pixels } = await measured(page, result, model, maskCategory, file);
      expect(pixels, 'pixels in the mask’s core').toBeGreaterThan(2000);
      const showThrough = correlation(fineDetail(image), fineDetail(photo), inside);
      const median = medianColour(image, inside);
      const difference = deltaE(median, colour);
      test.info().annotations.push({
        type: 'built-in engine',
        description: `${name}, ${maskCategory}: ${image.width}×${image.height}, core ${pixels} px, show-through correlation ${showThrough.toFixed(3)}, median [${median}] ΔE ${difference.toFixed(1)} from [${colour}]`,
      });
      // None of the old clothes' print or texture: the fine detail is unrelated to the photo's.
      expect(Math.abs(showThrough), 'show-through correlation').toBeLessThan(0.25);
      // The garment's own colour, not the old clothes' (nor darkened by them).
      expect(difference, 'ΔE of the core’s median colour').toBeLessThanOrEqual(12);
    });
  }
}

/** The results drawer labels every result as a built-in preview. */
async function expectLabelled(page, count) {
  await page.getByTestId('generation-view').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /^Results/ }).click();
  const tiles = drawer(page).getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(tiles).toHaveCount(count, { timeout: 30_000 });
  for (const tile of await tiles.all()) await expect(tile.getByRole('link', { name: LABEL })).toBeVisible();
}

test.describe('the built-in engine on real photos with suggested masks', () => {
  let photos;
  test.beforeAll(async () => {
    photos = photoFolder();
    fs.writeFileSync(photos.file('red-t-shirt.png'), await garment('upper_body', { colour: RED }));
    fs.writeFileSync(photos.file('pink-trousers.png'), await garment('lower_body', { colour: PINK }));
  });
  test.afterAll(() => photos?.cleanup());

  test('a red T-shirt over a white T-shirt, a grey hoodie, a spacesuit: opaque, red, none of the old clothes, labelled a preview', async ({ page, baseURL }) => {
    test.setTimeout(1_200_000);
    const files = ['fullbody-man-standing-front.jpg', 'fullbody-woman-standing-with-dog.jpg', 'fullbody-astronaut-standing-front-640.jpg', 'astronaut.png'].map((f) => path.join(PEOPLE, f));
    const seller = await tryOnSuggested(page, { prefix: 'builtin-real-top', files, category: 'Upper body', garmentFile: photos.file('red-t-shirt.png') });
    await expectOpaqueInColour(page, baseURL, seller, { files, maskCategory: 'upper_body', colour: RED });
    await expectLabelled(page, files.length);
  });

  test('pink trousers over dark jeans, black leggings, a spacesuit: opaque, pink, none of the old clothes, labelled a preview', async ({ page, baseURL }) => {
    test.setTimeout(1_200_000);
    const files = ['fullbody-man-standing-front.jpg', 'fullbody-woman-standing-with-dog.jpg', 'fullbody-astronaut-standing-front-640.jpg'].map((f) => path.join(PEOPLE, f));
    const seller = await tryOnSuggested(page, { prefix: 'builtin-real-trousers', files, category: 'Lower body', garmentFile: photos.file('pink-trousers.png') });
    await expectOpaqueInColour(page, baseURL, seller, { files, maskCategory: 'lower_body', colour: PINK });
    await expectLabelled(page, files.length);
  });
});
