import { test, expect } from '../support/fixtures.mjs';
import { photoFolder } from '../support/seller-photos.mjs';
import { drawer, generateResults, signInNewSeller } from '../support/studio-page.mjs';

/**
 * A built-in engine result's "Preview — built-in engine" label is read whole on its tile, in the
 * studio's results drawer and on the gallery page, at every width the product supports: it wraps
 * inside the tile, never cut off by it (at 1280 px it was clipped, "Preview — built-in en…").
 */

const LABEL = 'Preview — built-in engine';
const WIDTHS = [390, 768, 1024, 1280, 1920];

/** Where each label on screen sits against its tile, and whether its words are cut. */
function labelsOnTiles(list) {
  return list.evaluateAll((labels) =>
    labels.map((label) => {
      const tile = label.closest('[data-result-tile]').getBoundingClientRect();
      const box = label.getBoundingClientRect();
      return {
        inside: box.left >= tile.left && box.right <= tile.right && box.top >= tile.top && box.bottom <= tile.bottom,
        cut: label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight,
        text: label.textContent,
      };
    }),
  );
}

/** Each place and width where a label was found, with how it sat (all of them, so a failure shows every width). */
async function labelsAt(labels, where) {
  await expect(labels.first()).toBeVisible({ timeout: 30_000 });
  return (await labelsOnTiles(labels)).map((label) => ({ where, ...label }));
}

test('the "Preview — built-in engine" label fits whole in its tile, in the drawer and the gallery, from a phone to a wide screen', async ({ page }) => {
  test.setTimeout(240_000);
  const photos = photoFolder();
  try {
    await signInNewSeller(page, 'previewlabel');
    await page.setViewportSize({ width: 1440, height: 900 });
    await generateResults(page, photos, ['ines-front.jpg']);
    await page.getByTestId('generation-view').getByRole('button', { name: 'Close' }).click();

    const seen = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('button', { name: /^Results/ }).click();
      seen.push(...await labelsAt(drawer(page).getByRole('list', { name: 'Results' }).getByRole('link', { name: LABEL }), `drawer at ${width} px`));
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toHaveCount(0);
    }

    // the gallery: this session's result ("New" above the label), and after a reload the saved record alone
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Gallery' }).click();
    for (const reloaded of [false, true]) {
      if (reloaded) await page.reload();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        seen.push(...await labelsAt(page.getByRole('list', { name: 'Gallery results' }).getByRole('link', { name: LABEL }), `gallery at ${width} px${reloaded ? ', reloaded' : ''}`));
      }
    }
    const expected = [...WIDTHS.map((w) => `drawer at ${w} px`), ...WIDTHS.map((w) => `gallery at ${w} px`), ...WIDTHS.map((w) => `gallery at ${w} px, reloaded`)];
    expect(seen).toEqual(expected.map((where) => ({ where, inside: true, cut: false, text: LABEL })));
  } finally {
    photos.cleanup();
  }
});
