import fs from 'node:fs';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, listGeneratedImages, signIn } from '../support/seed.mjs';
import { writeStudioImages } from '../support/studio-images.mjs';
import { drawer, modelTile, settledBox, sidebar, tryOnButton } from '../support/studio-page.mjs';

const viewer = (page) => page.getByRole('dialog', { name: 'Result preview' });

/** Paints a straight stroke with the real mouse; `steps` 2 = a fast move with far-apart samples. */
async function stroke(page, from, to, steps = 2) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** The green channel of the visible mask canvas at stage-relative points (grey 60 unpainted, ~150 under the lime mask). */
async function greenAt(page, points) {
  return page.getByTestId('mask-canvas').evaluate(async (canvas, pts) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ctx = canvas.getContext('2d');
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    return pts.map((p) => ctx.getImageData(Math.round(p.x * ratio), Math.round(p.y * ratio), 1, 1).data[1]);
  }, points);
}

test.describe.serial('the studio', () => {
  let seller;
  let images;

  test.beforeAll(async () => {
    seller = await createVerifiedUser(process.env.E2E_BASE_URL, process.env.E2E_MAIL_INBOX_URL, 'studio');
    images = await writeStudioImages();
  });
  test.afterAll(() => images?.cleanup());

  test('garment → crop → 3 masked model photos → Try on → results, viewer, download; Mock; Escape order', async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    await signIn(page, seller);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/app');

    await test.step('empty workspace: Try on disabled', async () => {
      await expect(page.getByText('Upload a garment and select model photos to begin the virtual try-on process')).toBeVisible();
      await expect(page.getByText('Drop your product photo here')).toBeVisible();
      await expect(page.getByText('PNG, JPG up to 10MB')).toBeVisible();
      await expect(tryOnButton(page)).toBeDisabled();
      await expect(page.getByRole('separator', { name: 'Resize sidebar' })).toHaveAttribute('aria-valuenow', '576');
    });

    await test.step('upload the garment', async () => {
      await page.getByLabel('Garment photo').setInputFiles(images.garment);
      await expect(sidebar(page).getByText('Ready for cropping')).toBeVisible();
      await expect(sidebar(page).getByText('garment.png')).toBeVisible();
      await expect(tryOnButton(page)).toBeDisabled();
    });

    await test.step('below 1024 px the sidebar hides while a tool is open', async () => {
      await page.setViewportSize({ width: 900, height: 800 });
      await sidebar(page).getByRole('button', { name: 'Crop' }).click();
      await expect(page.getByTestId('crop-size')).toHaveText('960px');
      await expect(sidebar(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(sidebar(page)).toBeVisible();
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('crop with a corner handle dragged by the mouse', async () => {
      await sidebar(page).getByRole('button', { name: 'Crop' }).click();
      // the canvas takes the main area: the sidebar shrinks to its minimum
      await expect(page.getByRole('separator', { name: 'Resize sidebar' })).toHaveAttribute('aria-valuenow', '240');
      await expect(page.getByTestId('crop-size')).toHaveText('960px');
      const handle = await settledBox(page.getByTestId('crop-handle-se'));
      const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x - 3, start.y - 3); // under the 5 px drag threshold: nothing yet
      await expect(page.getByTestId('crop-size')).toHaveText('960px');
      await page.mouse.move(start.x - 60, start.y - 60, { steps: 6 });
      await page.mouse.up();
      await expect.poll(async () => Number.parseInt(await page.getByTestId('crop-size').textContent(), 10)).toBeLessThan(960);
      expect(Number.parseInt(await page.getByTestId('crop-size').textContent(), 10)).toBeGreaterThan(600);
      // move the square a little with the mouse too
      const square = await page.getByTestId('crop-square').boundingBox();
      await stroke(page, { x: square.x + square.width / 2, y: square.y + square.height / 2 }, { x: square.x + square.width / 2 + 20, y: square.y + square.height / 2 + 10 }, 4);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Garment cropped')).toBeVisible();
      await expect(page.getByText('Your garment is now ready for try-on.')).toBeVisible();
      await expect(sidebar(page).getByText('Cropped & ready')).toBeVisible();
      await expect(tryOnButton(page)).toBeDisabled(); // no ready model yet
    });

    await test.step('upload 3 model photos (one 3840×2160)', async () => {
      await page.getByLabel('Model photos', { exact: true }).setInputFiles(images.models.map((m) => m.path));
      await expect(page.getByTestId('model-count')).toHaveText('3 photos');
      for (const model of images.models) await expect(modelTile(page, model.file)).toBeEnabled();
    });

    for (const [index, model] of images.models.entries()) {
      await test.step(`paint and approve the mask of ${model.file}`, async () => {
        await modelTile(page, model.file).click();
        const stage = page.getByTestId('mask-stage');
        await expect(stage.getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
        const box = await settledBox(stage);
        const y = box.y + box.height / 2;
        const from = { x: box.x + box.width * 0.25, y };
        const to = { x: box.x + box.width * 0.75, y };
        // one fast stroke: two pointer samples 50 % of the stage apart
        await stroke(page, from, to, 2);
        await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-has-paint', 'true');
        const along = Array.from({ length: 9 }, (_, i) => ({ x: box.width * (0.3 + i * 0.05), y: box.height / 2 }));
        const greens = await greenAt(page, along);
        for (const g of greens) expect(g).toBeGreaterThan(110); // continuous: no unpainted gaps between samples
        expect((await greenAt(page, [{ x: box.width / 2, y: box.height * 0.1 }]))[0]).toBeLessThan(80);

        if (index === 0) {
          // a second stroke, undone and redone with the shortcuts
          await stroke(page, { x: box.x + box.width * 0.5, y: box.y + box.height * 0.2 }, { x: box.x + box.width * 0.5, y: box.y + box.height * 0.8 }, 3);
          await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-undo-depth', '2');
          const vertical = { x: box.width * 0.5, y: box.height * 0.3 };
          expect((await greenAt(page, [vertical]))[0]).toBeGreaterThan(110);
          await page.keyboard.press('Control+z');
          await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-undo-depth', '1');
          expect((await greenAt(page, [vertical]))[0]).toBeLessThan(80);
          await page.keyboard.press('Control+y');
          await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-undo-depth', '2');
          expect((await greenAt(page, [vertical]))[0]).toBeGreaterThan(110);
          // brush size with [ and ], wheel zoom around the cursor, Ctrl+0 resets
          const toolbar = page.getByRole('toolbar', { name: 'Mask tools' });
          await page.keyboard.press(']');
          await expect(toolbar.getByText('25px')).toBeVisible();
          await page.keyboard.press('[');
          await expect(toolbar.getByText('20px')).toBeVisible();
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          // the editor opens fitted to the frame; the zoom percentage is the photo's own size on screen
          const zoom = toolbar.getByTestId('editor-zoom');
          await expect(zoom).toHaveAttribute('data-fitted', 'true');
          const fittedName = await zoom.getAttribute('aria-label');
          await page.mouse.wheel(0, -300);
          await expect(zoom).toHaveAttribute('data-fitted', 'false');
          await expect(zoom).not.toHaveAccessibleName(fittedName);
          await page.keyboard.press('Control+0');
          await expect(zoom).toHaveAttribute('data-fitted', 'true');
          await expect(zoom).toHaveAccessibleName(fittedName);
        }

        await page.getByRole('button', { name: 'Approve', exact: true }).click();
        await expect(modelTile(page, model.file)).toHaveAccessibleName(`${model.file} (mask approved)`, { timeout: 30_000 });
      });
    }

    const prompt = 'studio e2e prompt';
    await test.step('Try on: live progress per model', async () => {
      await expect(tryOnButton(page)).toBeEnabled();
      await page.getByPlaceholder('Enter generation prompt...').fill(prompt);
      await tryOnButton(page).click();
      const view = page.getByTestId('generation-view');
      await expect(view.getByRole('list', { name: 'Progress per model' }).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByTestId('generation-progress')).toHaveText('3 / 3 done', { timeout: 120_000 });
      for (const item of await view.getByRole('listitem').all()) await expect(item).toHaveAttribute('data-state', 'succeeded');
      await expect(page.getByTestId('active-result')).toBeVisible();
      await expect(page.getByTestId('gallery-badge')).toHaveText('3');
    });

    await test.step('results drawer and the fullscreen viewer: zoom, download at full size, Escape order', async () => {
      await page.getByRole('button', { name: /^Results/ }).click();
      await expect(drawer(page)).toBeVisible();
      await expect(page.getByTestId('gallery-badge')).toHaveCount(0); // opening marks seen
      const tiles = drawer(page).getByRole('button', { name: /^Result #\d+/ });
      await expect(tiles).toHaveCount(3);
      const sizes = [];
      for (let n = 1; n <= 3; n += 1) {
        await drawer(page).getByRole('button', { name: new RegExp(`^Result #${n}(,|$)`) }).click();
        await expect(viewer(page)).toBeVisible();
        await expect(viewer(page).getByText('Scroll to zoom • Drag to pan • ESC to close')).toBeVisible();
        if (n === 1) {
          await expect(viewer(page).getByRole('button', { name: 'Zoom 100%', exact: true })).toBeVisible();
          const frame = await viewer(page).boundingBox();
          await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
          await page.mouse.wheel(0, -400);
          await expect(viewer(page).getByRole('button', { name: 'Zoom 100%', exact: true })).toHaveCount(0);
          await expect(viewer(page).getByRole('button', { name: /^Zoom \d+%, reset to 100%$/ })).toBeVisible();
        }
        const downloading = page.waitForEvent('download');
        await viewer(page).getByRole('button', { name: /download/i }).click();
        const download = await downloading;
        // named after the product, the model and the date (issue 32)
        expect(download.suggestedFilename()).toMatch(/^garment_model-(a|b|4k)_\d{4}-\d{2}-\d{2}\.png$/);
        const file = await download.path();
        const meta = await sharp(fs.readFileSync(file)).metadata();
        expect(meta.format).toBe('png');
        sizes.push(`${meta.width}x${meta.height}`);
        await page.keyboard.press('Escape');
        await expect(viewer(page)).toHaveCount(0);
        await expect(drawer(page)).toBeVisible(); // Escape closed the viewer only
        await expect(drawer(page).getByRole('button', { name: new RegExp(`^Result #${n}(,|$)`) })).toBeFocused(); // back on its tile
      }
      expect(sizes.sort()).toEqual(images.models.map((m) => `${m.width}x${m.height}`).sort());
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Results/ })).toBeFocused(); // back on what opened the drawer
    });

    await test.step('Mock: 5 s, results from the model photos, saved as mock', async () => {
      await page.getByRole('button', { name: 'Mock' }).click();
      await expect(page.getByTestId('gallery-badge')).toHaveAccessibleName('Generating');
      await expect(page.getByTestId('gallery-badge')).toHaveText('3', { timeout: 15_000 });
      await page.getByRole('button', { name: /^Results/ }).click();
      await expect(drawer(page).getByRole('button', { name: /^Result #\d+/ })).toHaveCount(6);
      await drawer(page).getByTestId('results-backdrop').or(page.getByTestId('results-backdrop')).click({ position: { x: 10, y: 10 } });
      await expect(drawer(page)).toHaveCount(0);
      await expect
        .poll(async () => (await listGeneratedImages(baseURL, seller.token)).images.filter((i) => i.generationType === 'mock').length, { timeout: 30_000 })
        .toBe(3);
      const saved = (await listGeneratedImages(baseURL, seller.token)).images;
      expect(saved.filter((i) => i.generationType === 'vton')).toHaveLength(3);
      expect(saved.filter((i) => i.generationType === 'mock').every((i) => i.prompt === prompt && i.garmentId && i.modelId)).toBe(true);
    });

    await test.step('visiting the gallery page marks new results seen: the badge drops to 0', async () => {
      await page.getByRole('button', { name: 'Mock' }).click();
      await expect(page.getByTestId('gallery-badge')).toHaveText('3', { timeout: 15_000 });
      const nav = page.getByRole('navigation', { name: /main/i });
      await nav.getByRole('link', { name: 'Gallery' }).click();
      await expect(page).toHaveURL(/\/gallery$/);
      await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
      await nav.getByRole('link', { name: 'Try on' }).click();
      await expect(page).toHaveURL(/\/app$/);
      await expect(page.getByRole('button', { name: 'Mock' })).toBeVisible();
      await expect(page.getByTestId('gallery-badge')).toHaveCount(0);
    });
  });
});
