/** The five-number summary of a sample, in the sample's unit. */
export interface Summary {
  readonly count: number;
  readonly min: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly p99: number;
  readonly max: number;
}

/** Linear-interpolated quantile of an already sorted sample (q in [0, 1]). */
export function quantileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below]!;
  const high = sorted[above]!;
  return low + (high - low) * (position - below);
}

/** Summarises a sample; medians and quartiles rather than means, because spawn times have long tails. */
export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((left, right) => left - right);
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p25: quantileOfSorted(sorted, 0.25),
    median: quantileOfSorted(sorted, 0.5),
    p75: quantileOfSorted(sorted, 0.75),
    p99: quantileOfSorted(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
