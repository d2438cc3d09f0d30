/** Small statistics for bench figures. */

/** Median of the values (mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

/** Nearest-rank percentile (`p` in 0..1): the smallest value with at least p of the values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/** Rounds for display and JSON: `digits` decimals. */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Runs `fn` `warmUp` times untimed, then `runs` times timed; returns the durations in ms. */
export function timeSync(fn: () => unknown, runs: number, warmUp = 3): number[] {
  for (let i = 0; i < warmUp; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times;
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
function binomialCdfHalf(k: number, n: number): number {
  let term = 0.5 ** n; // P(X = 0)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return Math.min(1, sum);
}

/**
 * Two-sided exact sign test: how likely a split at least this uneven is when neither side is
 * really faster (each pair a coin toss). `wins` of `n` pairs (ties left out of both).
 */
export function signTestP(wins: number, n: number): number {
  if (n === 0) return 1;
  const extreme = Math.min(wins, n - wins);
  return Math.min(1, 2 * binomialCdfHalf(extreme, n));
}

/** Whether `n` values are enough for `medianInterval` to reach `confidence` (6 for 95%). */
export function medianIntervalReaches(n: number, confidence = 0.95): boolean {
  return n > 0 && binomialCdfHalf(0, n) <= (1 - confidence) / 2;
}

/**
 * Distribution-free interval for the median of `values` (order statistics; no assumption about
 * the shape of the noise): [lo, hi] holds the true median with at least `confidence`. With too
 * few values for that confidence, the whole range.
 */
export function medianInterval(values: readonly number[], confidence = 0.95): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const alpha = 1 - confidence;
  // The largest j with P(X ≤ j - 1) ≤ alpha / 2: [x_(j), x_(n-j+1)] (1-based) covers the median.
  let j = 0;
  while (j + 1 <= n / 2 && binomialCdfHalf(j, n) <= alpha / 2) j++;
  if (j === 0) return [sorted[0]!, sorted[n - 1]!];
  return [sorted[j - 1]!, sorted[n - j]!];
}
