import { median } from './cutout.js';
import type { Box } from '../imaging/mask-composer.js';
import { evaluate, robustLeastSquares } from './robust-fit.js';

/**
 * The photo's large-scale light over the mask, as a brightness factor per pixel (1 = the mask's
 * median light): the photo's luminance averaged over a coarse grid (~40 cells across the mask, a
 * heavy blur) and fitted with a robust quadratic surface — the light's direction and fall-off.
 * Whatever the surface cannot follow (an old shirt's print, its texture, a two-tone top) is left
 * out, and the surface is normalised to the mask's median, so the old clothes' darkness is too.
 */
export interface PhotoLight {
  /** The factors for x in [from, to) of row y, written into `out` from index 0. */
  row(y: number, from: number, to: number, out: Float32Array): void;
}

const GRID_CELLS = 40;
/** A cell takes part when this share of it is inside the mask. */
const CELL_INSIDE = 0.3;
/**
 * How much of the photo's light contrast the garment takes (1 would copy it whole): the surface
 * cannot tell light from a change of old clothes under the mask (a dark shirt over lighter
 * trousers), so it takes a part, within FACTOR.
 */
const STRENGTH = 0.4;
const FACTOR = { min: 0.8, max: 1.2 };

export function photoLight(person: Buffer, width: number, mask: Buffer, box: Box): PhotoLight {
  const cell = Math.max(2, Math.ceil(Math.max(box.width, box.height) / GRID_CELLS));
  const cols = Math.ceil(box.width / cell);
  const rows = Math.ceil(box.height / cell);
  const cells = cols * rows;
  const inside = new Float32Array(cells);
  const total = new Float32Array(cells);
  const logSum = new Float32Array(cells);
  // Every pixel is not needed for a mean over a cell: a few per cell side is plenty.
  const stride = Math.max(1, Math.floor(cell / 4));
  for (let y = box.top; y < box.top + box.height; y += stride) {
    const cy = Math.floor((y - box.top) / cell);
    for (let x = box.left; x < box.left + box.width; x += stride) {
      const c = cy * cols + Math.floor((x - box.left) / cell);
      total[c]++;
      const p = y * width + x;
      if (mask[p] < 128) continue;
      const i = p * 3;
      inside[c]++;
      logSum[c] += Math.log(0.2126 * person[i] + 0.7152 * person[i + 1] + 0.0722 * person[i + 2] + 10);
    }
  }

  const samples: { u: number; v: number; value: number; weight: number; cell: number }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let q = 0; q < cols; q++) {
      const c = r * cols + q;
      if (!total[c] || inside[c] / total[c] < CELL_INSIDE) continue;
      samples.push({ u: ((q + 0.5) / cols) * 2 - 1, v: ((r + 0.5) / rows) * 2 - 1, value: logSum[c] / inside[c], weight: inside[c] / total[c], cell: c });
    }
  }
  const factors = new Float32Array(cells).fill(1);
  if (samples.length > 0) {
    // Too few cells for a surface (a tiny mask): a flat light.
    const basis = (u: number, v: number) => (samples.length >= 12 ? [1, u, v, u * u, u * v, v * v] : [1]);
    const coefficients = robustLeastSquares(
      samples.map((s) => basis(s.u, s.v)),
      samples.map((s) => s.value),
      samples.map((s) => s.weight),
    );
    const logLight = new Float32Array(cells);
    for (let r = 0; r < rows; r++) for (let q = 0; q < cols; q++) logLight[r * cols + q] = STRENGTH * evaluate(coefficients, basis(((q + 0.5) / cols) * 2 - 1, ((r + 0.5) / rows) * 2 - 1));
    // Normalised: the mask's median light leaves the garment's own colour.
    const middle = median(samples.map((s) => logLight[s.cell]));
    for (let c = 0; c < cells; c++) factors[c] = Math.min(FACTOR.max, Math.max(FACTOR.min, Math.exp(logLight[c] - middle)));
  }

  return {
    row(y, from, to, out) {
      const gy = Math.min(rows - 1, Math.max(0, (y - box.top + 0.5) / cell - 0.5));
      const r0 = Math.floor(gy);
      const r1 = Math.min(rows - 1, r0 + 1);
      const fy = gy - r0;
      for (let x = from; x < to; x++) {
        const gx = Math.min(cols - 1, Math.max(0, (x - box.left + 0.5) / cell - 0.5));
        const q0 = Math.floor(gx);
        const q1 = Math.min(cols - 1, q0 + 1);
        const fx = gx - q0;
        const top = factors[r0 * cols + q0] * (1 - fx) + factors[r0 * cols + q1] * fx;
        const bottom = factors[r1 * cols + q0] * (1 - fx) + factors[r1 * cols + q1] * fx;
        out[x - from] = top * (1 - fy) + bottom * fy;
      }
    },
  };
}

