import { alphaBox, fillOutward, resizeRegion, type Cutout } from './cutout.js';
import type { Box } from '../imaging/mask-composer.js';
import { evaluate, robustLeastSquares } from './robust-fit.js';

/** A single-channel raster (the mask: 255 where the garment goes). */
export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

/** The garment ready to be sampled: its colours spread over the whole raster (no background left). */
export interface GarmentRaster {
  colour: Buffer;
  width: number;
  height: number;
}

/**
 * How mask row `y` takes the garment: garment row `gy`, and x mapped piecewise-linearly — the
 * left piece [a, b) of the mask onto [ga, gb) of the garment, the right piece [c, d) onto [gc, gd)
 * (two legs; for one piece b = c and gb = gc are the middles, and the two pieces are one line).
 */
export interface RowFit {
  y: number;
  gy: number;
  a: number;
  b: number;
  c: number;
  d: number;
  ga: number;
  gb: number;
  gc: number;
  gd: number;
  /** The garment's own outer edges on row gy (smoothed): past them the mask takes the fabric along them. */
  ea: number;
  ed: number;
}

export interface GarmentFit {
  garment: GarmentRaster;
  rows: RowFit[];
}

/** Extra garment raster around the cut-out, filled with its colours, for samples past its edge. */
const PAD_SHARE = 0.15;
/**
 * Edges are smoothed over rows with a Gaussian of this share of the height, so no row jumps. Both
 * outlines are first fitted (fitOutline): a sleeve's underside, a strap, a neckline or arms beside
 * a torso are sudden steps in a width that would shear the fabric.
 */
const SMOOTH_SHARE = 0.025;
/**
 * How far a row may be stretched (or squeezed) across beyond what the mask's overall shape asks
 * of the garment's proportions; past it, the garment keeps this scale, centred on the row, and
 * the rest of the row takes the fabric along its edges.
 */
const MAX_ROW_STRETCH = 1.3;
/** Gaps narrower than this share of the width are not gaps (a mask's brush stroke, a seam). */
const GAP_SHARE = 0.02;
/** A garment row is solid when its fabric covers this share of its outline; looked for within SOLID_REACH of its ends. */
const SOLID_SHARE = 0.6;
const SOLID_REACH = 0.2;
/** Legs must be at least this share of the height to count as two lobes. */
const MIN_LEG_SHARE = 0.25;

interface Span {
  a: number;
  b: number;
  c: number;
  d: number;
}

/**
 * Fits the cut-out garment to the mask's shape: its top to the mask's top edge and its bottom to
 * the mask's bottom (neckline and shoulders, or a dress's shoulders, down to the hem), each row's
 * width following the mask's; trousers' two legs onto the mask's two lobes when both have them.
 * Every parameter varies smoothly from row to row, so nothing tears; pixels of the mask beyond
 * the garment's edge take the fabric along it (the caller mirrors it, RowFit's ea/ed), holes in it
 * its colours continued inward (fillOutward), so the mask is covered whole.
 */
export async function fitGarment(cut: Cutout, mask: Grey, maskBox: Box, legs: boolean): Promise<GarmentFit> {
  const { box } = cut;
  // Worked on at the mask's size or the garment's, whichever is smaller: sampling never skips detail.
  const sx = Math.min(1, maskBox.width / box.width);
  const sy = Math.min(1, maskBox.height / box.height);
  const { garment, gBox, garmentRows } = await garmentAt(cut, sx, sy);
  const maskRows = rowSpans(mask.data, mask.width, maskBox, 128);
  const maskCrotch = legs ? crotchOf(maskRows, maskBox.height) : null;
  const garmentCrotch = legs ? crotchOf(garmentRows, gBox.height) : null;
  const twoLegs = maskCrotch !== null && garmentCrotch !== null;
  const outline = (rows: ([number, number][] | null)[], crotch: number | null, height: number) => smoothSpans(fitOutline(fillSpans(rows, crotch), crotch), height * SMOOTH_SHARE);
  const maskSpans = outline(maskRows, twoLegs ? maskCrotch : null, maskBox.height);
  const garmentSpans = outline(garmentRows, twoLegs ? garmentCrotch : null, gBox.height);
  const garmentEdges = smoothSpans(outerSpans(garmentRows), gBox.height * SMOOTH_SHARE);
  // The stretch across that the mask's shape asks of the garment as a whole (1: its own proportions).
  const verticalScale = maskBox.height / gBox.height;
  const demanded = maskBox.width / gBox.width / verticalScale;
  const stretch = { min: Math.min(1, demanded) / MAX_ROW_STRETCH, max: Math.max(1, demanded) * MAX_ROW_STRETCH };

  // Rows: mask top → garment top, mask bottom → garment bottom; crotch → crotch for two legs.
  const [gTop, gBottom] = solidRows(garmentRows, garmentSpans);
  const stops: [number, number][] = [[0, gTop]];
  if (twoLegs) stops.push([maskCrotch, garmentCrotch]);
  stops.push([maskBox.height, gBottom]);
  const rows: RowFit[] = [];
  for (let i = 0; i < maskBox.height; i++) {
    const t = i + 0.5;
    let k = 0;
    while (k < stops.length - 2 && t > stops[k + 1][0]) k++;
    const [m0, g0] = stops[k];
    const [m1, g1] = stops[k + 1];
    const gRow = g0 + ((t - m0) / Math.max(1e-6, m1 - m0)) * (g1 - g0) - 0.5;
    const g = interpolateSpan(garmentSpans, gRow);
    const e = interpolateSpan(garmentEdges, gRow);
    const m = limitStretch(maskSpans[i], g, verticalScale, stretch);
    rows.push({
      y: maskBox.top + i,
      gy: gBox.top + gRow,
      a: maskBox.left + m.a,
      b: maskBox.left + m.b,
      c: maskBox.left + m.c,
      d: maskBox.left + m.d,
      ga: gBox.left + g.a,
      gb: gBox.left + g.b,
      gc: gBox.left + g.c,
      gd: gBox.left + g.d,
      ea: gBox.left + e.a,
      ed: gBox.left + e.d,
    });
  }
  return { garment, rows };
}

/** The garment's half of a fit at one working scale: its raster filled outward, its box and its rows' runs. */
interface GarmentAtScale {
  garment: GarmentRaster;
  gBox: Box;
  garmentRows: ([number, number][] | null)[];
}

/**
 * The garment at a working scale, kept with its cut-out (compositor.ts keeps cut-outs by the crop's
 * bytes): a job's models mostly ask for the same scale — 1 whenever the mask is at least the
 * garment's size — and the fill was a third of an answer's CPU. Never written to by the caller.
 */
const garmentsAtScale = new WeakMap<Cutout, Map<string, Promise<GarmentAtScale>>>();
/** Scales kept per cut-out (a raster of ~2 MB each for a 960 px crop). */
const SCALES_KEPT = 2;

function garmentAt(cut: Cutout, sx: number, sy: number): Promise<GarmentAtScale> {
  let kept = garmentsAtScale.get(cut);
  if (!kept) garmentsAtScale.set(cut, (kept = new Map()));
  const key = `${sx} ${sy}`;
  const found = kept.get(key);
  if (found) return found;
  const made = scaleGarment(cut, sx, sy);
  kept.set(key, made);
  made.catch(() => kept.get(key) === made && kept.delete(key));
  for (const k of kept.keys()) if (kept.size > SCALES_KEPT && k !== key) kept.delete(k);
  return made;
}

async function scaleGarment(cut: Cutout, sx: number, sy: number): Promise<GarmentAtScale> {
  const { box } = cut;
  const padX = Math.round(box.width * PAD_SHARE);
  const padY = Math.round(box.height * PAD_SHARE);
  const region = { left: box.left - padX, top: box.top - padY, width: box.width + 2 * padX, height: box.height + 2 * padY };
  const work = await resizeRegion(cut.image, region, Math.max(1, Math.round(region.width * sx)), Math.max(1, Math.round(region.height * sy)));
  const gBox = alphaBox(work) ?? { left: Math.round(padX * sx), top: Math.round(padY * sy), width: Math.max(1, Math.round(box.width * sx)), height: Math.max(1, Math.round(box.height * sy)) };
  const alpha = new Uint8Array(work.width * work.height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = work.data[p * 4 + 3];
  const garment: GarmentRaster = { colour: fillOutward(work, Math.min(sx, sy) > 0.6 ? 2 : 1), width: work.width, height: work.height };
  return { garment, gBox, garmentRows: rowSpans(alpha, work.width, gBox, 128) };
}

/**
 * The mask row's span as the garment will take it: when following the row would stretch the
 * garment across by more than allowed (relative to the vertical scale), a span of the allowed width
 * centred on the row, its legs' edges scaled alike.
 */
function limitStretch(m: Span, g: Span, verticalScale: number, stretch: { min: number; max: number }): Span {
  const width = m.d - m.a;
  const relative = width / Math.max(1, g.d - g.a) / verticalScale;
  const limited = Math.min(stretch.max, Math.max(stretch.min, relative));
  if (limited === relative) return m;
  const newWidth = (width * limited) / relative;
  const a = (m.a + m.d) / 2 - newWidth / 2;
  const at = (x: number) => a + ((x - m.a) * newWidth) / width;
  return { a, b: at(m.b), c: at(m.c), d: a + newWidth };
}

/** The garment's x for the mask's x on a row (pixel centres), by the row's two pieces. */
export function garmentX(row: RowFit, x: number): number {
  const t = x + 0.5;
  if (t < (row.b + row.c) / 2) return row.ga + ((t - row.a) * (row.gb - row.ga)) / Math.max(1, row.b - row.a) - 0.5;
  return row.gc + ((t - row.c) * (row.gd - row.gc)) / Math.max(1, row.d - row.c) - 0.5;
}

/** Each row's runs of "inside" (value ≥ threshold) within `box`, gaps narrower than GAP_SHARE closed; x relative to the box. */
function rowSpans(data: Uint8Array | Buffer, stride: number, box: Box, threshold: number): ([number, number][] | null)[] {
  const minGap = Math.max(2, Math.round(box.width * GAP_SHARE));
  const out: ([number, number][] | null)[] = [];
  for (let y = 0; y < box.height; y++) {
    const runs: [number, number][] = [];
    const rowStart = (box.top + y) * stride + box.left;
    let start = -1;
    for (let x = 0; x <= box.width; x++) {
      const on = x < box.width && data[rowStart + x] >= threshold;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        const last = runs[runs.length - 1];
        if (last && start - last[1] < minGap) last[1] = x;
        else runs.push([start, x]);
        start = -1;
      }
    }
    out.push(runs.length ? runs : null);
  }
  return out;
}

/** A row's widest gap, when it has two or more runs: [left piece's end, right piece's start]. */
function widestGap(runs: [number, number][] | null): [number, number] | null {
  if (!runs || runs.length < 2) return null;
  let best: [number, number] | null = null;
  for (let i = 1; i < runs.length; i++) if (!best || runs[i][0] - runs[i - 1][1] > best[1] - best[0]) best = [runs[i - 1][1], runs[i][0]];
  return best;
}

/**
 * Where the two legs part (row index), or null when the shape has no two lobes: walking up from
 * the bottom (past a foot or two that show alone), the rows with a gap run up to the crotch.
 */
function crotchOf(rows: ([number, number][] | null)[], height: number): number | null {
  const two = (y: number) => widestGap(rows[y]) !== null;
  const maxBreak = Math.max(2, Math.round(height * 0.03));
  let y = height - 1;
  while (y >= 0 && !two(y) && height - 1 - y <= height * 0.12) y--;
  if (y < 0 || !two(y)) return null;
  let crotch = y;
  let gap = 0;
  for (; y >= 0; y--) {
    if (two(y)) {
      crotch = y;
      gap = 0;
    } else if (++gap > maxBreak) break;
  }
  return height - crotch >= height * MIN_LEG_SHARE ? crotch : null;
}

/**
 * Every row's span (rows without one take their neighbours'): the body's edges a, d — the row's
 * longest run (a torso, not the arms beside it), or for two legs below the crotch the outer edges
 * and the inner edges b, c of the widest gap (interpolated where the legs touch); b = c = the
 * middle elsewhere.
 */
function fillSpans(rows: ([number, number][] | null)[], crotch: number | null): Span[] {
  const n = rows.length;
  const longest = (r: [number, number][]) => r.reduce((best, run) => (run[1] - run[0] > best[1] - best[0] ? run : best));
  const outer = rows.map((r, i) => (!r ? null : crotch !== null && i >= crotch ? [r[0][0], r[r.length - 1][1]] : longest(r)));
  const a = interpolateGaps(outer.map((o) => (o ? o[0] : null)));
  const d = interpolateGaps(outer.map((o) => (o ? o[1] : null)));
  const spans: Span[] = a.map((left, i) => ({ a: left, d: Math.max(left + 1, d[i]), b: (left + d[i]) / 2, c: (left + d[i]) / 2 }));
  if (crotch !== null) {
    const gaps = rows.map((r, i) => (i >= crotch ? widestGap(r) : null));
    const b = interpolateGaps(gaps.map((g) => (g ? g[0] : null)).slice(crotch));
    const c = interpolateGaps(gaps.map((g) => (g ? g[1] : null)).slice(crotch));
    for (let i = crotch; i < n; i++) {
      const s = spans[i];
      s.b = Math.min(Math.max(b[i - crotch], s.a + 1), s.d - 1);
      s.c = Math.max(Math.min(c[i - crotch], s.d - 1), s.b);
    }
  }
  return spans;
}

/**
 * Where the garment really starts and ends (rows, the end exclusive): the first and last rows that
 * cover most of the outline between them. A T-shirt's top rows are only the shoulder seams around
 * the neck opening; its neckline and shoulders are where the fabric closes in.
 */
function solidRows(rows: ([number, number][] | null)[], outline: Span[]): [number, number] {
  const covered = (i: number) => {
    const s = outline[i];
    const inside = (from: number, to: number) => (rows[i] ?? []).reduce((sum, [x0, x1]) => sum + Math.max(0, Math.min(x1, to) - Math.max(x0, from)), 0);
    const width = s.b - s.a + (s.d - s.c) || s.d - s.a;
    return (s.b === s.c ? inside(s.a, s.d) : inside(s.a, s.b) + inside(s.c, s.d)) / Math.max(1, width);
  };
  const reach = Math.floor(rows.length * SOLID_REACH);
  let top = 0;
  while (top < reach && covered(top) < SOLID_SHARE) top++;
  let bottom = rows.length;
  while (bottom > rows.length - reach && covered(bottom - 1) < SOLID_SHARE) bottom--;
  return top < reach ? [top, bottom] : [0, bottom];
}

/** Each row's outermost extent (rows without one take their neighbours'). */
function outerSpans(rows: ([number, number][] | null)[]): Span[] {
  const a = interpolateGaps(rows.map((r) => (r ? r[0][0] : null)));
  const d = interpolateGaps(rows.map((r) => (r ? r[r.length - 1][1] : null)));
  return a.map((left, i) => ({ a: left, b: left, c: d[i], d: Math.max(left + 1, d[i]) }));
}

/**
 * An outline as smooth curves: each edge a robust quadratic in the row, fitted above and below
 * the crotch separately, so the body's lines are kept and what sticks out of them is ignored — a
 * garment's sleeves, straps or the dip of its neckline; a mask's shoulders or the arms merged with
 * the torso. The garment's sleeves are still there to be sampled past its edges where the mask
 * reaches past its body's (arms).
 */
function fitOutline(spans: Span[], crotch: number | null): Span[] {
  const pieces: [number, number][] = crotch !== null && crotch > 0 ? [[0, crotch], [crotch, spans.length]] : [[0, spans.length]];
  const out = spans.map((s) => ({ ...s }));
  for (const [from, to] of pieces) {
    const n = to - from;
    if (n < 8) continue;
    const t = (i: number) => [1, ((i - from) / (n - 1)) * 2 - 1, (((i - from) / (n - 1)) * 2 - 1) ** 2];
    const rows = Array.from({ length: n }, (_, k) => t(from + k));
    const legs = crotch !== null && from === crotch;
    const keys: (keyof Span)[] = legs ? ['a', 'b', 'c', 'd'] : ['a', 'd'];
    for (const key of keys) {
      const coefficients = robustLeastSquares(rows, rows.map((_, k) => spans[from + k][key]), rows.map(() => 1));
      for (let k = 0; k < n; k++) out[from + k][key] = evaluate(coefficients, rows[k]);
    }
    for (let i = from; i < to; i++) {
      const s = out[i];
      if (s.d < s.a + 1) s.d = s.a + 1;
      if (legs) {
        s.b = Math.min(Math.max(s.b, s.a + 1), s.d - 1);
        s.c = Math.min(Math.max(s.c, s.b), s.d - 1);
      } else s.b = s.c = (s.a + s.d) / 2;
    }
  }
  return out;
}

/** Nulls replaced by linear interpolation between known neighbours (the nearest one at the ends). */
function interpolateGaps(values: (number | null)[]): number[] {
  const known = values.map((v, i) => (v === null ? -1 : i)).filter((i) => i >= 0);
  if (known.length === 0) return values.map(() => 0);
  const out = new Array<number>(values.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    while (k < known.length - 1 && known[k + 1] <= i) k++;
    const i0 = known[k];
    const i1 = known[Math.min(known.length - 1, k + 1)];
    const v0 = values[i0] as number;
    const v1 = values[i1] as number;
    out[i] = i <= i0 ? v0 : i >= i1 ? v1 : v0 + ((i - i0) / (i1 - i0)) * (v1 - v0);
  }
  return out;
}

/** The four edges smoothed along the rows (a Gaussian of σ rows, renormalised at the ends). */
function smoothSpans(spans: Span[], sigmaRows: number): Span[] {
  const sigma = Math.max(1, sigmaRows);
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const smooth = (values: number[]) =>
    values.map((_, i) => {
      let sum = 0;
      let weight = 0;
      for (let j = -radius; j <= radius; j++) {
        if (i + j < 0 || i + j >= values.length) continue;
        sum += kernel[j + radius] * values[i + j];
        weight += kernel[j + radius];
      }
      return sum / weight;
    });
  const a = smooth(spans.map((s) => s.a));
  const b = smooth(spans.map((s) => s.b));
  const c = smooth(spans.map((s) => s.c));
  const d = smooth(spans.map((s) => s.d));
  return spans.map((_, i) => ({ a: a[i], b: b[i], c: c[i], d: d[i] }));
}

function interpolateSpan(spans: Span[], row: number): Span {
  const r = Math.min(spans.length - 1, Math.max(0, row));
  const i0 = Math.floor(r);
  const i1 = Math.min(spans.length - 1, i0 + 1);
  const f = r - i0;
  const lerp = (k: keyof Span) => spans[i0][k] * (1 - f) + spans[i1][k] * f;
  return { a: lerp('a'), b: lerp('b'), c: lerp('c'), d: lerp('d') };
}
