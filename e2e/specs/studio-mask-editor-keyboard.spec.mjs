import { test, expect } from '../support/fixtures.mjs';
import { photoFolder, writeModelPhoto } from '../support/seller-photos.mjs';
import { addModelPhotos, modelTile, openStudioAsNewSeller, settledBox } from '../support/studio-page.mjs';

/**
 * The mask editor from the keyboard: from its painting stage Tab goes round to the editor's first
 * control and on through its controls in the order they show, back to the stage; Shift+Tab goes to
 * the control before. Focus never leaves for the top of the page (the skip link) while painting.
 */

const FILE = 'ines-front.jpg';
const editor = (page) => page.getByTestId('mask-editor');
const stage = (page) => page.getByTestId('mask-stage');

/** The focused element: its accessible name (a control's label, or its text), whether it is in the editor, and where it is. */
const focused = (page) =>
  page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.activeElement);
    const box = el.getBoundingClientRect();
    return {
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
      inEditor: Boolean(el.closest('[data-testid="mask-editor"]')),
      top: box.top,
      left: box.left,
    };
  });

for (const viewport of [{ width: 1440, height: 900 }, { width: 900, height: 900 }]) {
  test(`Tab and Shift+Tab move through the mask editor in the order it shows, at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    const photos = photoFolder();
    try {
      await openStudioAsNewSeller(page, 'maskkeys');
      await page.setViewportSize(viewport);
      await addModelPhotos(page, [await writeModelPhoto(photos.dir, FILE)]);
      await modelTile(page, FILE).focus();
      await page.keyboard.press('Enter');
      await expect(stage(page).getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
      await expect(stage(page)).toBeFocused();
      // opened from the keyboard, the stage shows that it has focus
      expect(await stage(page).evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);

      // a stroke, so that Clear, Undo and Approve take part too
      const box = await settledBox(stage(page));
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.45, { steps: 6 });
      await page.mouse.up();
      await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-has-paint', 'true');
      await expect(stage(page)).toBeFocused();

      await test.step('Tab from the stage: round through the editor’s controls, in the order they show, back to the stage', async () => {
        const stops = [];
        for (let i = 0; i < 16; i += 1) {
          await page.keyboard.press('Tab');
          const stop = await focused(page);
          stops.push(stop);
          if (stop.name === `Mask for ${FILE}`) break;
        }
        expect(stops.map((s) => s.name)).toEqual([
          'Brush',
          'Eraser',
          'Suggest mask',
          'Brush size',
          'Brush hardness',
          'Clear',
          'Undo',
          expect.stringMatching(/^Zoom \d+%, fit to frame$/),
          'Zoom to 100%',
          'Cancel',
          'Approve',
          `Mask for ${FILE}`,
        ]);
        expect(stops.every((s) => s.inEditor)).toBe(true);
        // each control after the one before it as the toolbar reads: along a row, or on a row below
        const toolbar = stops.slice(0, -1);
        for (const [i, stop] of toolbar.entries()) {
          if (i === 0) continue;
          const before = toolbar[i - 1];
          const sameRow = Math.abs(stop.top - before.top) < 12;
          expect(sameRow ? stop.left > before.left : stop.top > before.top, `${before.name} → ${stop.name}`).toBe(true);
        }
      });

      await test.step('Shift+Tab from the stage: the control before it', async () => {
        await expect(stage(page)).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(editor(page).getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(stage(page)).toBeFocused();
      });

      await test.step('Shift+Tab from the first control leaves the editor backwards, not to the skip link', async () => {
        await page.keyboard.press('Tab');
        await expect(editor(page).getByRole('button', { name: 'Brush', exact: true })).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        const before = await focused(page);
        expect(before.inEditor).toBe(false);
        expect(before.name).not.toBe('Skip to content');
      });
    } finally {
      photos.cleanup();
    }
  });
}
