/**
 * Small statistics helpers for the benchmark.
 */

/**
 * The median of a list of numbers (the upper middle value for an even count, as the build figures
 * always used).
 * @param {number[]} values
 * @returns {number} NaN for an empty list.
 */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Least-squares line through the points (x, y).
 * @param {number[]} xs
 * @param {number[]} ys
 * @returns {{ slope: number, intercept: number, r2: number }} slope in y units per x unit; r2 is the
 *   coefficient of determination (1 for points exactly on a line; NaN with fewer than 2 distinct x).
 */
export function leastSquares(xs, ys) {
  const n = xs.length;
  if (n !== ys.length) throw new Error(`leastSquares: ${n} x values but ${ys.length} y values`);
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    sxx += (xs[i] - meanX) ** 2;
    sxy += (xs[i] - meanX) * (ys[i] - meanY);
    syy += (ys[i] - meanY) ** 2;
  }
  if (sxx === 0) return { slope: NaN, intercept: NaN, r2: NaN };
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/**
 * The p-th percentile of a list of numbers, by the nearest-rank method (p50 of 1..100 is 50).
 * @param {number[]} values
 * @param {number} p - 0 to 100.
 * @returns {number} undefined for an empty list.
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
