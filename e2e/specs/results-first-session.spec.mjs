import { test, expect } from '../support/fixtures.mjs';
import { listGeneratedImages, seedGeneratedImages } from '../support/seed.mjs';
import { signInNewSeller } from '../support/studio-page.mjs';

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
