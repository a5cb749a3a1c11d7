import { median } from './cutout.js';

/**
 * Weighted least squares made robust by iterative reweighting with Tukey's biweight: samples far
 * from the fit (an old shirt's print in the light; a sleeve or a strap in a garment's outline)
 * stop counting. `features` holds each sample's basis values; returns the coefficients.
 */
export function robustLeastSquares(features: number[][], values: number[], weights: number[], iterations = 5): number[] {
  const k = features[0]?.length ?? 0;
  let w = [...weights];
  let coefficients = new Array<number>(k).fill(0);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const normal = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
    features.forEach((row, i) => {
      for (let a = 0; a < k; a++) {
        for (let b = 0; b < k; b++) normal[a][b] += w[i] * row[a] * row[b];
        normal[a][k] += w[i] * row[a] * values[i];
      }
    });
    for (let a = 0; a < k; a++) normal[a][a] += 1e-6;
    coefficients = solve(normal);
    const residuals = features.map((row, i) => values[i] - evaluate(coefficients, row));
    const c = 3 * (1.4826 * median(residuals.map(Math.abs)) + 1e-3);
    w = weights.map((weight, i) => (Math.abs(residuals[i]) < c ? weight * (1 - (residuals[i] / c) ** 2) ** 2 : 0));
  }
  return coefficients;
}

export function evaluate(coefficients: number[], features: number[]): number {
  let sum = 0;
  for (let j = 0; j < coefficients.length; j++) sum += coefficients[j] * features[j];
  return sum;
}

/** Gaussian elimination with partial pivoting on an augmented k×(k+1) matrix. */
function solve(m: number[][]): number[] {
  const k = m.length;
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    const p = m[col][col] || 1e-12;
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const f = m[r][col] / p;
      for (let c = col; c <= k; c++) m[r][c] -= f * m[col][c];
    }
  }
  return m.map((row, i) => row[k] / (row[i] || 1e-12));
}
