import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '../support/fixtures.mjs';
import { addNewProduct, cropGarment, openStudioAsNewSeller, sidebar, uploadGarment } from '../support/studio-page.mjs';
import { writeCutOutGarment } from '../support/seller-photos.mjs';

const studioTab = (page, name) => page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name }).click();
const planner = (page) => page.getByRole('form', { name: 'Start a catalogue run' });
const products = (page) => sidebar(page).getByRole('list', { name: 'Your products' });

test('a seller renames a product and deletes another from "Choose from your products", and the catalogue planner follows without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-library-'));
  try {
    await openStudioAsNewSeller(page, 'library-manage');
    await uploadGarment(page, await writeCutOutGarment(dir, 'IMG_2041.png'));
    await cropGarment(page);
    await addNewProduct(page, await writeCutOutGarment(dir, 'IMG_2042.png', { width: 900, height: 1200 }));
    await cropGarment(page);

    // the planner has read the library once: what follows must change the list it keeps
    await studioTab(page, 'Catalogue');
    await expect(planner(page).getByRole('checkbox', { name: /IMG_2041/ })).toBeVisible();
    await expect(planner(page).getByRole('checkbox', { name: /IMG_2042/ })).toBeVisible();

    await test.step('rename with the keyboard: Enter saves, the focus comes back to Rename', async () => {
      await studioTab(page, 'Workspace');
      await sidebar(page).getByRole('button', { name: 'Choose from your products' }).click();
      await products(page).getByRole('button', { name: 'Rename IMG_2041' }).click();
      const name = sidebar(page).getByRole('textbox', { name: 'Product name' });
      await expect(name).toBeFocused();
      await expect(name).toHaveValue('IMG_2041');
      await page.keyboard.type('Linen shirt');
      await page.keyboard.press('Enter');
      await expect(products(page).getByRole('button', { name: 'Rename Linen shirt' })).toBeFocused();
      await expect(products(page).getByRole('button', { name: /^Linen shirt/ })).toBeVisible();
    });

    await studioTab(page, 'Catalogue');
    await expect(planner(page).getByRole('checkbox', { name: /Linen shirt/ })).toBeVisible();
    await expect(planner(page).getByRole('checkbox', { name: /IMG_2041/ })).toHaveCount(0);

    await test.step('on a 390 px phone, delete the product in the workspace: it asks first, then the workspace has no garment', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await studioTab(page, 'Workspace');
      await sidebar(page).getByRole('button', { name: 'Choose from your products' }).click();
      // the product in the workspace is listed first, to rename or delete
      const first = products(page).getByRole('listitem').first();
      await expect(first).toContainText('IMG_2042');
      await expect(first).toContainText('In the workspace');
      await products(page).getByRole('button', { name: 'Delete IMG_2042' }).click();
      const confirmation = sidebar(page).getByRole('group', { name: 'Delete IMG_2042? Its results stay in the gallery.' });
      await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
      const box = await confirmation.getByRole('button', { name: 'Delete', exact: true }).boundingBox();
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(sidebar(page).getByText('Drop your product photo here')).toBeVisible();
      await expect(products(page).getByRole('listitem')).toHaveCount(1);
      await expect(products(page).getByRole('button', { name: 'Delete Linen shirt' })).toBeFocused();
    });

    await studioTab(page, 'Catalogue');
    await expect(planner(page).getByRole('checkbox', { name: /Linen shirt/ })).toBeVisible();
    await expect(planner(page).getByRole('checkbox', { name: /IMG_2042/ })).toHaveCount(0);

    // the server agrees: after a reload the library holds the renamed product alone, and the workspace has no garment
    await page.reload();
    await expect(planner(page).getByRole('checkbox', { name: /Linen shirt/ })).toBeVisible();
    await expect(planner(page).getByRole('checkbox')).toHaveCount(1);
    await studioTab(page, 'Workspace');
    await expect(sidebar(page).getByText('Drop your product photo here')).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
