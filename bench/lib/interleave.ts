/** One compared variant: a name and one measured repetition, returning its duration in the caller's unit. */
export type Variant = () => Promise<number>;

export interface InterleaveOptions {
  /** Rounds measured; each round runs every variant once, in a fresh random order. */
  readonly rounds: number;
  /** Rounds run first and thrown away (JIT warm-up, page cache, lazy imports). */
  readonly warmupRounds: number;
}

/** Fisher-Yates, in place. */
export function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/**
 * Runs the variants round after round, each round in a new random order, so that drift of the machine
 * (thermal, other load, page cache) spreads evenly over all variants instead of favouring whichever ran first.
 * Variants run one at a time: concurrency would make them measure each other.
 */
export async function interleave(
  variants: Readonly<Record<string, Variant>>,
  options: InterleaveOptions,
): Promise<Record<string, number[]>> {
  const names = Object.keys(variants);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < options.warmupRounds + options.rounds; round++) {
    for (const name of shuffle([...names])) {
      const value = await variants[name]!();
      if (round >= options.warmupRounds) samples[name]!.push(value);
    }
  }
  return samples;
}
