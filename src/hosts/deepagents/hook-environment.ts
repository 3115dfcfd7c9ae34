/*
 * A Hooks v2 handler's environment (upstream `env.py`): the agent's own, minus every variable whose
 * upper-cased name contains KEY, TOKEN, SECRET, PASSWORD or APIKEY. Values are not inspected, and the rule is
 * upstream's, wider on names than hookwire's own scrub (MONKEY and KEYBOARD_LAYOUT are dropped too): a hook
 * written for Deep Agents Code sees what it would see there.
 */

const SECRET_PARTS = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD', 'APIKEY'] as const;

/** True when upstream withholds the variable `name` from hooks. */
export function isWithheldVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return SECRET_PARTS.some((part) => upper.includes(part));
}

/** `environment` without the withheld variables. */
export function scrubHookEnvironment(
  environment: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && !isWithheldVariable(name)) kept[name] = value;
  }
  return kept;
}
