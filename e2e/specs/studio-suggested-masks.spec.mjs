import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, signIn } from '../support/seed.mjs';
import { writeStudioImages } from '../support/studio-images.mjs';
import { addModelPhotos, modelTile, openStudioAsNewSeller, sidebar, tryOnButton } from '../support/studio-page.mjs';

/** Real photographs with their source and licence beside them (fixtures/people/README.md). */
const PEOPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'people');

/** The pose model's files (hashed copies from @mediapipe/pose in the studio's build). */
const POSE_FILE = /\/assets\/pose[._]/;

const toolbar = (page) => page.getByRole('toolbar', { name: 'Mask tools' });
const tileState = (page, file) => modelTile(page, file).getByTestId('suggestion-status');
const maskCanvas = (page) => page.getByTestId('mask-canvas');

/** Points of astronaut.png (512×512, photo pixels): her torso in the orange suit, her face and hair. */
const TORSO = [[100, 360], [150, 330], [200, 330], [230, 400], [150, 450], [90, 470], [200, 470], [60, 410], [120, 400], [250, 350]];
const FACE = [[225, 110], [200, 130], [250, 130], [225, 160], [205, 100], [245, 100]];
const HAIR = [[220, 40], [180, 60], [270, 60]];

/** The visible editor canvas's colours ([r, g, b]) at points of a `width`×`height` photo fitted in the stage (FIT_MARGIN_PX inside its edges). */
async function colorsAtPhoto(page, points, width, height) {
  return maskCanvas(page).evaluate(async (canvas, { pts, width, height }) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const rect = canvas.getBoundingClientRect();
    const margin = Math.min(8, rect.width / 4, rect.height / 4); // the editor's FIT_MARGIN_PX
    const scale = Math.min((rect.width - 2 * margin) / width, (rect.height - 2 * margin) / height);
    const originX = (rect.width - width * scale) / 2;
    const originY = (rect.height - height * scale) / 2;
    const ratio = canvas.width / rect.width;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    return pts.map(([x, y]) => {
      const i = (Math.round((originY + y * scale) * ratio) * canvas.width + Math.round((originX + x * scale) * ratio)) * 4;
      return [pixels[i], pixels[i + 1], pixels[i + 2]];
    });
  }, { pts: points, width, height });
}

/** The green channel of the visible editor canvas at photo points of a `size`×`size` photo. */
const greenAtPhoto = async (page, points, size = 512) => (await colorsAtPhoto(page, points, size, size)).map((rgb) => rgb[1]);

/** How many points the lime mask raised (50 % lime over the photo lifts green by ≥ 40 on these colours). */
const painted = (before, after) => after.filter((g, i) => g - before[i] > 25).length;

/**
 * Full-length people (fixtures/people/README.md), in photo pixels, read off the photos: the face,
 * the hip line, points on the torso and on the legs, and points no suggestion may cover. `regions`: where each garment category's suggestion should lie
 * (its painted pixels' bounding box), within `tolerance` pixels. `torso[0]` is on the chest.
 */
const FULL_LENGTH = {
  'fullbody-man-standing-front.jpg': {
    width: 1080,
    height: 720,
    face: { left: 505, top: 50, right: 570, bottom: 125 },
    hips: 310,
    torso: [[535, 200], [510, 260], [565, 260], [535, 290]],
    legs: [[490, 370], [585, 370], [488, 427], [585, 427], [490, 490], [592, 490]],
    never: [[400, 320], [690, 320], [540, 640], [150, 400], [900, 300]], // hands, the floor between the feet, the lounge
    tolerance: 40,
    regions: {
      // collar to the T-shirt's hem, the upper arms out to the elbows
      'Upper body': { left: 430, top: 150, right: 650, bottom: 335 },
      // the waistband to the ankles, the legs' width
      'Lower body': { left: 460, top: 280, right: 612, bottom: 545 },
      // collar to the calves
      'Full length': { left: 430, top: 150, right: 650, bottom: 485 },
    },
  },
  'fullbody-woman-standing-with-dog.jpg': {
    width: 640,
    height: 962,
    face: { left: 165, top: 150, right: 235, bottom: 235 },
    hips: 470,
    torso: [[180, 330], [160, 420], [200, 400], [170, 480], [138, 390]], // the last one on the hoodie's back
    legs: [[160, 560], [215, 560], [130, 650], [205, 640], [115, 720], [165, 720]],
    never: [[430, 420], [480, 650], [320, 120], [400, 880]], // the dog's chest and hind leg, its head, the grass
    tolerance: 55,
    regions: {
      // she stands side on, the dog over her right arm: collar to the hoodie's hem, the arm to the elbow
      'Upper body': { left: 120, top: 255, right: 265, bottom: 525 },
      'Lower body': { left: 88, top: 440, right: 255, bottom: 770 },
      'Full length': { left: 100, top: 255, right: 265, bottom: 690 },
    },
  },
  // The person the detector misses on its first look (his face behind the visor): found on the second, within a black margin.
  'fullbody-astronaut-standing-front-640.jpg': {
    width: 640,
    height: 691,
    face: { left: 225, top: 90, right: 345, bottom: 200 },
    hips: 410,
    torso: [[300, 280], [250, 300], [370, 300], [300, 360]],
    legs: [[265, 470], [380, 470], [262, 530], [395, 530], [255, 590], [420, 590]],
    never: [[560, 420], [80, 260], [600, 650], [180, 455]], // the lunar ground on either side, the sky, his glove
    tolerance: 45,
    regions: {
      // below the visor's neck ring to the top of the thighs, the arms to the gloves' cuffs
      'Upper body': { left: 150, top: 210, right: 445, bottom: 430 },
      // the suit's waist to the boots' tops
      'Lower body': { left: 210, top: 325, right: 455, bottom: 635 },
      'Full length': { left: 150, top: 210, right: 445, bottom: 575 },
    },
  },
};

/** The visible editor canvas's colours at a grid of photo points (every `step` photo pixels) of a `width`×`height` photo. */
async function colorsOnGrid(page, width, height, step) {
  const points = [];
  for (let y = step / 2; y < height; y += step) for (let x = step / 2; x < width; x += step) points.push([x, y]);
  const colors = await colorsAtPhoto(page, points, width, height);
  return points.map(([x, y], i) => ({ x, y, rgb: colors[i] }));
}

/** The grid points the suggestion painted: 50 % lime over the photo moves its colour by ≥ 40 (sum of |Δr|, |Δg|, |Δb|) unless the photo is lime already. */
const paintedPoints = (before, after) =>
  after.filter((point, i) => point.rgb.reduce((sum, value, c) => sum + Math.abs(value - before[i].rgb[c]), 0) > 40).map(({ x, y }) => ({ x, y }));

/** Whether the grid point nearest to (x, y) was painted. */
const paintedAt = (points, step) => ([x, y]) => points.some((p) => Math.abs(p.x - x) <= step / 2 && Math.abs(p.y - y) <= step / 2);

test.describe.serial('suggested masks', () => {
  let seller;
  let dir;
  let garment;
  const files = { person: 'astronaut.png', noPerson: 'coffee.png', person4k: 'astronaut-4k.jpg' };

  test.beforeAll(async () => {
    seller = await createVerifiedUser(process.env.E2E_BASE_URL, process.env.E2E_MAIL_INBOX_URL, 'suggest');
    const images = await writeStudioImages();
    dir = images.dir;
    garment = images.garment;
    fs.copyFileSync(path.join(PEOPLE, files.person), path.join(dir, files.person));
    fs.copyFileSync(path.join(PEOPLE, files.noPerson), path.join(dir, files.noPerson));
    // the same portrait as a 3840×2160 photo: the suggestion is computed small and scaled up
    await sharp(path.join(PEOPLE, files.person))
      .resize(2160, 2160)
      .extend({ left: 840, right: 840, background: { r: 128, g: 128, b: 128 } })
      .jpeg({ quality: 90 })
      .toFile(path.join(dir, files.person4k));
  });
  test.afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  test('no pose model bytes on /, /gallery or /app before the first suggestion', async ({ page }) => {
    const requested = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Placement Wizardry' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await signIn(page, seller);
    await page.goto('/gallery');
    await page.waitForLoadState('networkidle');
    await page.goto('/app');
    await expect(sidebar(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.some((p) => p.startsWith('/mfe/studio/'))).toBe(true);
    expect(requested.filter((p) => POSE_FILE.test(p) || /suggested-masks\./.test(p))).toEqual([]);
  });

  test('Suggest mask, undo, no person; Suggest all masks, Approve all; Try on runs on the suggested masks', async ({ page }) => {
    test.setTimeout(420_000);
    await signIn(page, seller);
    await page.setViewportSize({ width: 1440, height: 900 });
    const poseFiles = [];
    page.on('request', (request) => POSE_FILE.test(request.url()) && poseFiles.push(new URL(request.url()).pathname));
    await page.goto('/app');

    await test.step('upload a person, a photo without one, and a 3840×2160 person', async () => {
      await page.getByLabel('Model photos', { exact: true }).setInputFiles([files.person, files.noPerson, files.person4k].map((f) => path.join(dir, f)));
      await expect(page.getByTestId('model-count')).toHaveText('3 photos');
      for (const file of Object.values(files)) await expect(modelTile(page, file)).toBeEnabled({ timeout: 30_000 });
      await expect(sidebar(page).getByRole('group', { name: 'Garment category' }).getByRole('radio', { name: 'Upper body' })).toBeChecked();
    });

    await test.step('Suggest mask in the editor: the torso, never the face; the model loads from our origin', async () => {
      await modelTile(page, files.person).click();
      const stage = page.getByTestId('mask-stage');
      await expect(stage.getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
      // the photo is on the canvas (its first frame can come a little after the spinner goes)
      await expect.poll(async () => Math.min(...(await greenAtPhoto(page, FACE))), { timeout: 20_000 }).toBeGreaterThan(0);
      const before = await greenAtPhoto(page, [...TORSO, ...FACE, ...HAIR]);
      // every load progress the toolbar shows, however briefly
      await toolbar(page).evaluate((element) => {
        window.__loading = [];
        new MutationObserver(() => {
          const text = /Loading the mask model… \d+%/.exec(element.textContent)?.[0];
          if (text && window.__loading.at(-1) !== text) window.__loading.push(text);
        }).observe(element, { subtree: true, childList: true, characterData: true });
      });
      await toolbar(page).getByRole('button', { name: 'Suggest mask' }).click();
      await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'true', { timeout: 120_000 });
      expect((await page.evaluate(() => window.__loading)).length, 'the first load shows its progress').toBeGreaterThan(0);
      await expect(maskCanvas(page)).toHaveAttribute('data-undo-depth', '1');
      const after = await greenAtPhoto(page, [...TORSO, ...FACE, ...HAIR]);
      const torso = painted(before.slice(0, TORSO.length), after.slice(0, TORSO.length));
      expect(torso, 'torso points under the suggested mask').toBeGreaterThanOrEqual(8);
      expect(painted(before.slice(TORSO.length), after.slice(TORSO.length)), 'face and hair points under the mask').toBe(0);
      // every model file came from our own origin, and the wasm and model only once
      expect(poseFiles.length).toBeGreaterThan(0);
      expect(poseFiles.filter((p) => p.endsWith('.wasm'))).toHaveLength(1);

      await test.step('Ctrl+Z removes the suggestion in one step', async () => {
        await expect(tileState(page, files.person)).toHaveAttribute('data-state', 'suggested');
        await stage.focus();
        await page.keyboard.press('Control+z');
        await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'false');
        await expect(tileState(page, files.person)).toHaveCount(0); // nothing left to approve on its tile
        const undone = await greenAtPhoto(page, TORSO);
        expect(painted(before.slice(0, TORSO.length), undone)).toBe(0);
      });
    });

    await test.step('Lower body on a waist-up portrait: the legs are out of frame, no suggestion, the photo stays as it was', async () => {
      await sidebar(page).getByRole('radio', { name: 'Lower body' }).click();
      await toolbar(page).getByRole('button', { name: 'Suggest mask' }).click();
      await expect(toolbar(page).getByText('No person found — paint the mask by hand')).toBeVisible({ timeout: 60_000 });
      await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'false');
      await expect(tileState(page, files.person)).toHaveAttribute('data-state', 'no-person');
      // the lower-body try was for lower body: back on upper body, its message goes (suggestions are per category)
      await sidebar(page).getByRole('radio', { name: 'Upper body' }).click();
      await expect(tileState(page, files.person)).toHaveCount(0);
      await toolbar(page).getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('a photo with no person gets the message', async () => {
      await modelTile(page, files.noPerson).click();
      await expect(page.getByTestId('mask-stage').getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
      await toolbar(page).getByRole('button', { name: 'Suggest mask' }).click();
      await expect(toolbar(page).getByText('No person found — paint the mask by hand')).toBeVisible({ timeout: 60_000 });
      await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'false');
      await toolbar(page).getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('Suggest all masks can be cancelled', async () => {
      await expect(tileState(page, files.person)).toHaveCount(0);
      await expect(tileState(page, files.noPerson)).toHaveAttribute('data-state', 'no-person');
      // photos not seen full size yet are held on the network, so the run is still going when Cancel is clicked
      /** @type {(value?: unknown) => void} */
      let release;
      const held = new Promise((resolve) => { release = resolve; });
      const hold = async (route) => {
        if (route.request().resourceType() === 'image') await held;
        await route.fallback();
      };
      await page.route('**/api/**', hold);
      await sidebar(page).getByRole('button', { name: 'Suggest all masks' }).click();
      await expect(sidebar(page).getByText(/^Suggesting [123]\/3…$/)).toBeVisible();
      await sidebar(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(sidebar(page).getByRole('button', { name: 'Suggest all masks' })).toBeVisible();
      await expect(sidebar(page).getByText(/^Suggesting/)).toHaveCount(0);
      release();
      await page.unroute('**/api/**', hold);
      // the photo being worked on when Cancel came stays as it was; the run went no further
      await expect(tileState(page, files.person)).toHaveCount(0, { timeout: 120_000 });
      await expect(tileState(page, files.person4k)).toHaveCount(0);
      await expect(sidebar(page).getByRole('button', { name: 'Approve all' })).toHaveCount(0);
    });

    await test.step('Suggest all masks: a progress count, every tile filled, then Approve all makes them ready', async () => {
      // every progress text the sidebar shows, however briefly
      await sidebar(page).evaluate((element) => {
        window.__progress = [];
        new MutationObserver(() => {
          const text = /Suggesting \d+\/\d+…/.exec(element.textContent)?.[0];
          if (text && window.__progress.at(-1) !== text) window.__progress.push(text);
        }).observe(element, { subtree: true, childList: true, characterData: true });
      });
      await sidebar(page).getByRole('button', { name: 'Suggest all masks' }).click();
      await expect(sidebar(page).getByRole('button', { name: 'Approve all' })).toBeVisible({ timeout: 120_000 });
      await expect(tileState(page, files.person)).toHaveAttribute('data-state', 'suggested');
      await expect(tileState(page, files.person4k)).toHaveAttribute('data-state', 'suggested');
      await expect(tileState(page, files.noPerson)).toHaveAttribute('data-state', 'no-person');
      await expect(tileState(page, files.noPerson)).toHaveText('No person found — paint the mask by hand');
      // the 512×512 photo's "Low res" warning stays on top of its suggested mask's preview
      const lowResolution = modelTile(page, files.person).getByTestId('low-resolution');
      await expect(lowResolution).toBeVisible();
      await lowResolution.scrollIntoViewIfNeeded();
      expect(
        await lowResolution.evaluate((badge) => {
          const box = badge.getBoundingClientRect();
          return badge.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        }),
        'the Low res badge is not covered',
      ).toBe(true);
      expect(await page.evaluate(() => window.__progress)).toEqual(['Suggesting 1/3…', 'Suggesting 2/3…', 'Suggesting 3/3…']);
      await sidebar(page).getByRole('button', { name: 'Approve all' }).click();
      await expect(modelTile(page, files.person)).toHaveAccessibleName(`${files.person} (mask approved)`, { timeout: 60_000 });
      await expect(modelTile(page, files.person4k)).toHaveAccessibleName(`${files.person4k} (mask approved)`, { timeout: 60_000 });
      await expect(modelTile(page, files.noPerson)).toHaveAccessibleName(files.noPerson);
      expect(poseFiles.filter((p) => p.endsWith('.wasm'))).toHaveLength(1);
    });

    await test.step('a try-on runs on the suggested masks', async () => {
      await page.getByLabel('Garment photo').setInputFiles(garment);
      await expect(sidebar(page).getByText('Ready for cropping')).toBeVisible();
      await sidebar(page).getByRole('button', { name: 'Crop' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(sidebar(page).getByText('Cropped & ready')).toBeVisible();
      await expect(tryOnButton(page)).toBeEnabled();
      await tryOnButton(page).click();
      const view = page.getByTestId('generation-view');
      await expect(view.getByRole('list', { name: 'Progress per model' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByTestId('generation-progress')).toHaveText('2 / 2 done', { timeout: 120_000 });
      for (const item of await view.getByRole('listitem').all()) await expect(item).toHaveAttribute('data-state', 'succeeded');
    });
  });

  test('full-length people: the upper-body, lower-body and full-length suggestions lie on the torso, the legs, both', async ({ page }) => {
    test.setTimeout(420_000);
    await openStudioAsNewSeller(page, 'suggest-full');
    const people = Object.keys(FULL_LENGTH);
    await addModelPhotos(page, people.map((file) => path.join(PEOPLE, file)));
    for (const file of people) {
      const person = FULL_LENGTH[file];
      const step = Math.max(person.width, person.height) / 80;
      await test.step(file, async () => {
        await modelTile(page, file).click();
        const stage = page.getByTestId('mask-stage');
        await expect(stage.getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
        // the photo is on the canvas (its first frame can come a little after the spinner goes)
        await expect.poll(async () => (await colorsOnGrid(page, person.width, person.height, step)).filter((p) => p.rgb.some((v) => v > 0)).length, { timeout: 20_000 }).toBeGreaterThan(1000);
        const before = await colorsOnGrid(page, person.width, person.height, step);
        for (const [category, expected] of Object.entries(person.regions)) {
          await test.step(category, async () => {
            await sidebar(page).getByRole('radio', { name: category }).click();
            await toolbar(page).getByRole('button', { name: 'Suggest mask' }).click();
            await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'true', { timeout: 120_000 });
            await expect(tileState(page, file)).toHaveAttribute('data-state', 'suggested');
            const points = paintedPoints(before, await colorsOnGrid(page, person.width, person.height, step));
            const at = paintedAt(points, step);
            const box = {
              left: Math.min(...points.map((p) => p.x)),
              top: Math.min(...points.map((p) => p.y)),
              right: Math.max(...points.map((p) => p.x)),
              bottom: Math.max(...points.map((p) => p.y)),
            };
            for (const side of ['left', 'top', 'right', 'bottom']) {
              expect(Math.abs(box[side] - expected[side]), `the suggestion's ${side} edge (${Math.round(box[side])} px, expected ${expected[side]})`).toBeLessThanOrEqual(person.tolerance);
            }
            const { face } = person;
            expect(points.filter((p) => p.x >= face.left && p.x <= face.right && p.y >= face.top && p.y <= face.bottom), 'points on the face').toEqual([]);
            expect(person.never.filter(at), 'points off the garment region (hands, background, the dog)').toEqual([]);
            const belowHips = points.filter((p) => p.y > person.hips).length / points.length;
            test.info().annotations.push({ type: 'suggestion', description: `${file}, ${category}: box ${Object.values(box).map(Math.round).join(', ')} (left, top, right, bottom), ${points.length} grid points, ${Math.round(100 * belowHips)} % below the hips` });
            if (category === 'Upper body') {
              expect(person.torso.filter(at), 'torso points').toEqual(person.torso);
              expect(person.legs.filter(at), 'leg points').toEqual([]);
              expect(belowHips, 'share of the suggestion below the hips').toBeLessThan(0.25);
            } else if (category === 'Lower body') {
              expect(person.legs.filter(at), 'leg points').toEqual(person.legs);
              expect(at(person.torso[0]), 'the chest point').toBe(false);
              expect(belowHips, 'share of the suggestion below the hips').toBeGreaterThan(0.7);
            } else {
              expect(person.torso.filter(at), 'torso points').toEqual(person.torso);
              expect(person.legs.slice(0, 4).filter(at), 'thigh and knee points').toEqual(person.legs.slice(0, 4));
            }
            // Ctrl+Z: the next category's suggestion starts from the photo as it was
            await stage.focus();
            await page.keyboard.press('Control+z');
            await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'false');
          });
        }
        await toolbar(page).getByRole('button', { name: 'Cancel' }).click();
      });
    }
  });

  test('a model that cannot load leaves the manual path, with one message', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, seller);
    await page.setViewportSize({ width: 1440, height: 900 });
    // no WebAssembly runtime for this page: as in a browser that cannot run the model
    await page.route(/\/assets\/pose_solution_.*\.wasm$/, (route) => route.abort());
    await page.goto('/app');
    // the seller's workspace (from the test before, when it ran) comes back from the server first
    // (issue 21); "Restoring your workspace…" only counts once the studio is there to show it
    await expect(sidebar(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Restoring your workspace…')).toHaveCount(0, { timeout: 30_000 });
    const extra = path.join(os.tmpdir(), `suggest-${Date.now()}.png`);
    fs.copyFileSync(path.join(PEOPLE, files.person), extra);
    try {
      await addModelPhotos(page, [extra]);
    } finally {
      fs.rmSync(extra, { force: true });
    }
    await sidebar(page).getByRole('button', { name: 'Suggest all masks' }).click();
    await expect(page.getByText('Mask suggestions are not available')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByText('The mask model could not load in this browser — paint the masks by hand.')).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: 'Suggest all masks' })).toBeDisabled();
    await expect(sidebar(page).getByRole('button', { name: 'Approve all' })).toHaveCount(0);
    // the brush still works
    await modelTile(page, path.basename(extra)).click();
    await expect(toolbar(page).getByRole('button', { name: 'Suggest mask' })).toBeDisabled();
    const stage = page.getByTestId('mask-stage');
    await expect(stage.getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
    const box = await stage.boundingBox();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(maskCanvas(page)).toHaveAttribute('data-has-paint', 'true');
  });
});
