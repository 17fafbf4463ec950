/** The figures a benchmark keeps of repeated measurements. */

/** The middle value, or the mean of the two middle ones for an even count; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  const lower = sorted[middle - 1] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

/** The value at index ⌊p/100 · n⌋ of the values sorted ascending (at most the last, so p 100 is the maximum); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Nearest-rank percentile (the ⌈p/100 · n⌉-th value) of values already sorted ascending; NaN for none. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * One figure per key over a server's runs: the median of each key in `medians`, then the sum of
 * each key in `sums`, in the order given (the order the JSON report lists them in).
 */
export function summarise<M extends string, S extends string>(
  runs: readonly Record<M | S, number>[],
  medians: readonly M[],
  sums: readonly S[],
): Record<M | S, number> {
  const summary = {} as Record<M | S, number>;
  for (const key of medians) summary[key] = median(runs.map((run) => run[key]));
  for (const key of sums) {
    let total = 0;
    for (const run of runs) total += run[key];
    summary[key] = total;
  }
  return summary;
}
