import { GARMENT_CATEGORIES } from '@vton/contracts';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { boundingBox, cutOut, type Cutout } from './cutout.js';
import type { Box } from '../imaging/mask-composer.js';
import { fitGarment, garmentX, type Grey, type RowFit } from './fit.js';
import { photoLight } from './light.js';
import { placeProduct } from './product.js';

/**
 * What the built-in engine places: the garment categories, and `product` (placed standing in the
 * mask instead of worn; the product category itself is the studio's and the provider routing's).
 */
export const ENGINE_CATEGORIES: readonly string[] = [...new Set<string>([...GARMENT_CATEGORIES, 'product'])];
export type EngineCategory = (typeof GARMENT_CATEGORIES)[number] | 'product';

export interface CompositorInput {
  /** The model photo's crop (target_image); on white where it is padded. */
  target: Buffer;
  /** The garment's crop (reference_image): on a plain background, or a transparent PNG. */
  reference: Buffer;
  /** White where the garment goes (mask_image), the target's size. */
  mask: Buffer;
  /** Default upper body. */
  category?: EngineCategory;
  /** The answer's size; default the target's own. */
  size?: { width: number; height: number };
}

/** How much darker the garment is at a body's sides than in its middle. */
const FORM_SHADING = 0.12;
/** The share of the garment's width along each edge whose fabric continues it past the edge. */
const EDGE_BAND = 0.06;
// An intermediate image, decoded again at once by the caller: fast zlib, no filter search.
const ANSWER_PNG = { compressionLevel: 1, adaptiveFiltering: false } as const;
/**
 * The garments' cut-outs kept, by the crop's bytes, up to this many bytes of pixels: every model of
 * a job sends the same garment, and its cut-out was half of an answer's CPU (BENCHMARKS.md, issue 35).
 * A 960 px crop's is 3.7 MB.
 */
const CUTOUT_BYTES_KEPT = 64 * 1024 * 1024;
const cutouts = new Map<string, { cut: Promise<Cutout | null>; bytes: number }>();

/**
 * The built-in engine: a classical compositor, not a generative model — an honest preview of
 * where and how big the garment sits, not a photo-real try-on. The garment is cut out of its crop
 * and fitted opaque to the mask's shape (fit.ts); its colours are the garment's own, lit only by
 * the photo's large-scale light (light.ts), so nothing of the old clothes — print, texture,
 * darkness — shows through. A product is placed standing in the mask instead (product.ts).
 * Outside the mask the answer is the target unchanged. Deterministic; CPU only.
 */
export async function composeTryOn({ target, reference, mask, category = 'upper_body', size }: CompositorInput): Promise<Buffer> {
  const own = async () => {
    const meta = await sharp(target).metadata();
    return { width: meta.width, height: meta.height };
  };
  const { width, height } = size ?? (await own());
  const frame = { width, height, fit: 'fill' as const };
  const [person, maskPixels, cut] = await Promise.all([
    sharp(target).resize(frame).flatten({ background: '#ffffff' }).removeAlpha().toColourspace('srgb').raw().toBuffer(),
    sharp(mask).resize(frame).flatten({ background: '#000000' }).greyscale().extractChannel(0).raw().toBuffer(),
    garmentCutOut(reference),
  ]);
  const maskGrey: Grey = { data: maskPixels, width, height };
  const box = boundingBox(maskPixels, width, height, 1, 0);
  if (box && cut) {
    if (category === 'product') await placeProduct(person, maskGrey, box, cut);
    else await wearGarment(person, maskGrey, box, cut, category === 'lower_body');
  }
  return sharp(person, { raw: { width, height, channels: 3 } }).png(ANSWER_PNG).toBuffer();
}

/**
 * The garment's crop cut out, once for as long as it is kept (the least recently used go first). A
 * cut-out is never written to after it is made (fit.ts and product.ts read it), so callers share it.
 */
function garmentCutOut(reference: Buffer): Promise<Cutout | null> {
  const key = createHash('sha256').update(reference).digest('base64');
  const kept = cutouts.get(key);
  if (kept) {
    cutouts.delete(key);
    cutouts.set(key, kept);
    return kept.cut;
  }
  const entry = { cut: cutOut(reference), bytes: 0 };
  cutouts.set(key, entry);
  entry.cut.then(
    (cut) => {
      entry.bytes = cut?.image.data.length ?? 0;
      let total = 0;
      for (const { bytes } of cutouts.values()) total += bytes;
      for (const [k, v] of cutouts) {
        if (total <= CUTOUT_BYTES_KEPT || v === entry) break;
        cutouts.delete(k);
        total -= v.bytes;
      }
    },
    () => cutouts.get(key) === entry && cutouts.delete(key),
  );
  return entry.cut;
}

/** The garment fitted into the mask, opaque, lit by the photo; blended only by the mask's own edge. */
async function wearGarment(person: Buffer, mask: Grey, box: Box, cut: Cutout, legs: boolean): Promise<void> {
  const light = photoLight(person, mask.width, mask.data, box);
  const { garment, rows } = await fitGarment(cut, mask, box, legs);
  const { colour, width: gw, height: gh } = garment;
  const W = mask.width;
  const shade = new Float32Array(box.width);
  for (const row of rows) {
    const { y } = row;
    light.row(y, box.left, box.left + box.width, shade);
    const gy = Math.min(gh - 1, Math.max(0, row.gy));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    const band = Math.max(2, EDGE_BAND * (row.ed - row.ea));
    // How far apart the legs are on this row (0: one body; 1: two legs, each shaded as its own).
    const apart = Math.min(1, Math.max(0, (row.c - row.b) / (0.1 * Math.max(1, row.d - row.a))));
    for (let x = box.left; x < box.left + box.width; x++) {
      const m = mask.data[y * W + x];
      if (m === 0) continue;
      let gx = garmentX(row, x);
      // Past the garment's own edge (arms beyond a sleeveless body): the fabric along that edge,
      // mirrored back and forth — a band narrow enough to hold no print or logo.
      if (gx < row.ea) gx = mirror(gx, row.ea, row.ea + band);
      else if (gx > row.ed) gx = mirror(gx, row.ed - band, row.ed);
      gx = Math.min(gw - 1, Math.max(0, gx));
      const x0 = Math.floor(gx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const fx = gx - x0;
      const i00 = (y0 * gw + x0) * 3;
      const i01 = (y0 * gw + x1) * 3;
      const i10 = (y1 * gw + x0) * 3;
      const i11 = (y1 * gw + x1) * 3;
      const k = shade[x - box.left] * form(row, x + 0.5, apart);
      const a = m / 255;
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = colour[i00 + c] * (1 - fx) + colour[i01 + c] * fx;
        const bottom = colour[i10 + c] * (1 - fx) + colour[i11 + c] * fx;
        const value = Math.min(255, (top * (1 - fy) + bottom * fy) * k);
        person[i + c] = Math.round(person[i + c] * (1 - a) + value * a);
      }
    }
  }
}

/**
 * The body's roundness: fabric turns away from the light towards a body's sides, so the garment
 * darkens a little (FORM_SHADING at its edges) across each row — the torso, or each leg.
 */
function form(row: RowFit, x: number, apart: number): number {
  const whole = across(x, row.a, row.d);
  const legs = x < (row.b + row.c) / 2 ? across(x, row.a, row.b) : across(x, row.c, row.d);
  const t = whole + (legs - whole) * apart;
  return 1 - FORM_SHADING * t * t * t;
}

/** How far x is from the middle of [from, to] towards its ends (0 in the middle, 1 at or past the ends). */
function across(x: number, from: number, to: number): number {
  return Math.min(1, Math.abs((x - (from + to) / 2) / Math.max(1, (to - from) / 2)));
}

/** x reflected back into [from, to] at its ends (as often as needed). */
function mirror(x: number, from: number, to: number): number {
  const width = Math.max(1, to - from);
  const t = (((x - from) % (2 * width)) + 2 * width) % (2 * width);
  return from + (t <= width ? t : 2 * width - t);
}
