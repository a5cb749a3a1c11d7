import sharp from 'sharp';
import type { CropBounds } from '@vton/contracts';
import { SEED_FRAMING } from '../providers/seed/seed.provider.js';
import { assertImage } from './image-processor.js';
import { composeIntoPhoto, planFrame, prepareProviderInputs } from './mask-composer.js';
import { featherReach } from './placement.js';

/** The §7 service's answer (a 960 square) composed back into the photo, as the worker does for the seed provider. */
async function compose({ original, result, bounds, mask }: { original: Buffer; result: Buffer; bounds: CropBounds; mask: Buffer }) {
  const meta = await sharp(original).metadata();
  return composeIntoPhoto(original, result, mask, bounds, planFrame({ width: meta.width!, height: meta.height! }, bounds, SEED_FRAMING));
}

/** A photo whose every pixel differs from its neighbours, so any stray write shows. */
function patternedRaw(width: number, height: number, channels: 3 | 4): Buffer {
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += channels) {
      raw[i] = (x * 7 + y * 3) & 255;
      raw[i + 1] = (x * 13 + y * 5) & 255;
      raw[i + 2] = (x ^ y) & 255;
      if (channels === 4) raw[i + 3] = 128 + ((x + y) & 127);
    }
  }
  return raw;
}

/** The mask as svc-media stores it: the bounds' size, white where the garment goes. */
function boundsMask(size: number, painted: { left: number; top: number; width: number; height: number }) {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: painted.width, height: painted.height, channels: 3, background: '#ffffff' } }, left: painted.left, top: painted.top }])
    .png()
    .toBuffer();
}

async function decode(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Composes a solid VTON answer into a photo and checks: same size, PNG, garment colour in the
 * middle of the painted area, and every pixel farther than the feather reach from it unchanged.
 */
async function checkComposition(original: Buffer, width: number, height: number, boundsSide: number) {
  const bounds = { x: Math.round(width * 0.4), y: Math.round(height * 0.2), width: boundsSide, height: boundsSide };
  const painted = { left: Math.round(boundsSide * 0.1), top: Math.round(boundsSide * 0.1), width: Math.round(boundsSide * 0.8), height: Math.round(boundsSide * 0.8) };
  const mask = await boundsMask(boundsSide, painted);
  const result = await sharp({ create: { width: 960, height: 960, channels: 3, background: { r: 0, g: 200, b: 0 } } }).png().toBuffer();

  const composed = await compose({ original, result, bounds, mask });
  expect([composed.width, composed.height]).toEqual([width, height]);
  expect((await sharp(composed.png).metadata()).format).toBe('png');

  const before = await decode(original);
  const after = await decode(composed.png);
  expect([after.width, after.height, after.channels]).toEqual([before.width, before.height, before.channels]);

  const reach = featherReach(boundsSide, boundsSide);
  const near = {
    left: bounds.x + painted.left - reach,
    top: bounds.y + painted.top - reach,
    right: bounds.x + painted.left + painted.width + reach,
    bottom: bounds.y + painted.top + painted.height + reach,
  };
  const c = before.channels;
  let changedOutside = 0;
  for (let y = 0; y < height; y++) {
    const rowInside = y >= near.top && y < near.bottom;
    const start = y * width * c;
    if (!rowInside) {
      if (!before.data.subarray(start, start + width * c).equals(after.data.subarray(start, start + width * c))) changedOutside++;
      continue;
    }
    const leftEnd = start + near.left * c;
    const rightStart = start + near.right * c;
    if (!before.data.subarray(start, leftEnd).equals(after.data.subarray(start, leftEnd))) changedOutside++;
    if (!before.data.subarray(rightStart, start + width * c).equals(after.data.subarray(rightStart, start + width * c))) changedOutside++;
  }
  expect(changedOutside).toBe(0);

  const centre = ((bounds.y + boundsSide / 2) * width + bounds.x + boundsSide / 2) * c;
  expect([...after.data.subarray(centre, centre + 3)]).toEqual([0, 200, 0]);
  return composed;
}

describe('the §7 answer composed into the photo (real sharp)', () => {
  it('keeps a 3840×2160 PNG photo’s size and every pixel outside the feathered mask', async () => {
    const original = await sharp(patternedRaw(3840, 2160, 3), { raw: { width: 3840, height: 2160, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
    const composed = await checkComposition(original, 3840, 2160, 1200);
    expect(composed.scaleFactor).toBeCloseTo(1200 / 960, 5);
  });

  it('keeps a 7680×4320 JPEG photo’s size and every pixel outside the feathered mask', async () => {
    const original = await sharp(patternedRaw(7680, 4320, 3), { raw: { width: 7680, height: 4320, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    await checkComposition(original, 7680, 4320, 2400);
  }, 60_000);

  it('keeps the alpha channel of a transparent PNG photo byte for byte outside the mask', async () => {
    const original = await sharp(patternedRaw(1600, 1000, 4), { raw: { width: 1600, height: 1000, channels: 4 } }).png().toBuffer();
    await checkComposition(original, 1600, 1000, 500);
  });

  it('does not upscale a small crop: the result is taken from the middle of the 960 square', async () => {
    const original = await sharp(patternedRaw(800, 600, 3), { raw: { width: 800, height: 600, channels: 3 } }).png().toBuffer();
    const composed = await checkComposition(original, 800, 600, 300);
    expect(composed.scaleFactor).toBe(1);
  });

  it('refuses bounds outside the photo (the caller then falls back to the raw result)', async () => {
    const original = await sharp(patternedRaw(400, 300, 3), { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    const result = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const mask = await boundsMask(300, { left: 0, top: 0, width: 300, height: 300 });
    await expect(compose({ original, result, bounds: { x: 200, y: 0, width: 300, height: 300 }, mask })).rejects.toThrow(/outside/);
  });

  it('fits target and mask into 960×960 on white and black', async () => {
    const photo = await sharp({ create: { width: 1920, height: 960, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const mask = await sharp({ create: { width: 1920, height: 960, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const prepared = await prepareProviderInputs(photo, mask, { x: 0, y: 0, width: 1920, height: 960 }, SEED_FRAMING, { maxImageBytes: 40 << 20 });
    expect(prepared.placement).toMatchObject({ scale: 0.5, content: { width: 960, height: 480 }, offset: { left: 0, top: 240 } });
    const target = await decode(prepared.person);
    const maskSquare = await decode(prepared.mask);
    expect([target.width, target.height, maskSquare.width, maskSquare.height]).toEqual([960, 960, 960, 960]);
    expect([...target.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect([...target.data.subarray(480 * 960 * 3, 480 * 960 * 3 + 3)]).toEqual([255, 0, 0]);
    expect(maskSquare.data[0]).toBe(0);
    expect(maskSquare.data[480 * 960 * maskSquare.channels]).toBe(255);
  });

  it('says a VTON answer of garbage is not an image', async () => {
    await expect(assertImage(Buffer.from('nope'))).rejects.toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: the VTON service answered with data that is not an image',
    });
  });
});
