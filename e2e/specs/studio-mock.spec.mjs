import { test, expect } from '../support/fixtures.mjs';
import { photoFolder } from '../support/seller-photos.mjs';
import { generateResults, sidebar, signInNewSeller } from '../support/studio-page.mjs';

/**
 * Mock after a Try on: the generation view's first progress list is about the Mock — its photos,
 * waiting then done, each showing its Mock result; the try-on's own list stays below it.
 */

const PHOTOS = ['ines-front.jpg', 'omar-front.jpg'];
const view = (page) => page.getByTestId('generation-view');
const rows = (page, name = 'Mock progress') => view(page).getByRole('list', { name, exact: true }).getByRole('listitem');
const rowStates = (page, name) => rows(page, name).evaluateAll((items) => items.map((item) => item.querySelector('.state').textContent));

test('after a Try on, Mock’s progress list shows the Mock generation, above the try-on’s own list', async ({ page }) => {
  test.setTimeout(240_000);
  const photos = photoFolder();
  try {
    await signInNewSeller(page, 'mockrows');
    await page.setViewportSize({ width: 1440, height: 900 });
    await generateResults(page, photos, PHOTOS);
    await expect.poll(() => rowStates(page, 'Progress per model')).toEqual(['done', 'done']);
    const tryOnResult = await page.getByTestId('active-result').getAttribute('src');

    await sidebar(page).getByRole('button', { name: 'Mock' }).click();

    await test.step('while Mock waits: its photos, not yet done, and no try-on result on the stage', async () => {
      await expect(page.getByTestId('gallery-badge')).toHaveAccessibleName('Generating');
      await expect(page.getByTestId('generation-progress')).toHaveText(`0 / ${PHOTOS.length} done`);
      expect(await rowStates(page)).toEqual(['running', 'running']);
      await expect(page.getByTestId('active-result')).toHaveCount(0);
      await expect(view(page).getByRole('status', { name: 'Generating' })).toBeVisible();
    });

    await test.step('once Mock is done: each row shows that photo’s Mock result', async () => {
      await expect(page.getByTestId('generation-progress')).toHaveText(`${PHOTOS.length} / ${PHOTOS.length} done`, { timeout: 15_000 });
      expect(await rowStates(page)).toEqual(['done', 'done']);
      for (const name of PHOTOS) {
        await view(page).getByRole('list', { name: 'Mock progress' }).getByRole('button', { name: `Show the result for ${name}` }).click();
        await expect(page.getByTestId('active-result-mock')).toContainText('Mock result');
        await expect(page.getByTestId('active-result')).not.toHaveAttribute('src', tryOnResult);
      }
      await expect(view(page).getByRole('button', { name: /^Retry/ })).toHaveCount(0);
      // the try-on before it is still listed, under its own heading
      expect(await rowStates(page, 'Progress per model')).toEqual(['done', 'done']);
      await expect(page.getByTestId('try-on-progress')).toHaveText(`Try on · ${PHOTOS.length} / ${PHOTOS.length} done`);
    });
  } finally {
    photos.cleanup();
  }
});
