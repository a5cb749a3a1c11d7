import sharp from 'sharp';
import type { ProviderFraming } from './framing.js';
import { composeIntoPhoto, decodePhoto, planFrame, prepareProviderInputs } from './mask-composer.js';
import { featherReach } from './placement.js';

const FASHN_LIKE: ProviderFraming = { width: 864, height: 1296, mode: 'widen', context: 0.25, upscale: true };
const FREE: ProviderFraming = { width: 1536, height: 1536, mode: 'free', context: 0.5, upscale: false };
const SQUARE_PAD: ProviderFraming = { width: 960, height: 960, mode: 'pad', context: 0, upscale: false };
const NO_LIMIT = { maxImageBytes: 1024 * 1024 * 1024 };

/** A photo whose every pixel differs from its neighbours, so any stray write shows. */
function patterned(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      raw[i] = (x * 7 + y * 3) & 255;
      raw[i + 1] = (x * 13 + y * 5) & 255;
      raw[i + 2] = (x ^ y) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

/** The mask as svc-media stores it: the bounds' size, white where the garment was painted. */
function boundsMask(width: number, height: number, painted: { left: number; top: number; width: number; height: number }) {
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: painted.width, height: painted.height, channels: 3, background: '#ffffff' } }, left: painted.left, top: painted.top }])
    .png()
    .toBuffer();
}

async function raw(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** What a generative provider does: regenerates the whole frame (here: one colour) at its own size. */
function providerAnswer(width: number, height: number, colour = { r: 0, g: 200, b: 0 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** Pixels that differ from the photo farther than the feather reach from the painted area. */
function changedOutside(before: { data: Buffer; width: number; height: number }, after: { data: Buffer }, near: { left: number; top: number; right: number; bottom: number }): number {
  let changed = 0;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      if (x >= near.left && x < near.right && y >= near.top && y < near.bottom) continue;
      const i = (y * before.width + x) * 3;
      if (before.data[i] !== after.data[i] || before.data[i + 1] !== after.data[i + 1] || before.data[i + 2] !== after.data[i + 2]) changed++;
    }
  }
  return changed;
}

describe('mask-constrained composition over any provider (real sharp)', () => {
  const photoSize = { width: 2400, height: 1600 };
  const bounds = { x: 900, y: 300, width: 600, height: 600 };
  const painted = { left: 60, top: 60, width: 480, height: 480 };
  let photo: Buffer;
  let mask: Buffer;

  beforeAll(async () => {
    photo = await patterned(photoSize.width, photoSize.height);
    mask = await boundsMask(bounds.width, bounds.height, painted);
  });

  async function roundTrip(framing: ProviderFraming, answerSize?: { width: number; height: number }) {
    const inputs = await prepareProviderInputs(photo, mask, bounds, framing, NO_LIMIT);
    const size = answerSize ?? inputs.placement.frame;
    const composed = await composeIntoPhoto(photo, await providerAnswer(size.width, size.height), mask, bounds, inputs.placement);
    const before = await raw(photo);
    const after = await raw(composed.png);
    const reach = featherReach(bounds.width, bounds.height);
    const near = {
      left: bounds.x + painted.left - reach,
      top: bounds.y + painted.top - reach,
      right: bounds.x + painted.left + painted.width + reach,
      bottom: bounds.y + painted.top + painted.height + reach,
    };
    const centre = ((bounds.y + bounds.height / 2) * photoSize.width + bounds.x + bounds.width / 2) * 3;
    return { inputs, composed, after, changed: changedOutside(before, after, near), centre: [...after.data.subarray(centre, centre + 3)] };
  }

  it('frames the photo at a 864×1296 provider’s size and aspect, and the answer comes back inside the mask only', async () => {
    const { inputs, composed, changed, centre } = await roundTrip(FASHN_LIKE);
    const person = await sharp(inputs.person).metadata();
    const maskMeta = await sharp(inputs.mask).metadata();
    expect([person.width, person.height, person.format]).toEqual([864, 1296, 'png']);
    expect([maskMeta.width, maskMeta.height]).toEqual([864, 1296]);
    // Widened with more of the photo to 2:3 (the region is 2:3 and inside the photo), then scaled up to the frame.
    const { region } = inputs.placement;
    expect(region.width / region.height).toBeCloseTo(864 / 1296, 2);
    expect(region.left).toBeGreaterThanOrEqual(0);
    expect(region.top + region.height).toBeLessThanOrEqual(photoSize.height);
    expect([composed.width, composed.height]).toEqual([photoSize.width, photoSize.height]);
    expect(changed).toBe(0);
    expect(centre).toEqual([0, 200, 0]);
  });

  it('maps back a provider that answers at another size and aspect than the frame it was sent (864×1296 for a 960 square)', async () => {
    const { composed, changed, centre } = await roundTrip(SQUARE_PAD, { width: 864, height: 1296 });
    expect([composed.width, composed.height]).toEqual([photoSize.width, photoSize.height]);
    expect(changed).toBe(0);
    expect(centre).toEqual([0, 200, 0]);
  });

  it('maps back a 768×1024 answer to a 864×1296 frame', async () => {
    const { changed, centre } = await roundTrip(FASHN_LIKE, { width: 768, height: 1024 });
    expect(changed).toBe(0);
    expect(centre).toEqual([0, 200, 0]);
  });

  it('sends a provider that answers at input size the region in its own aspect, never upscaled', async () => {
    const { inputs, changed, centre } = await roundTrip(FREE);
    // 600×600 bounds with half their size of context on each side: 1200×1200, inside 1536 → not scaled.
    expect(inputs.placement.frame).toEqual({ width: 1200, height: 1200 });
    expect(inputs.placement.scale).toBe(1);
    expect(changed).toBe(0);
    expect(centre).toEqual([0, 200, 0]);
  });

  it('puts the mask where the bounds land in the frame', async () => {
    const inputs = await prepareProviderInputs(photo, mask, bounds, FASHN_LIKE, NO_LIMIT);
    const { region, scale, offset } = inputs.placement;
    const m = await raw(inputs.mask);
    const at = (x: number, y: number) => m.data[(Math.round(offset.top + (y - region.top) * scale) * m.width + Math.round(offset.left + (x - region.left) * scale)) * 3];
    expect(at(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2)).toBe(255);
    expect(at(bounds.x + 10, bounds.y + 10)).toBe(0);
    expect(at(region.left + 5, region.top + 5)).toBe(0);
  });

  it('pads where the photo ends: a region at the photo’s edge is not stretched', async () => {
    const edgeBounds = { x: 0, y: 0, width: 400, height: 1600 };
    const edgeMask = await boundsMask(400, 1600, { left: 50, top: 200, width: 300, height: 1200 });
    const wide: ProviderFraming = { width: 1296, height: 648, mode: 'widen', context: 0.1, upscale: true };
    const inputs = await prepareProviderInputs(photo, edgeMask, edgeBounds, wide, NO_LIMIT);
    const p = inputs.placement;
    // The photo is only 1600 high: the region keeps the photo's proportions and white fills the sides.
    expect(p.region.height).toBe(1600);
    expect(p.content.width / p.content.height).toBeCloseTo(p.region.width / p.region.height, 2);
    const person = await raw(inputs.person);
    expect([...person.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const composed = await composeIntoPhoto(photo, await providerAnswer(1296, 648), edgeMask, edgeBounds, p);
    expect([composed.width, composed.height]).toEqual([photoSize.width, photoSize.height]);
  });

  it('sends the framed photo as a JPEG where the framing asks for one (same frame, a fraction of the bytes), the mask always as a PNG', async () => {
    const asPng = await prepareProviderInputs(photo, mask, bounds, FASHN_LIKE, NO_LIMIT);
    const asJpeg = await prepareProviderInputs(photo, mask, bounds, { ...FASHN_LIKE, jpegQuality: 95 }, NO_LIMIT);
    const [png, jpeg, jpegMask] = await Promise.all([sharp(asPng.person).metadata(), sharp(asJpeg.person).metadata(), sharp(asJpeg.mask).metadata()]);
    expect([png.format, png.width, png.height]).toEqual(['png', 864, 1296]);
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 864, 1296]);
    expect(jpegMask.format).toBe('png');
    expect(asJpeg.placement).toEqual(asPng.placement);
    expect(asJpeg.person.length).toBeLessThan(asPng.person.length);
    // The same picture (this photo changes at every pixel, JPEG's worst case): each channel's mean within a level of the lossless frame's.
    const [a, b] = await Promise.all([sharp(asPng.person).stats(), sharp(asJpeg.person).stats()]);
    for (const [i, channel] of a.channels.entries()) expect(Math.abs(channel.mean - b.channels[i].mean)).toBeLessThan(1);
  });

  it('shrinks what it sends to the provider’s byte limit, keeping the frame’s aspect ratio and the mapping back', async () => {
    const generous = await prepareProviderInputs(photo, mask, bounds, FASHN_LIKE, NO_LIMIT);
    const limited = await prepareProviderInputs(photo, mask, bounds, FASHN_LIKE, { maxImageBytes: Math.floor(generous.person.length / 3) });
    const meta = await sharp(limited.person).metadata();
    expect(limited.person.length).toBeLessThanOrEqual(Math.floor(generous.person.length / 3));
    expect(meta.width!).toBeLessThan(864);
    expect(meta.width! / meta.height!).toBeCloseTo(864 / 1296, 2);
    const composed = await composeIntoPhoto(photo, await providerAnswer(meta.width!, meta.height!), mask, bounds, limited.placement);
    // The seller's result is never shrunk.
    expect([composed.width, composed.height]).toEqual([photoSize.width, photoSize.height]);
  });

  it('writes only the bounds of the decoded photo: every other byte of the raw buffer is the photo’s, and the PNG is that buffer', async () => {
    const decoded = await decodePhoto(photo);
    const untouched = Buffer.from(decoded.data);
    const inputs = await prepareProviderInputs(decoded, mask, bounds, FASHN_LIKE, NO_LIMIT);
    const composed = await composeIntoPhoto(decoded, await providerAnswer(inputs.placement.frame.width, inputs.placement.frame.height), mask, bounds, inputs.placement);
    const row = photoSize.width * decoded.channels;
    const boxStart = bounds.x * decoded.channels;
    const boxEnd = (bounds.x + bounds.width) * decoded.channels;
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < photoSize.height; y++) {
      for (let i = 0; i < row; i++) {
        const differs = decoded.data[y * row + i] !== untouched[y * row + i];
        if (y >= bounds.y && y < bounds.y + bounds.height && i >= boxStart && i < boxEnd) inside += differs ? 1 : 0;
        else outside += differs ? 1 : 0;
      }
    }
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(0);
    expect((await raw(composed.png)).data.equals(decoded.data)).toBe(true);
  });

  it('plans the §7 square exactly as before: the crop alone, centred, never upscaled', () => {
    const p = planFrame({ width: 800, height: 600 }, { x: 100, y: 100, width: 300, height: 200 }, SQUARE_PAD);
    expect(p).toEqual({ frame: { width: 960, height: 960 }, region: { left: 100, top: 100, width: 300, height: 200 }, scale: 1, content: { width: 300, height: 200 }, offset: { left: 330, top: 380 } });
  });
});
