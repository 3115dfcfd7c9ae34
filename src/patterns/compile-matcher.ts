import { compileLinearRegExp } from './linear-regexp.js';

/**
 * A compiled matcher: tested against the event's matcher subject (a tool name, a session source, ...).
 * `warning` is set when the matcher could not be compiled; such a matcher matches nothing.
 */
export interface CompiledMatcher {
  readonly test: (subject: string) => boolean;
  readonly warning?: string;
  /** For a list of exact names: the names, so that an event's hooks can be rejected with one set lookup. */
  readonly names?: ReadonlySet<string>;
}

const matchAll: CompiledMatcher = { test: () => true };
const matchNothing = (): boolean => false;

/** Only these characters make a matcher a list of exact names rather than a regular expression. */
const EXACT_NAMES = /^[A-Za-z0-9_|,\- ]+$/;

/**
 * Compiles a matcher once, as Claude Code reads it: `*`, `''` or none match everything; a matcher made only
 * of letters, digits, `_`, `-`, spaces, `|` and `,` is a list of exact, case-sensitive names (`A|B`, `A, B`);
 * anything else is a JavaScript regular expression tested unanchored (`^Ba` and `B.sh` both match `Bash`).
 * It is tested by the linear engine (linear-regexp.ts), never by RegExp's backtracking one, so no matcher
 * can stall an event (`(a+)+$`, `(a|a)*$`); one that engine cannot run (a lookaround, a backreference) is
 * refused with a warning, as is one that is no valid RegExp, and matches nothing.
 */
export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  const trimmed = matcher?.trim() ?? '';
  if (trimmed === '' || trimmed === '*') return matchAll;
  if (EXACT_NAMES.test(trimmed)) {
    const names = trimmed
      .split(/[|,]/)
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const set: ReadonlySet<string> = new Set(names);
    if (names.length === 1) {
      const only = names[0];
      return { test: (subject) => subject === only, names: set };
    }
    return { test: (subject) => set.has(subject), names: set };
  }
  try {
    // RegExp's own parser says whether the pattern is valid, and how it is not.
    new RegExp(trimmed);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      test: matchNothing,
      warning: `matcher "${trimmed}" is not a valid regular expression (${why}); it matches nothing`,
    };
  }
  const compiled = compileLinearRegExp(trimmed);
  if ('refusal' in compiled) {
    return {
      test: matchNothing,
      warning: `matcher "${trimmed}" ${compiled.refusal}; it matches nothing (docs/reliability.md)`,
    };
  }
  return { test: compiled.test };
}
