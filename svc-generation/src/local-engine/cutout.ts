import sharp from 'sharp';
import type { Box } from '../imaging/mask-composer.js';

/** An RGBA raster with straight (not premultiplied) alpha. */
export interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

/** The garment (or product) cut out of its crop: its pixels with their alpha, and where it lies. */
export interface Cutout {
  image: Rgba;
  box: Box;
}

/** A crop counts as transparent (its alpha is the cut-out) when this share of it is see-through. */
const TRANSPARENT_SHARE = 0.005;
/** The background is "plain" when this share of the border is close to the border's median colour. */
const PLAIN_BORDER_SHARE = 0.6;
/** Distances are Euclidean in RGB (0–441). A JPEG's noise on white is ~3; a garment's shading ~20+. */
const BORDER_CLOSE = 30;
const THRESHOLD = { min: 18, max: 60 };
/** Gaps in the garment narrower than twice this share of the crop are closed. */
const CLOSING_SHARE = 0.01;
/** Components of the garment smaller than this share of the largest one are specks, not garment. */
const SPECK_SHARE = 0.02;

/**
 * Cuts the garment out of its crop: a transparent PNG's own alpha when it has one, otherwise the
 * plain (or near-uniform) background removed by a flood fill from the crop's border, so a white
 * print inside a white shirt stays garment. A crop whose border is not plain is taken whole (the
 * seller cropped the garment itself). Null when nothing is left.
 */
export async function cutOut(input: Buffer): Promise<Cutout | null> {
  const { data, info } = await sharp(input).ensureAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const image: Rgba = { data, width: info.width, height: info.height };
  const n = image.width * image.height;
  let transparent = 0;
  for (let p = 0; p < n; p++) if (data[p * 4 + 3] < 128) transparent++;
  if (transparent < n * TRANSPARENT_SHARE) removeBackground(image);
  const box = alphaBox(image);
  return box ? { image, box } : null;
}

/** Sets alpha 0 on the background connected to the border (and on specks), 255 elsewhere. */
function removeBackground({ data, width, height }: Rgba): void {
  const n = width * height;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const background = [0, 1, 2].map((c) => median(border.map((p) => data[p * 4 + c])));
  const distance = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const i = p * 4;
    const dr = data[i] - background[0];
    const dg = data[i + 1] - background[1];
    const db = data[i + 2] - background[2];
    distance[p] = Math.sqrt(dr * dr + dg * dg + db * db);
  }
  const borderDistances = border.map((p) => distance[p]);
  if (borderDistances.filter((d) => d < BORDER_CLOSE).length < border.length * PLAIN_BORDER_SHARE) {
    for (let p = 0; p < n; p++) data[p * 4 + 3] = 255;
    return;
  }
  const spread = quantile(borderDistances, 0.9);
  const threshold = Math.min(THRESHOLD.max, Math.max(THRESHOLD.min, 2.5 * spread + 12));

  // Flood fill from the border: a pixel is background when it is close to the background colour,
  // or a little further but hardly different from the background pixel next to it (a soft shadow,
  // a vignette), never across a garment's edge.
  const isBackground = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (!isBackground[p] && distance[p] < threshold) {
      isBackground[p] = 1;
      queue[tail++] = p;
    }
  }
  const step = (p: number, q: number) => {
    if (isBackground[q]) return;
    const d = distance[q];
    if (d >= threshold * 2.5) return;
    if (d >= threshold) {
      const i = p * 4;
      const j = q * 4;
      if (Math.abs(data[i] - data[j]) + Math.abs(data[i + 1] - data[j + 1]) + Math.abs(data[i + 2] - data[j + 2]) > 6) return;
    }
    isBackground[q] = 1;
    queue[tail++] = q;
  };
  while (head < tail) {
    const p = queue[head++];
    const x = p % width;
    if (x > 0) step(p, p - 1);
    if (x < width - 1) step(p, p + 1);
    if (p >= width) step(p, p - width);
    if (p < n - width) step(p, p + width);
  }
  removeSpecks(isBackground, width, height);
  // Closed: a gap narrower than 2 % of the crop is garment whose colour came close to the
  // background's (a white stripe running out to the edge), not background.
  const radius = Math.max(1, Math.round(Math.max(width, height) * CLOSING_SHARE));
  let garment: Uint8Array = new Uint8Array(n);
  for (let p = 0; p < n; p++) garment[p] = isBackground[p] ? 0 : 1;
  garment = morphology(morphology(garment, width, height, radius, 'grow'), width, height, radius, 'shrink');
  const added = new Uint8Array(n);
  let anyAdded = false;
  for (let p = 0; p < n; p++) {
    data[p * 4 + 3] = isBackground[p] ? 0 : 255;
    if (garment[p] && isBackground[p]) {
      added[p] = 1;
      anyAdded = true;
    }
  }
  // What the closing added still has the background's colour: it takes the garment's around it, and
  // so does the garment within the closing's reach of it — the anti-aliased edges along the gap and
  // its tip, too narrow for the flood fill (half background): inside the garment now, they were
  // light dashes between trousers' legs closed at the crotch. Neither is a source of the colours.
  const repainted = anyAdded ? morphology(added, width, height, radius, 'grow') : added;
  for (let p = 0; p < n; p++) {
    repainted[p] &= garment[p];
    if (repainted[p]) data[p * 4 + 3] = 0;
  }
  const filled = anyAdded ? fillOutward({ data, width, height }, 1, repainted) : null;
  for (let p = 0; p < n; p++) {
    if (filled && repainted[p]) for (let c = 0; c < 3; c++) data[p * 4 + c] = filled[p * 3 + c];
    data[p * 4 + 3] = garment[p] ? 255 : 0;
  }
}

/** Marks as background every garment component much smaller than the largest (dust, a stray mark). */
function removeSpecks(isBackground: Uint8Array, width: number, height: number): void {
  const n = width * height;
  const label = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (isBackground[start] || label[start] >= 0) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = id;
    while (head < tail) {
      const p = queue[head++];
      const x = p % width;
      // The four neighbours, written out (a closure made per pixel cost more than the search).
      for (let k = 0; k < 4; k++) {
        const q = k === 0 ? (x > 0 ? p - 1 : -1) : k === 1 ? (x < width - 1 ? p + 1 : -1) : k === 2 ? (p >= width ? p - width : -1) : p < n - width ? p + width : -1;
        if (q < 0 || isBackground[q] || label[q] >= 0) continue;
        label[q] = id;
        queue[tail++] = q;
      }
    }
    sizes.push(tail);
  }
  const largest = Math.max(0, ...sizes);
  for (let p = 0; p < n; p++) if (label[p] >= 0 && sizes[label[p]] < largest * SPECK_SHARE) isBackground[p] = 1;
}

/** The bounding box of the pixels with alpha ≥ 128, or null. */
export function alphaBox({ data, width, height }: Rgba): Box | null {
  return boundingBox(data, width, height, 4, 3);
}

/** The bounding box of the pixels whose `channel` (of `channels`) is ≥ 128, or null when there are none. */
export function boundingBox(data: Uint8Array, width: number, height: number, channels: number, channel: number): Box | null {
  let left = width;
  let right = -1;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * channels + channel; x < width; x++, i += channels) {
      if (data[i] < 128) continue;
      if (top < 0) top = y;
      bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  return top < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * `region` of the cut-out (it may reach beyond the image: that is transparent) resized to
 * width×height; sharp premultiplies the alpha while resizing, so no background colour bleeds in.
 */
export async function resizeRegion(image: Rgba, region: Box, width: number, height: number): Promise<Rgba> {
  const inside = {
    left: Math.max(0, region.left),
    top: Math.max(0, region.top),
    right: Math.min(image.width, region.left + region.width),
    bottom: Math.min(image.height, region.top + region.height),
  };
  const pad = {
    left: inside.left - region.left,
    top: inside.top - region.top,
    right: region.left + region.width - inside.right,
    bottom: region.top + region.height - inside.bottom,
  };
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .extract({ left: inside.left, top: inside.top, width: inside.right - inside.left, height: inside.bottom - inside.top })
    .extend({ ...pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The garment's colours spread over the whole raster (pull-push): every pixel outside the garment
 * takes a smooth continuation of the garment's colours nearby, so a mapping that samples a little
 * past the garment's edge finds garment, never background and never a streak. Edge pixels (alpha
 * eroded by `erode` px) are left out of the sources: they carry the old background's tint.
 * With `wanted`, only its pixels are filled in the answer (the rest are 0): the coarse levels are
 * the same, the full-size pass, most of the work, is skipped elsewhere.
 */
export function fillOutward({ data, width, height }: Rgba, erode: number, wanted?: Uint8Array): Buffer {
  const n = width * height;
  let solid: Uint8Array = new Uint8Array(n);
  for (let p = 0; p < n; p++) solid[p] = data[p * 4 + 3] >= 250 ? 1 : 0;
  if (erode > 0) solid = morphology(solid, width, height, erode, 'shrink');
  const weight = Float32Array.from(solid);
  let hasSource = false;
  for (let p = 0; p < n && !hasSource; p++) hasSource = weight[p] > 0;
  if (!hasSource) for (let p = 0; p < n; p++) weight[p] = data[p * 4 + 3] / 255;

  // The pyramid: each level's colour is the weighted mean of the 2×2 below, its weight their sum (≤ 1).
  // (Loops written out per channel, without closures or arrays per pixel: this is most of the
  // engine's time on a garment's crop; the arithmetic is the same, in the same order.)
  const levels: { colour: Float32Array; weight: Float32Array; width: number; height: number }[] = [];
  const colour0 = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    colour0[p * 3] = data[p * 4];
    colour0[p * 3 + 1] = data[p * 4 + 1];
    colour0[p * 3 + 2] = data[p * 4 + 2];
  }
  levels.push({ colour: colour0, weight, width, height });
  while (levels[levels.length - 1].width > 1 || levels[levels.length - 1].height > 1) {
    const below = levels[levels.length - 1];
    const { colour: bc, weight: bw, width: bwidth, height: bheight } = below;
    const w = Math.max(1, Math.ceil(bwidth / 2));
    const h = Math.max(1, Math.ceil(bheight / 2));
    const colour = new Float32Array(w * h * 3);
    const wt = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dy = 0; dy < 2; dy++) {
          const by = 2 * y + dy;
          if (by >= bheight) continue;
          for (let dx = 0; dx < 2; dx++) {
            const bx = 2 * x + dx;
            if (bx >= bwidth) continue;
            const q = by * bwidth + bx;
            const a = bw[q];
            sum += a;
            r += a * bc[q * 3];
            g += a * bc[q * 3 + 1];
            b += a * bc[q * 3 + 2];
          }
        }
        const p = y * w + x;
        wt[p] = Math.min(1, sum);
        colour[p * 3] = sum > 0 ? r / sum : 0;
        colour[p * 3 + 1] = sum > 0 ? g / sum : 0;
        colour[p * 3 + 2] = sum > 0 ? b / sum : 0;
      }
    }
    levels.push({ colour, weight: wt, width: w, height: h });
  }
  // Back down: a pixel keeps its own colour by its weight and takes the coarser level's for the rest.
  for (let l = levels.length - 2; l >= 0; l--) {
    const fine = levels[l];
    const coarse = levels[l + 1];
    const fc = fine.colour;
    const cc = coarse.colour;
    const cw = coarse.width;
    // Each column's two coarse neighbours and its share of the second, the same for every row.
    const xs0 = new Int32Array(fine.width);
    const xs1 = new Int32Array(fine.width);
    const fxs = new Float64Array(fine.width);
    for (let x = 0; x < fine.width; x++) {
      const cx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      xs0[x] = Math.floor(cx);
      xs1[x] = Math.min(cw - 1, xs0[x] + 1);
      fxs[x] = cx - xs0[x];
    }
    for (let y = 0; y < fine.height; y++) {
      const cy = Math.min(coarse.height - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
      const y0 = Math.floor(cy);
      const y1 = Math.min(coarse.height - 1, y0 + 1);
      const fy = cy - y0;
      for (let x = 0; x < fine.width; x++) {
        const p = y * fine.width + x;
        const a = fine.weight[p];
        if (a >= 1 || (l === 0 && wanted && !wanted[p])) continue;
        const fx = fxs[x];
        const i00 = (y0 * cw + xs0[x]) * 3;
        const i01 = (y0 * cw + xs1[x]) * 3;
        const i10 = (y1 * cw + xs0[x]) * 3;
        const i11 = (y1 * cw + xs1[x]) * 3;
        for (let c = 0; c < 3; c++) {
          const top = cc[i00 + c] * (1 - fx) + cc[i01 + c] * fx;
          const bottom = cc[i10 + c] * (1 - fx) + cc[i11 + c] * fx;
          const fill = top * (1 - fy) + bottom * fy;
          fc[p * 3 + c] = a * fc[p * 3 + c] + (1 - a) * fill;
        }
        fine.weight[p] = 1;
      }
    }
  }
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n * 3; i++) if (!wanted || wanted[(i / 3) | 0]) out[i] = Math.round(levels[0].colour[i]);
  return out;
}

/**
 * A 0/1 mask grown (dilated) or shrunk (eroded) by a square of radius r: a pixel is set when any
 * (grow) or every (shrink) pixel of the square around it is, counted with sliding sums — linear
 * time whatever the radius. Outside the raster counts as unset.
 */
export function morphology(mask: Uint8Array, width: number, height: number, r: number, op: 'grow' | 'shrink'): Uint8Array {
  const full = 2 * r + 1;
  const grow = op === 'grow';
  // Plain indices throughout: per-pixel closures were most of the engine's time here.
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let count = 0;
    for (let x = 0; x < Math.min(r, width); x++) count += mask[row + x];
    for (let x = 0; x < width; x++) {
      if (x + r < width) count += mask[row + x + r];
      if (x - r - 1 >= 0) count -= mask[row + x - r - 1];
      across[row + x] = grow ? (count > 0 ? 1 : 0) : count === full ? 1 : 0;
    }
  }
  // Down the columns, all columns at once row by row (memory order), a running count per column.
  const out = new Uint8Array(mask.length);
  const counts = new Int32Array(width);
  for (let y = 0; y < Math.min(r, height); y++) for (let x = 0; x < width; x++) counts[x] += across[y * width + x];
  for (let y = 0; y < height; y++) {
    const add = y + r < height ? (y + r) * width : -1;
    const drop = y - r - 1 >= 0 ? (y - r - 1) * width : -1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let count = counts[x];
      if (add >= 0) count += across[add + x];
      if (drop >= 0) count -= across[drop + x];
      counts[x] = count;
      out[row + x] = grow ? (count > 0 ? 1 : 0) : count === full ? 1 : 0;
    }
  }
  return out;
}

export function median(values: number[]): number {
  return quantile(values, 0.5);
}

export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1) + 0.5)))];
}
