import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { listGeneratedImages } from '../support/seed.mjs';
import { addModelPhotos, approveMask, cropGarment, drawer, paintMask, sidebar, signInNewSeller, tryOnButton, uploadGarment } from '../support/studio-page.mjs';

/**
 * Issue 28: a seller chooses Product, is told to paint where it goes (no suggested masks), paints,
 * and gets a placed product from the placement engine — the built-in compositor here (the stack's
 * default PLACEMENT_PROVIDER), in the photo's size.
 */
test('Product: the mask is painted by hand, and the product is placed by the placement engine', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-product-'));
  try {
    // A perfume bottle on a light background, and a scene (a table) to put it in.
    const product = path.join(dir, 'perfume.png');
    const bottle = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><rect x="430" y="180" width="140" height="90" fill="#222"/><rect x="330" y="270" width="340" height="560" rx="40" fill="#d4a017"/></svg>`,
    );
    await sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: 246, g: 246, b: 242 } } }).composite([{ input: bottle }]).png().toFile(product);
    const scene = path.join(dir, 'table.jpg');
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 96, b: 80 } } }).jpeg().toFile(scene);

    const seller = await signInNewSeller(page, 'product');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/app');

    const category = sidebar(page).getByRole('group', { name: 'Garment category' });
    await expect(category.getByRole('radio')).toHaveCount(4);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/media/workspace' && r.request().method() === 'PUT' && r.ok());
    await category.getByRole('radio', { name: 'Product' }).check();
    await saved;

    await uploadGarment(page, product);
    await cropGarment(page);
    await addModelPhotos(page, [scene]);

    // Suggestions are for garments on a body: for a product the studio says the mask is painted by hand.
    await expect(sidebar(page).getByRole('button', { name: 'Suggest all masks' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('note')).toHaveText('Paint where the product goes');
    await paintMask(page, 'table.jpg', { from: [0.4, 0.55], to: [0.6, 0.75] });
    await expect(page.getByRole('button', { name: 'Suggest mask' })).toHaveCount(0);
    await expect(page.getByRole('note').filter({ hasText: 'Paint where the product goes' }).first()).toBeVisible();
    await approveMask(page, 'table.jpg');

    await page.getByPlaceholder('Enter generation prompt...').fill('standing on the table');
    await expect(tryOnButton(page)).toBeEnabled();
    await tryOnButton(page).click();
    await expect(page.getByTestId('generation-progress')).toHaveText('1 / 1 done', { timeout: 120_000 });
    await expect(page.getByTestId('active-result')).toBeVisible();

    // The result: made by the placement engine for a product, at the photo's size.
    await expect
      .poll(async () => (await listGeneratedImages(baseURL, seller.token)).images.filter((i) => i.generationType === 'vton').length, { timeout: 30_000 })
      .toBe(1);
    const [image] = (await listGeneratedImages(baseURL, seller.token)).images;
    expect(image.metadata).toMatchObject({ provider: 'local', providerLabel: 'Local compositor', providerModel: 'local-compositor', builtInEngine: true });
    const png = await (await page.request.get(image.imageUrl)).body();
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1600, 1200]);

    await page.getByRole('button', { name: /^Results/ }).click();
    await drawer(page).getByRole('button', { name: /^Result #1(,|$)/ }).click();
    // The built-in engine's placement is labelled as the preview it is (issue 29), not as a provider's result.
    await expect(page.getByRole('dialog', { name: 'Result preview' }).getByRole('link', { name: 'Preview — built-in engine' })).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
