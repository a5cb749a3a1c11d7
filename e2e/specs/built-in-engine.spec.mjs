import { test, expect } from '../support/fixtures.mjs';
import { listGeneratedImages } from '../support/seed.mjs';
import { photoFolder } from '../support/seller-photos.mjs';
import { drawer, generateResults, modelTile, settledBox, signInNewSeller } from '../support/studio-page.mjs';

/**
 * Issue 29: the stack's try-ons come from the built-in engine (`npm start` without a provider), and
 * the product says so — "Preview — built-in engine", a link to the docs' provider article, in the
 * results drawer, the viewer and the gallery, and once, until dismissed, a note in the studio.
 */

const LABEL = 'Preview — built-in engine';
const ARTICLE = '/docs/try-on-providers';
const note = (page) => page.getByRole('complementary', { name: 'These results are previews from the built-in engine' });
const overlap = (a, b) => Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** The note, where it shows, covers nothing of what the canvas shows (the result, the progress list, the preview, a tool). */
async function noteClearOf(page, work) {
  await expect(work).toBeVisible();
  if ((await note(page).count()) === 0) return;
  expect(overlap(await settledBox(note(page)), await settledBox(work))).toBe(0);
}

test('a built-in engine result is labelled as a preview in the drawer, the viewer and the gallery; the studio says once how to get real try-on', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const photos = photoFolder();
  try {
    const seller = await signInNewSeller(page, 'builtin29');
    await page.setViewportSize({ width: 1440, height: 900 });
    await generateResults(page, photos, ['ines-front.jpg']);

    await test.step('the result records that the built-in engine made it', async () => {
      const { images } = await listGeneratedImages(baseURL, seller.token);
      expect(images).toHaveLength(1);
      expect(images[0].metadata).toMatchObject({ builtInEngine: true });
    });

    await test.step('the studio notes that real try-on needs a provider, and how an operator configures one', async () => {
      await expect(note(page)).toBeVisible();
      await expect(note(page)).toContainText('real try-on needs a provider');
      await expect(note(page)).toContainText('VTON_PROVIDER');
      await expect(note(page).getByRole('link', { name: 'How to configure a provider' })).toHaveAttribute('href', ARTICLE);
    });

    await test.step('the note sits beside the seller’s work, never over it: the generation view, the preview, the mask editor', async () => {
      await noteClearOf(page, page.getByTestId('generation-view'));
      await page.getByTestId('generation-view').getByRole('button', { name: 'Close' }).click();
      const strip = page.getByRole('list', { name: 'Selected model photos' });
      const garment = page.getByRole('region', { name: 'Canvas' }).getByRole('img', { name: 'Cropped garment' });
      for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(size);
        await noteClearOf(page, strip);
        await noteClearOf(page, garment);
        // in the room left under the note, the garment gives way: it runs over none of the strip, whose photos show whole
        const garmentBox = await settledBox(garment);
        expect(overlap(garmentBox, await settledBox(strip))).toBe(0);
        expect(await strip.evaluate((list) => list.clientHeight >= list.querySelector('img').offsetHeight)).toBe(true);
        // and stays a garment one can see (a phone's preview is not squeezed by the note above it)
        expect(garmentBox.height, `${size.width}×${size.height}`).toBeGreaterThan(120);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await modelTile(page, 'ines-front.jpg').click();
      await noteClearOf(page, page.getByTestId('mask-stage'));
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(note(page)).toBeVisible();
    });

    await test.step('the drawer labels the result, and so does the viewer opened from it', async () => {
      await page.getByRole('button', { name: /^Results/ }).click();
      const tile = drawer(page).getByRole('list', { name: 'Results' }).getByRole('listitem').first();
      const label = tile.getByRole('link', { name: LABEL });
      await expect(label).toBeVisible({ timeout: 30_000 });
      await expect(label).toHaveAttribute('href', ARTICLE);
      await tile.getByRole('button', { name: /^Result #\d+/ }).click();
      const viewer = page.getByRole('dialog', { name: 'Result preview' });
      await expect(viewer.getByRole('link', { name: LABEL })).toHaveAttribute('href', ARTICLE);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toHaveCount(0);
    });

    await test.step('the link leads to the docs’ article on try-on providers', async () => {
      const opened = page.context().waitForEvent('page');
      await note(page).getByRole('link', { name: 'How to configure a provider' }).click();
      const docs = await opened;
      await expect(docs).toHaveURL(new RegExp(`${ARTICLE}$`));
      await expect(docs.getByRole('heading', { level: 1 })).toContainText(/provider/i);
      await docs.close();
    });

    await test.step('dismissed, the note is gone', async () => {
      await note(page).getByRole('button', { name: 'Dismiss' }).click();
      await expect(note(page)).toHaveCount(0);
    });

    await test.step('the gallery labels it, and its viewer too', async () => {
      await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Gallery' }).click();
      const tile = page.getByRole('list', { name: 'Gallery results' }).getByRole('listitem').first();
      await expect(tile.getByRole('link', { name: LABEL })).toHaveAttribute('href', ARTICLE);
      await tile.getByRole('button', { name: /^Result #\d+/ }).click();
      await expect(page.getByRole('dialog', { name: /preview$/ }).getByRole('link', { name: LABEL })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('back in the studio, with the built-in result still in this session, the note stays dismissed', async () => {
      await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Try on' }).click();
      await page.getByRole('button', { name: /^Results/ }).click();
      await expect(drawer(page).getByRole('link', { name: LABEL })).toBeVisible({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await expect(note(page)).toHaveCount(0);
    });

    await test.step('after a reload the gallery still labels it: from the saved record alone', async () => {
      await page.goto('/gallery');
      await page.reload();
      await expect(page.getByRole('list', { name: 'Gallery results' }).getByRole('link', { name: LABEL })).toHaveCount(1);
    });
  } finally {
    photos.cleanup();
  }
});
