/**
 * The studio as the issue-21 specs drive it: a fresh verified seller signed in, and the steps a
 * seller takes (garment, crop, model photos, a painted and approved mask), by the page's roles.
 */
import { expect } from '@playwright/test';
import { createVerifiedUser, signIn } from './seed.mjs';
import { writeCutOutGarment, writeModelPhoto } from './seller-photos.mjs';

export const sidebar = (page) => page.getByTestId('sidebar');
export const tryOnButton = (page) => page.getByRole('button', { name: 'Try on', exact: true });
export const modelTile = (page, file) => page.getByRole('button', { name: new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
export const drawer = (page) => page.getByRole('dialog', { name: 'Results' });

/** A new verified seller, signed in before any page script runs. */
export async function signInNewSeller(page, prefix = 'studio21') {
  const seller = await createVerifiedUser(process.env.E2E_BASE_URL, process.env.E2E_MAIL_INBOX_URL, prefix);
  await signIn(page, seller);
  return seller;
}

/** A new verified seller, signed in, in the studio at `viewport` (by default the desktop size the specs paint at). */
export async function openStudioAsNewSeller(page, prefix, viewport = { width: 1440, height: 900 }) {
  const seller = await signInNewSeller(page, prefix);
  await page.setViewportSize(viewport);
  await page.goto('/app');
  return seller;
}

/** The box of an element once layout has settled (the canvas re-fits while the sidebar shrinks). */
export async function settledBox(locator) {
  let previous = await locator.boundingBox();
  for (let i = 0; i < 50; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    const box = await locator.boundingBox();
    if (box && previous && ['x', 'y', 'width', 'height'].every((k) => Math.abs(box[k] - previous[k]) < 0.5)) return box;
    previous = box;
  }
  throw new Error('the element kept moving');
}

export async function uploadGarment(page, file) {
  await page.getByLabel('Garment photo').setInputFiles(file);
  await expect(sidebar(page).getByTestId('garment-status')).toHaveText('Ready for cropping', { timeout: 20_000 });
}

/** "New product": another product of the library (the one shown stays in it), uploaded and ready for cropping. */
export async function addNewProduct(page, file) {
  const chooser = page.waitForEvent('filechooser');
  await sidebar(page).getByRole('button', { name: 'New product' }).click();
  await (await chooser).setFiles(file);
  await expect(sidebar(page).getByTestId('garment-status')).toHaveText('Ready for cropping', { timeout: 20_000 });
}

export async function cropGarment(page) {
  await sidebar(page).getByRole('button', { name: 'Crop' }).click();
  await expect(page.getByTestId('crop-size')).toHaveText('960px');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(sidebar(page).getByTestId('garment-status')).toHaveText('Cropped & ready', { timeout: 20_000 });
}

/**
 * Adds photos through the section's one file input (opened by the drop zone the first time, by
 * "Add more" after), and waits for their tiles. The input's label follows what shows ("Model photos",
 * then "Add more model photos"; the tile list is labelled "Model photos" too): either will do.
 */
export async function addModelPhotos(page, files, { expectAdded = files } = {}) {
  const input = page
    .locator('input[type="file"]')
    .and(page.getByLabel('Model photos', { exact: true }).or(page.getByLabel('Add more model photos', { exact: true })));
  await expect(input).toBeAttached({ timeout: 20_000 });
  await input.setInputFiles(files);
  for (const file of expectAdded) await expect(modelTile(page, file.split('/').pop())).toBeEnabled({ timeout: 30_000 });
}

/** Opens a photo's mask editor, waits for the photo, paints one stroke across the torso. */
export async function paintMask(page, file, { from = [0.35, 0.4], to = [0.65, 0.45] } = {}) {
  await modelTile(page, file).click();
  const stage = page.getByTestId('mask-stage');
  await expect(stage.getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
  const box = await settledBox(stage);
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-has-paint', 'true');
  return box;
}

export async function approveMask(page, file) {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(modelTile(page, file)).toHaveAccessibleName(`${file} (mask approved)`, { timeout: 30_000 });
}

/** The bytes behind an image URL the page shows (signed same-origin URLs). */
export async function imageBytes(page, url) {
  const response = await page.request.get(url);
  expect(response.ok(), `GET ${url} → ${response.status()}`).toBe(true);
  return response.body();
}

/** The seller's stored model photos, through the API as the page calls it. */
export async function storedModels(page, seller) {
  const response = await page.request.get('/api/models', { headers: { Authorization: `Bearer ${seller.token}` } });
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A cropped garment and these model photos, each with an approved mask, then Try on until all are done. */
export async function generateResults(page, photos, names) {
  await page.goto('/app');
  await uploadGarment(page, await writeCutOutGarment(photos.dir));
  await cropGarment(page);
  const files = [];
  for (const [i, name] of names.entries()) files.push(await writeModelPhoto(photos.dir, name, { look: i }));
  await addModelPhotos(page, files);
  for (const name of names) {
    await paintMask(page, name);
    await approveMask(page, name);
  }
  await tryOnButton(page).click();
  await expect(page.getByTestId('generation-progress')).toHaveText(`${names.length} / ${names.length} done`, { timeout: 120_000 });
}
