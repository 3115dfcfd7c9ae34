import { readFileSync } from 'node:fs';
import { LIFECYCLE_TESTS } from './lifecycle-checks.js';
import { TRUST_SCENARIOS } from './trust-scenarios.js';

/*
 * The registry of upstream's hooks tests (langchain-ai/deepagents `libs/code` at 23b83ad50f63): every test
 * function of `tests/unit_tests/hooks/**`, `tests/unit_tests/test_hooks.py` and
 * `tests/unit_tests/plugins/test_plugin_hooks.py`, with each parametrization, is listed in
 * `deepagents-v2/upstream-tests.json` (id `tests/...::test_name[param]`, a one-line summary of what it
 * asserts). A vector names its test in `source`; the runner looks the test up here and checks the vector
 * the way the registry says:
 * - `fields`: read generically from the vector's fields by its kind (config written and loaded, event and
 *   payload projected, handler outputs reproduced by real processes, reduced, compared with `observed` or
 *   the `expect` keys that name data): the loader, runner, reducer, wire, projection, migration and legacy
 *   tests, whose vectors are data;
 * - `scenario`: a per-test scenario, where the vector's expectation is prose (trust, how the agent applies a
 *   decision, transcripts, the presenter): the check of that name in the kind's module.
 * A test not in the registry has no check: its vectors fail, saying so. `differs` says where hookwire
 * deliberately does otherwise than the test asserts (docs/deepagents.md lists each).
 */

/** How the vectors of one upstream test are checked. */
export interface UpstreamCheck {
  readonly reads: 'fields' | 'scenario';
  /** Where hookwire deliberately differs from what the test asserts, and why. */
  readonly differs?: string;
}

/** One listed upstream test (one parametrization). */
export interface UpstreamTest {
  readonly id: string;
  readonly file: string;
  readonly function: string;
  readonly param?: string;
  readonly summary: string;
}

/** Every upstream test id, as listed. */
export const UPSTREAM_TESTS: readonly UpstreamTest[] = (
  JSON.parse(readFileSync(new URL('./deepagents-v2/upstream-tests.json', import.meta.url), 'utf8')) as {
    tests: UpstreamTest[];
  }
).tests;

const FIELDS: UpstreamCheck = { reads: 'fields' };
const SCENARIO: UpstreamCheck = { reads: 'scenario' };

/** A file's tests all read from fields, but for the named ones. */
function fileOf(
  file: string,
  rule: UpstreamCheck,
  except: Record<string, UpstreamCheck> = {},
): Record<string, UpstreamCheck> {
  const entries: Record<string, UpstreamCheck> = {};
  for (const test of UPSTREAM_TESTS)
    if (test.file === file) entries[`${file}::${test.function}`] = except[test.function] ?? rule;
  return entries;
}

const HOOKS = 'tests/unit_tests/hooks';

/*
 * Where the Python-only tests land: a test of Windows process trees, of Python's import graph or of
 * pydantic's own model classes has no hookwire counterpart beyond what its vector states as data.
 */
const WINDOWS =
  'hookwire runs hooks on POSIX only (process groups, SIGKILL); Windows tree termination is not implemented';

/** Tests outside the three listed files that vectors also come from, by function name. */
const UNLISTED: Readonly<Record<string, string>> = {
  test_user_prompt_stop_ends_headless_session_once:
    'tests/unit_tests/test_non_interactive.py::TestMaxTurns::test_user_prompt_stop_ends_headless_session_once',
  test_user_prompt_hook_suppresses_legacy_duplicate_and_prompt:
    'tests/unit_tests/test_non_interactive.py::TestMaxTurns::test_user_prompt_hook_suppresses_legacy_duplicate_and_prompt',
  test_user_prompt_hook_applies_context_and_suppression_once:
    'tests/unit_tests/tui/test_textual_adapter.py::TestExecuteTaskTextualClientLifecycle::test_user_prompt_hook_applies_context_and_suppression_once',
};

/** A scenario entry for each test function named (found in the listing, else among the unlisted ones). */
function scenarioEntries(names: readonly string[]): Record<string, UpstreamCheck> {
  const entries: Record<string, UpstreamCheck> = {};
  for (const name of names) {
    const listed = UPSTREAM_TESTS.filter((test) => test.function.split('::').pop() === name);
    for (const test of listed) entries[`${test.file}::${test.function}`] = SCENARIO;
    const unlisted = UNLISTED[name];
    if (listed.length === 0 && unlisted !== undefined) entries[unlisted] = SCENARIO;
  }
  return entries;
}

/** The check of each upstream test function, keyed `file::[Class::]function`. */
export const UPSTREAM_CHECKS: Readonly<Record<string, UpstreamCheck>> = {
  ...fileOf(`${HOOKS}/models/test_models.py`, FIELDS),
  ...fileOf(`${HOOKS}/test_configuration.py`, FIELDS),
  ...fileOf(`${HOOKS}/test_engine.py`, FIELDS),
  ...fileOf(`${HOOKS}/test_execution.py`, FIELDS, {
    test_windows_taskkill_path_uses_system_directory_api: { reads: 'fields', differs: WINDOWS },
    test_windows_tree_termination_uses_taskkill: { reads: 'fields', differs: WINDOWS },
    test_windows_tree_termination_falls_back_when_taskkill_fails: { reads: 'fields', differs: WINDOWS },
    test_windows_tree_termination_bounds_taskkill: { reads: 'fields', differs: WINDOWS },
  }),
  ...fileOf('tests/unit_tests/test_hooks.py', FIELDS, {
    'TestDrainPendingHooks::test_drain_snapshots_once_and_ignores_later_scheduled_hooks': {
      reads: 'fields',
      differs:
        "hookwire's close() ends the dispatcher: an event dispatched while it drains is ignored, where upstream schedules it unawaited",
    },
  }),
  ...fileOf('tests/unit_tests/plugins/test_plugin_hooks.py', SCENARIO),
  // The prose tests: exactly those with a scenario in the trust and lifecycle modules.
  ...scenarioEntries([...Object.keys(TRUST_SCENARIOS), ...LIFECYCLE_TESTS]),
};

/** The test a vector's `source` names: `file::[Class::]function` without its parameters. */
export function upstreamFunction(source: string): string {
  return source.replace(/\[.*\]$/s, '');
}

/** The parameter part of a vector's `source` (`REMEMBER-True-True`), or ''. */
export function upstreamParam(source: string): string {
  return /\[(.*)\]$/s.exec(source)?.[1] ?? '';
}

/**
 * The check for a vector's `source`: a listed test's, or, for a case derived from upstream's modules
 * (`derived:libs/code/...`), the generic reading of its fields. Undefined: no check.
 */
export function upstreamCheckFor(source: unknown): UpstreamCheck | undefined {
  if (typeof source !== 'string') return undefined;
  if (source.startsWith('derived:')) return FIELDS;
  return UPSTREAM_CHECKS[upstreamFunction(source)];
}
