/** One row of the table: a target, what was measured, against what, and whether it holds. */
export interface TargetResult {
  /** `1a`, `1b`, `2`, ...: the target number from issue 7, with a letter when a target has several rows. */
  readonly id: string;
  readonly name: string;
  /** The measured figure, formatted with its unit and spread. */
  readonly figure: string;
  /** The baseline measured in the same run, formatted with its unit and spread; `-` when there is none. */
  readonly baseline: string;
  /** figure / baseline, or the absolute value when the target is absolute. */
  readonly ratio: string;
  /** The target as written in the issue, e.g. `<= 1.10`. */
  readonly target: string;
  /** SKIP when the code the target measures is not there (the note says why). */
  readonly verdict: 'PASS' | 'FAIL' | 'SKIP' | 'INFO';
  /** Extra facts for the reader: sample sizes, dropped counts, memory. */
  readonly notes?: readonly string[];
}

/** PASS or FAIL from a boolean, for brevity in the targets. */
export function verdictOf(holds: boolean): 'PASS' | 'FAIL' {
  return holds ? 'PASS' : 'FAIL';
}

/** A row for a target whose code is missing or broke, so one failure never hides the other rows. */
export function skippedResult(id: string, name: string, reason: string): TargetResult {
  return { id, name, figure: '-', baseline: '-', ratio: '-', target: '-', verdict: 'SKIP', notes: [reason] };
}
