import sharp from 'sharp';
import {
  core,
  correlation,
  deltaE,
  fineDetail,
  garment,
  MASKS,
  mask,
  medianColour,
  person,
  product,
  raster,
  room,
  rowJumps,
  SIDE,
  type Raster,
  type Rgb,
} from '../../test/local-engine/pictures.js';
import { composeTryOn, type EngineCategory } from './compositor.js';

const RED: Rgb = [200, 30, 40];
const BLACK: Rgb = [15, 15, 18];
const NAVY: Rgb = [20, 28, 70];
const SIZE = { width: SIDE, height: SIDE };
/** The mask's core: 12 px inside its edge, away from the blend the result gets later. */
const CORE_MARGIN = 12;
/**
 * Per test: the engine's typed-array loops (and these measures') run ~20× slower under jest's
 * VM-module sandbox than in production (BENCHMARKS.md), more on a loaded machine.
 */
const PICTURE_TEST_MS = 180_000;

async function tryOn(target: Buffer, reference: Buffer, maskPng: Buffer, category: EngineCategory) {
  const png = await composeTryOn({ target, reference, mask: maskPng, category, size: SIZE });
  return { png, image: await raster(png), photo: await raster(target), mask: await raster(maskPng, 1) };
}

const pixel = (image: Raster, x: number, y: number): Rgb => {
  const i = (y * image.width + x) * image.channels;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
};
const luma = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
/** Which of the colours `c` is, by hue and saturation (the photo's light makes it lighter or darker). */
const chromaticity = ([r, g, b]: Rgb) => [r / (r + g + b + 1), g / (r + g + b + 1)];
const nearest = (c: Rgb, options: Rgb[]) => {
  const [x, y] = chromaticity(c);
  const distances = options.map((o) => Math.hypot(chromaticity(o)[0] - x, chromaticity(o)[1] - y));
  return options[distances.indexOf(Math.min(...distances))];
};

describe('the built-in engine: a garment worn over dark, printed old clothes', () => {
  it.each([
    ['a black', 'plain', BLACK],
    ['a navy', 'plain', NAVY],
    ['a black', 'near-uniform', BLACK],
    ['a navy', 'transparent', NAVY],
  ] as const)('on %s old shirt with a slogan, a red top cut from a %s background is opaque, in its own colour, with none of the print', async (_, background, shirt) => {
    const { image, photo, mask: m } = await tryOn(await person({ shirt }), await garment('upper_body', { colour: RED, background }), await mask(MASKS.upper_body), 'upper_body');
    const inside = core(m, CORE_MARGIN);
    // The print does not show through: fine detail (luminance minus its 4 px blur) is unrelated to the photo's.
    expect(Math.abs(correlation(fineDetail(image), fineDetail(photo), inside))).toBeLessThan(0.25);
    // The garment's own colour, not darkened by the old shirt.
    expect(deltaE(medianColour(image, inside), RED)).toBeLessThanOrEqual(12);
    // Opaque everywhere the mask is whole: no pixel keeps the old shirt's colour or the print's white,
    // and none the background the garment was cut from (a transparent PNG hides pure green under its alpha).
    let oldClothes = 0;
    let background_ = 0;
    for (let p = 0; p < m.width * m.height; p++) {
      if (m.data[p] < 255) continue;
      const c = pixel(image, p % SIDE, Math.floor(p / SIDE));
      if (deltaE(c, shirt) < 15 || luma(c) > 200) oldClothes++;
      if (c[1] > c[0] + 60 || (c[0] > 200 && c[1] > 200 && c[2] > 200)) background_++;
    }
    expect(oldClothes).toBe(0);
    expect(background_).toBe(0);
  }, PICTURE_TEST_MS);

  it('keeps the photo’s large-scale light: lighter on the side the light comes from, as in the photo', async () => {
    const { image, mask: m } = await tryOn(await person({ shirt: BLACK }), await garment('upper_body', { colour: RED }), await mask(MASKS.upper_body), 'upper_body');
    const inside = core(m, CORE_MARGIN);
    const third = (from: number, to: number) => luma(medianColour(image, (p) => inside[p] === 1 && p % SIDE >= from && p % SIDE < to));
    // The person is lit from the left (the photo's gradient): the garment's left is lighter than its right.
    expect(third(300, 420) / third(540, 660)).toBeGreaterThan(1.08);
  }, PICTURE_TEST_MS);

  it('has no horizontal tears or smears: neighbouring rows of a striped top differ no more than rows do anyway', async () => {
    const { image, mask: m } = await tryOn(
      await person({ shirt: BLACK }),
      await garment('upper_body', { colour: [240, 240, 235], stripes: [30, 60, 160] }),
      await mask(MASKS.upper_body),
      'upper_body',
    );
    const { largest, typical } = rowJumps(image, core(m, CORE_MARGIN));
    // The stripes run on without a break: the largest row-to-row change is of the order of the typical one
    // (a row mapped from a different garment row shifts every stripe: a jump of tens of levels).
    expect(largest).toBeLessThan(4 * typical + 4);
  }, PICTURE_TEST_MS);

  it('fits a top from its neckline and shoulders at the mask’s top edge to its hem at the bottom, each row as wide as the mask', async () => {
    const TOP: Rgb = [240, 200, 40];
    const BOTTOM: Rgb = [30, 120, 200];
    const SIDES: Rgb = [20, 150, 60];
    // A trapezoid mask: 240 px wide at its top, 400 at its bottom.
    const trapezoid = `<path d="M360 200 L600 200 L680 800 L280 800 Z" fill="#fff"/>`;
    const { image } = await tryOn(await person({ shirt: BLACK }), await garment('panel', { colour: RED, bands: { top: TOP, bottom: BOTTOM, sides: SIDES } }), await mask(trapezoid), 'upper_body');
    const near = (c: Rgb, expected: Rgb) => nearest(c, [TOP, BOTTOM, SIDES, RED]) === expected;
    // The garment's top band along the mask's top edge, its bottom band along the bottom edge.
    for (const x of [420, 480, 540]) {
      expect(near(pixel(image, x, 210), TOP)).toBe(true);
      expect(near(pixel(image, x, 790), BOTTOM)).toBe(true);
    }
    // In every row, the garment's side bands sit just inside the mask's edges, its middle in the middle.
    for (let y = 300; y <= 700; y += 50) {
      const left = 360 - ((y - 200) / 600) * 80;
      const right = 600 + ((y - 200) / 600) * 80;
      expect(near(pixel(image, Math.round(left + 5), y), SIDES)).toBe(true);
      expect(near(pixel(image, Math.round(right - 6), y), SIDES)).toBe(true);
      expect(near(pixel(image, 480, y), RED)).toBe(true);
    }
  }, PICTURE_TEST_MS);

  it('is never stretched beyond what the mask demands: a logo keeps the proportions the mask’s shape gives the garment', async () => {
    const LOGO: Rgb = [250, 220, 60];
    const logoBox = ({ image, mask: m }: { image: Raster; mask: Raster }, fabric: Rgb) => {
      let [left, right, top, bottom] = [SIDE, -1, SIDE, -1];
      for (let y = 0; y < SIDE; y++)
        for (let x = 0; x < SIDE; x++) {
          if (m.data[y * SIDE + x] < 255 || nearest(pixel(image, x, y), [LOGO, fabric]) !== LOGO) continue;
          [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
        }
      return { width: right - left + 1, height: bottom - top + 1 };
    };
    // A 360 × 700 panel onto a 300 × 420 rectangle: the mask demands (300/360)/(420/700) = 1.39 across.
    const rectangle = `<rect x="330" y="250" width="300" height="420" fill="#fff"/>`;
    const panel = await tryOn(await person({ shirt: NAVY }), await garment('panel', { colour: RED, logo: LOGO, logoRadius: 50 }), await mask(rectangle), 'upper_body');
    const onPanel = logoBox(panel, RED);
    expect(onPanel.width / onPanel.height).toBeCloseTo(1.39, 1);

    // A dress narrow at the waist, onto a mask as wide at the waist as at the shoulders: its waist is
    // not pulled out to the mask's width, at most 1.3 × what the mask's shape as a whole asks.
    const dress = await tryOn(await person({ shirt: NAVY }), await garment('full_body', { colour: [40, 140, 90], logo: LOGO, logoRadius: 40 }), await mask(MASKS.full_body), 'full_body');
    const onDress = logoBox(dress, [40, 140, 90]);
    const demanded = (374 / 480) / (619 / 820); // the mask's box over the dress's box, across over down
    expect(onDress.width / onDress.height).toBeLessThanOrEqual(demanded * 1.3 + 0.05);
  }, PICTURE_TEST_MS);

  it('fits trousers’ two legs onto the mask’s two lobes, the gap between them left to the photo', async () => {
    const LEFT: Rgb = [240, 150, 180];
    const RIGHT: Rgb = [150, 200, 240];
    const { image, photo, mask: m } = await tryOn(await person({ shirt: BLACK }), await garment('lower_body', { colour: LEFT, right: RIGHT }), await mask(MASKS.lower_body), 'lower_body');
    const inside = core(m, 8);
    // Below the crotch (y 705 in the mask), each lobe is wholly its own leg's colour.
    const lobe = (from: number, to: number) => medianColour(image, (p) => inside[p] === 1 && p >= 760 * SIDE && p % SIDE >= from && p % SIDE < to);
    expect(deltaE(lobe(0, 482), LEFT)).toBeLessThan(10);
    expect(deltaE(lobe(482, SIDE), RIGHT)).toBeLessThan(10);
    for (let y = 760; y < 900; y += 20) {
      for (let x = 300; x < 660; x += 4) {
        if (!inside[y * SIDE + x]) continue;
        expect(deltaE(pixel(image, x, y), x < 482 ? LEFT : RIGHT)).toBeLessThan(25);
      }
    }
    // Between the legs, outside the mask: the photo as it was.
    expect(pixel(image, 482, 900)).toEqual(pixel(photo, 482, 900));
  }, PICTURE_TEST_MS);

  it('trousers on a mask with one lobe (legs together): the gap closed between the legs shows none of the crop’s background', async () => {
    const PINK: Rgb = [240, 150, 180];
    // The suggestion for legs that touch: one shape from the waist to the ankles.
    const legsTogether = `<path d="M330 560 L630 560 L650 930 L310 930 Z" fill="#fff"/>`;
    const { image, mask: m } = await tryOn(await person({ shirt: BLACK }), await garment('lower_body', { colour: PINK }), await mask(legsTogether), 'lower_body');
    const inside = core(m, CORE_MARGIN);
    // The fabric's folds and the photo's light are smooth; the anti-aliased edges of the legs'
    // inner sides, closed into the garment near the crotch, were light dashes (fine detail ~+30).
    const detail = fineDetail(image);
    let largest = 0;
    for (let p = 0; p < inside.length; p++) if (inside[p]) largest = Math.max(largest, Math.abs(detail[p]));
    expect(largest).toBeLessThan(12);
  }, PICTURE_TEST_MS);

  it('fits a dress from the shoulders down: its top at the mask’s top, its hem at the mask’s bottom', async () => {
    const TOP: Rgb = [240, 200, 40];
    const BOTTOM: Rgb = [30, 120, 200];
    const { image } = await tryOn(await person({ shirt: NAVY }), await garment('full_body', { colour: [40, 140, 90], bands: { top: TOP, bottom: BOTTOM } }), await mask(MASKS.full_body), 'full_body');
    expect(deltaE(pixel(image, 480, 200), TOP)).toBeLessThan(20);
    expect(deltaE(pixel(image, 480, 795), BOTTOM)).toBeLessThan(20);
    expect(deltaE(pixel(image, 480, 500), [40, 140, 90])).toBeLessThan(20);
  }, PICTURE_TEST_MS);

  it('leaves the photo as it was outside the mask, and answers the same bytes for the same inputs', async () => {
    const target = await person({ shirt: BLACK });
    const reference = await garment('upper_body', { colour: RED });
    const maskPng = await mask(MASKS.upper_body);
    const first = await tryOn(target, reference, maskPng, 'upper_body');
    const second = await composeTryOn({ target, reference, mask: maskPng, category: 'upper_body', size: SIZE });
    expect(second.equals(first.png)).toBe(true);
    for (const [x, y] of [[50, 50], [480, 110], [480, 800], [900, 900]]) expect(pixel(first.image, x, y)).toEqual(pixel(first.photo, x, y));
  }, PICTURE_TEST_MS);
});

describe('the built-in engine: a product placed in the mask', () => {
  const BOTTLE: Rgb = [30, 90, 200];
  // The mask: a wide box on the floor line, much wider than the bottle.
  const box = { left: 300, top: 380, width: 400, height: 360 };
  const rectangle = `<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="#fff"/>`;

  it('is cut out, scaled to fit the mask keeping its proportions, standing centred on the mask’s lower edge', async () => {
    const { image, photo } = await tryOn(await room(), await product(BOTTLE), await mask(rectangle), 'product');
    // The bottle's body (its colour) in the result: 240 × 680 in the product's crop (cap and label aside).
    let [left, right, top, bottom] = [SIDE, -1, SIDE, -1];
    for (let y = 0; y < SIDE; y++)
      for (let x = 0; x < SIDE; x++) {
        if (deltaE(pixel(image, x, y), BOTTLE) > 20) continue;
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
      }
    const width = right - left + 1;
    const height = bottom - top + 1;
    // The whole product (cap to base, 760 px tall in its crop) fills the mask's height; the body keeps its shape.
    expect(width / height).toBeCloseTo(240 / 680, 1);
    expect(height).toBeGreaterThan(box.height * 0.8);
    expect(Math.abs((left + right + 1) / 2 - (box.left + box.width / 2))).toBeLessThanOrEqual(3);
    expect(box.top + box.height - 1 - bottom).toBeLessThanOrEqual(box.height * 0.05);
    expect(bottom).toBeLessThan(box.top + box.height);
    // Its own colours, not the background it was photographed on.
    expect(deltaE(pixel(image, Math.round((left + right) / 2), Math.round(top + height * 0.3)), BOTTLE)).toBeLessThan(12);
    // Beside it, the mask keeps the photo.
    expect(pixel(image, box.left + 10, box.top + 10)).toEqual(pixel(photo, box.left + 10, box.top + 10));
  }, PICTURE_TEST_MS);

  it('casts a soft contact shadow on the photo beneath it', async () => {
    const { image, photo } = await tryOn(await room(), await product(BOTTLE), await mask(rectangle), 'product');
    let bottom = -1;
    for (let y = 0; y < SIDE; y++) if (deltaE(pixel(image, 480, y), BOTTLE) < 20) bottom = y;
    // Just below the product's base, darker than the floor was; further out, fading; far away, the floor.
    const below = luma(pixel(image, 480, bottom + 4)) / luma(pixel(photo, 480, bottom + 4));
    expect(below).toBeLessThan(0.85);
    const aside = luma(pixel(image, 480 + 150, bottom)) / luma(pixel(photo, 480 + 150, bottom));
    expect(aside).toBeGreaterThan(below);
    expect(pixel(image, box.left + 5, bottom)).toEqual(pixel(photo, box.left + 5, bottom));
  }, PICTURE_TEST_MS);
});

describe('the built-in engine: what it is given', () => {
  it('answers the target unchanged for an empty mask, and at the size asked for', async () => {
    const target = await person({ shirt: BLACK });
    const png = await composeTryOn({ target, reference: await garment('upper_body', { colour: RED }), mask: await mask(''), category: 'upper_body', size: { width: 480, height: 480 } });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([480, 480]);
    const expected = await sharp(target).resize(480, 480, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    expect((await sharp(png).removeAlpha().raw().toBuffer()).equals(expected)).toBe(true);
  }, PICTURE_TEST_MS);
});
