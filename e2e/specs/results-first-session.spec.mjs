import { test, expect } from '../support/fixtures.mjs';
import { listGeneratedImages, seedGeneratedImages } from '../support/seed.mjs';
import { photoFolder } from '../support/seller-photos.mjs';
import { drawer, generateResults, signInNewSeller } from '../support/studio-page.mjs';

/**
 * Issue 21: the results a seller's first real session made, in the gallery and the studio's
 * drawer, numbered as in the issue, at the viewport where each was found.
 */

const galleryTiles = (page) => page.getByRole('list', { name: 'Gallery results' }).getByRole('listitem');

test('#3 gallery delete: undoable from its toast for a few seconds, and no delete button slides under the cursor (1024×768)', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const seller = await signInNewSeller(page, 'gallery21');
  const records = await seedGeneratedImages(baseURL, seller.token, 4, { width: 900, height: 1200 });
  const deletes = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/gallery');
  await expect(galleryTiles(page)).toHaveCount(4);

  const first = galleryTiles(page).first();
  await first.hover();
  const remove = first.getByRole('button', { name: /^Delete / });
  await expect(remove).toBeVisible();
  const at = await remove.boundingBox();
  const cursor = { x: at.x + at.width / 2, y: at.y + at.height / 2 };

  await test.step('delete: the tile leaves at once, the one that slides under the cursor offers no delete', async () => {
    await page.mouse.click(cursor.x, cursor.y);
    await expect(galleryTiles(page)).toHaveCount(3);
    await expect(page.getByText('Image deleted', { exact: true })).toBeVisible();
    await expect(page.getByText('Generated image has been removed from your gallery.')).toBeVisible();
    // the next tile is now where the cursor rests: what is under it is not a delete button
    const under = await page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return element?.closest('button')?.getAttribute('aria-label') ?? element?.tagName;
    }, cursor);
    expect(under).not.toMatch(/^Delete /);
  });

  await test.step('"Undo" in the toast brings it back; nothing is deleted on the server', async () => {
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(galleryTiles(page)).toHaveCount(4);
    await expect(page.getByText('Image deleted', { exact: true })).toHaveCount(0);
  });

  await test.step('a delete left alone is sent once its toast is gone', async () => {
    const target = galleryTiles(page).nth(1);
    await target.hover();
    const sent = page.waitForResponse((r) => r.request().method() === 'DELETE', { timeout: 20_000 });
    await target.getByRole('button', { name: /^Delete / }).click();
    await expect(galleryTiles(page)).toHaveCount(3);
    expect((await sent).status()).toBe(204);
    const left = (await listGeneratedImages(baseURL, seller.token)).images.map((i) => i.id);
    expect(left).toHaveLength(3);
    expect(left).toContain(records[3].id); // the one undone is still there
    expect(deletes).toEqual([`/api/generated-images/${records[2].id}`]);
  });
});

/** [caption, "Result #n"] of each tile, in screen order. */
async function numberedCaptions(list) {
  const tiles = await list.getByRole('listitem').all();
  const seen = [];
  for (const item of tiles) {
    const open = item.getByRole('button', { name: /^Result #\d+/ });
    if ((await open.count()) === 0) continue;
    const name = (await open.getAttribute('aria-label')).replace(/, new$/, '');
    seen.push([await item.getByTestId('result-caption').textContent(), name]);
  }
  return seen;
}

test('#11 results carry the model photo file name under "Result #n", are numbered newest first in the drawer, and keep their number after a reload (1440×900)', async ({ page }) => {
  test.setTimeout(240_000);
  const photos = photoFolder();
  try {
    await signInNewSeller(page, 'numbers21');
    await page.setViewportSize({ width: 1440, height: 900 });
    const names = ['anna-front.jpg', 'ben-side.jpg', 'cleo-back.jpg', 'dev-walk.jpg'];
    await generateResults(page, photos, names);

    await page.getByRole('button', { name: /^Results/ }).click();
    const results = drawer(page).getByRole('list', { name: 'Results' });
    // the drawer can still show a skeleton for the last result just after the progress reads done
    await expect.poll(async () => (await numberedCaptions(results)).map(([caption]) => caption).sort(), { timeout: 30_000 }).toEqual([...names].sort());
    const inDrawer = await numberedCaptions(results);
    // newest first: the numbers count down the drawer (issue 32), whatever order the models finished in
    const numbers = inDrawer.map(([, n]) => Number(n.replace('Result #', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(new Set(numbers).size).toBe(names.length);
    for (const [caption, n] of inDrawer) {
      await expect(drawer(page).getByRole('button', { name: n, exact: true })).toHaveAccessibleDescription(new RegExp(caption.replace('.', '\\.')));
    }
    await page.keyboard.press('Escape');

    const gallery = page.getByRole('list', { name: 'Gallery results' });
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Gallery' }).click();
    await expect(gallery.getByRole('listitem')).toHaveCount(names.length);
    // read once the gallery's saved pages are in (the tiles stay where they are meanwhile)
    await expect.poll(async () => Object.fromEntries(await numberedCaptions(gallery))).toEqual(Object.fromEntries(inDrawer));
    const before = await numberedCaptions(gallery);
    await page.reload();
    await expect(gallery.getByRole('listitem')).toHaveCount(names.length);
    const after = await numberedCaptions(gallery);
    expect(after).toEqual(before);
  } finally {
    photos.cleanup();
  }
});

test('#8 results whose image is gone leave the drawer and the viewer; a failed download or image load says so in a toast (1440×900)', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const photos = photoFolder();
  try {
    const seller = await signInNewSeller(page, 'gone21');
    await page.setViewportSize({ width: 1440, height: 900 });
    await generateResults(page, photos, ['dana-1.jpg', 'eli-2.jpg']);
    const saved = (await listGeneratedImages(baseURL, seller.token)).images;
    expect(saved).toHaveLength(2);

    await test.step('deleted in the gallery in another tab: it leaves this tab\'s drawer', async () => {
      const other = await page.context().newPage();
      await other.addInitScript((token) => window.localStorage.setItem('auth_token', token), seller.token);
      await other.setViewportSize({ width: 1440, height: 900 });
      await other.goto('/gallery');
      const dana = other.getByRole('list', { name: 'Gallery results' }).getByRole('listitem').filter({ hasText: 'dana-1.jpg' });
      await dana.hover();
      const sent = other.waitForResponse((r) => r.request().method() === 'DELETE', { timeout: 20_000 });
      await dana.getByRole('button', { name: /^Delete / }).click();
      expect((await sent).status()).toBe(204);
      await other.close();
      await page.getByRole('button', { name: /^Results/ }).click();
      const tiles = drawer(page).getByRole('list', { name: 'Results' }).getByRole('listitem');
      await expect(tiles).toHaveCount(1);
      await expect(tiles.first()).toContainText('eli-2.jpg');
    });

    await test.step('deleted behind the page\'s back: download and viewer say so, and it leaves the drawer', async () => {
      const eli = saved.find((image) => image.modelFilename === 'eli-2.jpg');
      const removed = await page.request.delete(`/api/generated-images/${eli.id}`, { headers: { Authorization: `Bearer ${seller.token}` } });
      expect(removed.status()).toBe(204);
      const tile = drawer(page).getByRole('list', { name: 'Results' }).getByRole('listitem').first();
      await tile.hover();
      await tile.getByRole('button', { name: /^Download / }).click();
      await expect(page.getByText('Download failed', { exact: true })).toBeVisible();
      await tile.getByRole('button', { name: /^Result #\d+/ }).click();
      await expect(page.getByText('Result no longer available', { exact: true })).toBeVisible();
      await expect(page.getByRole('dialog', { name: /preview/i })).toHaveCount(0);
      await expect(drawer(page).getByText('Generate results to view them here.')).toBeVisible();
    });
  } finally {
    photos.cleanup();
  }
});
