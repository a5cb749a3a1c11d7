import type { GarmentCategory } from '@vton/contracts';
import sharp, { type Sharp } from 'sharp';

export interface CompositorInput {
  /** The model photo's crop on white (target_image). */
  target: Buffer;
  /** The garment on its light background (reference_image). */
  reference: Buffer;
  /** White where the garment goes (mask_image). */
  mask: Buffer;
  size: number;
  /** `product`: place the reference as an object (issue 29); a garment's kind otherwise. Unset from the §7 route. */
  category?: GarmentCategory;
}

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

/** How far from the background colour (0–255, per channel) a pixel starts to count as garment, and where it fully does. */
const GARMENT_THRESHOLD = { from: 16, to: 48 };
/** How strongly the target's shading (folds, shadows, body shape) shows through the garment. */
const SHADING_STRENGTH = 0.75;
const EDGE_SIGMA = 3;

/**
 * The local compositor: an honest classical image compositor, not a generative model. It cuts
 * the garment out of its light background, fits it into the mask region row by row (each mask
 * row receives the matching garment row, stretched to the mask's span there), carries the
 * target's luminance detail onto it so folds and shadows show through, and blends it in with a
 * soft edge. Good enough to see a garment placed on a person; not photo-realistic.
 */
export async function composeTryOn({ target, reference, mask, size }: CompositorInput): Promise<Buffer> {
  const square = { width: size, height: size, fit: 'fill' as const };
  const [person, garment, maskRaw, softMask] = await Promise.all([
    rgb(sharp(target).resize(square).flatten({ background: '#ffffff' })),
    rgb(sharp(reference).resize(square).flatten({ background: '#ffffff' })),
    sharp(mask).resize(square).flatten({ background: '#000000' }).greyscale().extractChannel(0).raw().toBuffer(),
    sharp(mask).resize(square).flatten({ background: '#000000' }).greyscale().blur(EDGE_SIGMA).extractChannel(0).raw().toBuffer(),
  ]);

  const coverage = garmentCoverage(garment);
  const fitted = fitRowByRow(garment, coverage, maskRaw, size);
  const out = Buffer.from(person.data);
  if (!fitted) return sharp(out, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();

  const meanLuma = meanLuminanceInside(person.data, maskRaw);
  for (let p = 0, n = size * size; p < n; p++) {
    const a = (fitted.alpha[p] / 255) * (softMask[p] / 255);
    if (a <= 0) continue;
    const i = p * 3;
    const luma = 0.299 * person.data[i] + 0.587 * person.data[i + 1] + 0.114 * person.data[i + 2];
    const shade = clamp(1 + SHADING_STRENGTH * ((luma + 8) / (meanLuma + 8) - 1), 0.35, 1.6);
    for (let c = 0; c < 3; c++) {
      const garmentValue = clamp(fitted.rgb[i + c] * shade, 0, 255);
      out[i + c] = Math.round(person.data[i + c] * (1 - a) + garmentValue * a);
    }
  }
  return sharp(out, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

async function rgb(image: Sharp): Promise<Rgb> {
  const { data, info } = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** 0–255 per pixel: how much of it is garment rather than the background colour sampled at the border. */
function garmentCoverage({ data, width, height }: Rgb): Uint8Array {
  const border: number[][] = [[], [], []];
  const sample = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) border[c].push(data[i + c]);
  };
  for (let x = 0; x < width; x += 2) {
    sample(x, 0);
    sample(x, height - 1);
  }
  for (let y = 0; y < height; y += 2) {
    sample(0, y);
    sample(width - 1, y);
  }
  const background = border.map((values) => values.sort((a, b) => a - b)[values.length >> 1]);
  const coverage = new Uint8Array(width * height);
  const span = GARMENT_THRESHOLD.to - GARMENT_THRESHOLD.from;
  for (let p = 0, n = width * height; p < n; p++) {
    const i = p * 3;
    const distance = Math.max(Math.abs(data[i] - background[0]), Math.abs(data[i + 1] - background[1]), Math.abs(data[i + 2] - background[2]));
    coverage[p] = Math.round(clamp((distance - GARMENT_THRESHOLD.from) / span, 0, 1) * 255);
  }
  return coverage;
}

/**
 * The garment warped into the mask: mask row y takes garment row gy (the mask's rows spread over
 * the garment's), and the mask's span in that row takes the garment's span in row gy.
 */
function fitRowByRow(garment: Rgb, coverage: Uint8Array, mask: Buffer, size: number): { rgb: Buffer; alpha: Uint8Array } | null {
  const { width, height, data } = garment;
  const rowSpan = (row: Uint8Array | Buffer, y: number, w: number, threshold: number): [number, number] | null => {
    let first = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (row[y * w + x] > threshold) {
        if (first < 0) first = x;
        last = x;
      }
    }
    return first < 0 ? null : [first, last];
  };

  const garmentRows: ([number, number] | null)[] = [];
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const s = rowSpan(coverage, y, width, 127);
    garmentRows.push(s);
    if (s) {
      if (top < 0) top = y;
      bottom = y;
      left = Math.min(left, s[0]);
      right = Math.max(right, s[1]);
    }
  }
  if (top < 0) return null;

  const maskRows: ([number, number] | null)[] = [];
  let maskTop = -1;
  let maskBottom = -1;
  for (let y = 0; y < size; y++) {
    const s = rowSpan(mask, y, size, 127);
    maskRows.push(s);
    if (s) {
      if (maskTop < 0) maskTop = y;
      maskBottom = y;
    }
  }
  if (maskTop < 0) return null;

  const rgbOut = Buffer.alloc(size * size * 3);
  const alpha = new Uint8Array(size * size);
  const maskHeight = maskBottom - maskTop + 1;
  const garmentHeight = bottom - top + 1;
  for (let y = maskTop; y <= maskBottom; y++) {
    const span = maskRows[y];
    if (!span) continue;
    const gy = clamp(top + ((y - maskTop + 0.5) / maskHeight) * garmentHeight - 0.5, top, bottom);
    const [gx0, gx1] = garmentRows[Math.round(gy)] ?? [left, right];
    const spanWidth = span[1] - span[0] + 1;
    const garmentWidth = gx1 - gx0 + 1;
    for (let x = span[0]; x <= span[1]; x++) {
      const gx = clamp(gx0 + ((x - span[0] + 0.5) / spanWidth) * garmentWidth - 0.5, 0, width - 1);
      bilinear(data, coverage, width, height, gx, gy, rgbOut, alpha, y * size + x);
    }
  }
  return { rgb: rgbOut, alpha };
}

function bilinear(data: Buffer, coverage: Uint8Array, width: number, height: number, x: number, y: number, out: Buffer, alpha: Uint8Array, p: number): void {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const weights = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
  const pixels = [y0 * width + x0, y0 * width + x1, y1 * width + x0, y1 * width + x1];
  let a = 0;
  const c = [0, 0, 0];
  for (let k = 0; k < 4; k++) {
    const w = weights[k] * coverage[pixels[k]];
    a += w;
    for (let ch = 0; ch < 3; ch++) c[ch] += w * data[pixels[k] * 3 + ch];
  }
  alpha[p] = Math.round(a);
  // Colour weighted by coverage, so the background never bleeds into the garment's edge.
  for (let ch = 0; ch < 3; ch++) out[p * 3 + ch] = a > 0 ? Math.round(c[ch] / a) : 0;
}

function meanLuminanceInside(data: Buffer, mask: Buffer): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] <= 127) continue;
    const i = p * 3;
    sum += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    count++;
  }
  return count ? sum / count : 128;
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
