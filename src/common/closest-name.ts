/** Levenshtein distance, case-insensitive, for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/**
 * The candidate closest to `name`, or undefined when none is close enough to be a plausible typo
 * (more than a third of the longer name would have to change).
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const candidateDistance = distance(name, candidate);
    if (candidateDistance < bestDistance) {
      best = candidate;
      bestDistance = candidateDistance;
    }
  }
  const limit = Math.max(2, Math.ceil(Math.max(name.length, best?.length ?? 0) / 3));
  return bestDistance <= limit ? best : undefined;
}

/**
 * ` (did you mean "X"?)` when `name` is a near miss of one of `candidates`, else an empty string: the hint
 * every "unknown ..." message appends.
 */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const suggestion = closestName(name, candidates);
  return suggestion ? ` (did you mean "${suggestion}"?)` : '';
}
