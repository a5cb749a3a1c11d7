import fs from 'node:fs';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, listGeneratedImages, seedGeneratedImages, signIn, unsigned } from '../support/seed.mjs';

const SEEDED = 250;
const SIZE = { width: 1200, height: 900 };

const galleryList = (page) => page.getByRole('list', { name: 'Gallery results' });
const tile = (page, n) => page.getByRole('button', { name: new RegExp(`^Result #${n}(, new)?$`) });
const thumbnailPath = async (page, n) => unsigned(await tile(page, n).getByRole('img').getAttribute('src'));

test('a new seller sees the empty gallery with a link to the Try on page', async ({ page, baseURL, mailInboxUrl }) => {
  const user = await createVerifiedUser(baseURL, mailInboxUrl, 'empty');
  await signIn(page, user);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(
    page.getByText('No results yet. Start generating virtual try-on results to see them here. Visit the Try on page to begin.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Try on', exact: true }).last().click();
  await expect(page).toHaveURL(/\/app$/);
});

test('the preview names the provider by the label its result carries; a result saved before labels as before; an unknown provider without one not at all', async ({ page, baseURL, mailInboxUrl }) => {
  const user = await createVerifiedUser(baseURL, mailInboxUrl, 'providers');
  // A provider this build has never heard of, a result saved before results carried a label, and an unknown provider without one.
  const made = [{ provider: 'acme', providerLabel: 'Acme Try-On', providerModel: 'acme-1' }, { provider: 'fashn', providerModel: 'tryon-v1.6' }, { provider: 'mystery' }];
  await seedGeneratedImages(baseURL, user.token, made.length, { width: 400, height: 300, generationType: 'vton', metadata: (i) => made[i] });
  await signIn(page, user);
  await page.goto('/gallery');
  for (const { n, caption } of [{ n: 1, caption: 'Made with Acme Try-On' }, { n: 2, caption: 'Made with FASHN' }, { n: 3, caption: null }]) {
    await tile(page, n).click();
    const viewer = page.getByRole('dialog', { name: `Result #${n} preview` });
    await expect(viewer.getByRole('img', { name: `Result #${n}` })).toBeVisible();
    if (caption) await expect(viewer.getByText(caption, { exact: true })).toBeVisible();
    else await expect(viewer.getByText(/^Made with/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  }
});

test.describe.serial('a seller with 250 saved results', () => {
  /** @type {{ token: string, email: string }} */
  let seller;
  /** Saved oldest first: records[249] is the newest. */
  let records;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const baseURL = process.env.E2E_BASE_URL;
    seller = await createVerifiedUser(baseURL, process.env.E2E_MAIL_INBOX_URL, 'seller');
    records = await seedGeneratedImages(baseURL, seller.token, SEEDED, SIZE);
  });

  test('sees the newest first, and more pages load while scrolling', async ({ page }) => {
    await signIn(page, seller);
    const pages = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/generated-images' && request.method() === 'GET') pages.push(url.search);
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/gallery');
    // each result keeps its own number (the first saved is #1): the newest is #250
    await expect(tile(page, SEEDED)).toBeVisible();
    await expect(page.getByText(`${SEEDED} saved results`)).toBeVisible();
    expect(await thumbnailPath(page, SEEDED)).toBe(unsigned(records[SEEDED - 1].thumbnailUrl));
    expect(await thumbnailPath(page, SEEDED - 1)).toBe(unsigned(records[SEEDED - 2].thumbnailUrl));
    // the first page, and at most the next one prefetched: not the whole history
    expect(pages[0]).toBe('?limit=60');
    expect(pages.length).toBeLessThanOrEqual(2);
    // 6 columns at 1400 px; only the rows near the screen are in the DOM
    await expect(galleryList(page)).toHaveAttribute('data-columns', '6');
    expect(await galleryList(page).getByRole('listitem').count()).toBeLessThan(90);

    // the gallery scrolls at half wheel speed
    await page.mouse.move(700, 600);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(190);
    // wait until the (smooth) scroll has settled: two readings 150 ms apart agree
    let settledY = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY);
          const settled = y === settledY;
          settledY = y;
          return settled;
        },
        { intervals: [150] },
      )
      .toBe(true);
    expect(settledY).toBeLessThanOrEqual(210);

    // scrolling on loads every page down to the oldest: to the bottom, again and again, until #1 shows
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(tile(page, 1)).toBeVisible({ timeout: 150 });
    }).toPass({ intervals: [150], timeout: 30_000 });
    expect(await thumbnailPath(page, 1)).toBe(unsigned(records[0].thumbnailUrl));
    expect(pages.length).toBe(Math.ceil(SEEDED / 60));
    expect(pages[1]).toMatch(/^\?limit=60&cursor=\d+$/);
    expect(await galleryList(page).getByRole('listitem').count()).toBeLessThan(90);
  });

  test('opens the preview, zooms, and downloads a full-size PNG', async ({ page }) => {
    await signIn(page, seller);
    await page.goto('/gallery');
    await tile(page, SEEDED).click();
    const viewer = page.getByRole('dialog', { name: `Result #${SEEDED} preview` });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('Scroll to zoom • Drag to pan • ESC to close')).toBeVisible();
    const full = viewer.getByRole('img', { name: `Result #${SEEDED}` });
    expect(unsigned(await full.getAttribute('src'))).toBe(unsigned(records[SEEDED - 1].imageUrl));
    await expect.poll(() => full.evaluate((/** @type {HTMLImageElement} */ img) => img.naturalWidth)).toBe(SIZE.width);

    const zoom = viewer.getByRole('button', { name: /^Zoom / });
    await expect(zoom).toHaveText('100%');
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, -300);
    await expect(zoom).not.toHaveText('100%');
    await zoom.click();
    await expect(zoom).toHaveText('100%');

    const [fromViewer] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download' }).click()]);
    expect(fromViewer.suggestedFilename()).toBe(`vton-result-${SEEDED}.png`);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // the tile's own download button, reached from the keyboard
    await tile(page, SEEDED - 2).focus();
    await page.keyboard.press('Tab');
    const download = page.getByRole('button', { name: `Download Result #${SEEDED - 2}`, exact: true });
    await expect(download).toBeFocused();
    await expect(download).toBeVisible();
    const [fromTile] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(fromTile.suggestedFilename()).toBe(`vton-result-${SEEDED - 2}.png`);
    const file = await fromTile.path();
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: SIZE.width, height: SIZE.height });
  });

  test('the preview is modal: the gallery behind is inert; a toast shown over it is readable, reached with F8 and closed alone', async ({ page }) => {
    await signIn(page, seller);
    await page.goto('/gallery');
    await tile(page, SEEDED).focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: `Result #${SEEDED} preview` });
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
    const full = viewer.getByRole('img', { name: `Result #${SEEDED}` });
    await expect.poll(() => full.evaluate((/** @type {HTMLImageElement} */ img) => img.naturalWidth)).toBe(SIZE.width);

    // behind the preview: hidden from the accessibility tree, no pointer events, Tab stays inside
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery', includeHidden: true })).toHaveCount(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe('none');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden'); // scroll lock (an injected style: allowed by the CSP)
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    // the download fails, so its toast appears while the preview is open
    await page.route((url) => unsigned(url.href) === unsigned(records[SEEDED - 1].imageUrl), (route) => route.fulfill({ status: 503 }));
    await viewer.getByRole('button', { name: 'Download' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Download failed' });
    await expect(toast).toBeVisible(); // found by role: not in the hidden part of the page
    await expect(toast).toContainText('The image could not be downloaded. Please try again.');
    await toast.click({ position: { x: 12, y: 12 } }); // a click on a toast is not a click outside the preview
    await expect(viewer).toBeVisible();

    const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
    await page.keyboard.press('F8');
    await expect.poll(() => notifications.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    await expect(toast).toBeFocused();
    await page.keyboard.press('Escape'); // in the toast: closes the toast only
    await expect(toast).toHaveCount(0);
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape'); // then the preview, and focus goes back to its tile
    await expect(viewer).toHaveCount(0);
    await expect(tile(page, SEEDED)).toBeFocused();
  });

  test('deletes one: toast, gone after reload, and its object gone from storage', async ({ page, baseURL, request }) => {
    await signIn(page, seller);
    await page.goto('/gallery');
    const newest = records[SEEDED - 1];
    const [current] = (await listGeneratedImages(baseURL, seller.token, '?limit=1')).images;
    expect(current.id).toBe(newest.id);
    expect((await request.get(current.imageUrl)).status()).toBe(200);

    await tile(page, SEEDED).hover();
    await page.getByRole('button', { name: `Delete Result #${SEEDED}`, exact: true }).click();
    await expect(page.getByText('Image deleted', { exact: true })).toBeVisible();
    await expect(page.getByText('Generated image has been removed from your gallery.')).toBeVisible();
    await expect(tile(page, SEEDED)).toHaveCount(0);
    expect(await thumbnailPath(page, SEEDED - 1)).toBe(unsigned(records[SEEDED - 2].thumbnailUrl));
    // the delete is sent once its undo window ("Undo" in the toast) has passed
    await page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/generated-images/${current.id}`), { timeout: 20_000 });

    await page.reload();
    await expect(tile(page, SEEDED - 1)).toBeVisible();
    expect(await thumbnailPath(page, SEEDED - 1)).toBe(unsigned(records[SEEDED - 2].thumbnailUrl));
    await expect(tile(page, SEEDED)).toHaveCount(0); // no number is reused
    await expect(page.getByText(`${SEEDED - 1} saved results`)).toBeVisible();
    const status = (await request.get(current.imageUrl)).status();
    expect([403, 404]).toContain(status);
    expect([403, 404]).toContain((await request.get(current.thumbnailUrl)).status());
  });

  test('another seller sees none of them', async ({ page, baseURL, mailInboxUrl, request }) => {
    const other = await createVerifiedUser(baseURL, mailInboxUrl, 'other');
    await signIn(page, other);
    await page.goto('/gallery');
    await expect(page.getByText(/^No results yet\./)).toBeVisible();
    expect((await listGeneratedImages(baseURL, other.token)).total).toBe(0);
    const refused = await request.delete(`/api/generated-images/${records[0].id}`, { headers: { Authorization: `Bearer ${other.token}` } });
    expect(refused.status()).toBe(404);
  });
});
