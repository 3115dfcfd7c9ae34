import { isIP } from 'node:net';
import { factsOf } from '../handlers/facts.js';
import { addressRefusal, hostNameRefusal } from './address-refusal.js';
import { checkUrlPolicy } from './check-url-policy.js';
import { classifyAddress } from './classify-address.js';
import type { ConfiguredHook, Diagnostic, HookPolicy, SourceLevel } from './configured-hook.js';
import { type LeveledPolicy, mergePolicy } from './merge-policy.js';

/** Levels whose hooks certainly cannot open private addresses themselves (explicit files might be user's). */
const UNTRUSTED_LEVELS: ReadonlySet<SourceLevel> = new Set(['project', 'local']);

/**
 * Why an http hook's URL can never be used, as far as can be told without resolving host names: not an
 * http(s) URL, outside `allowedHttpHookUrls`, a metadata address or host name, or a private address
 * literal in a project or local hook that no user or managed pattern allows. Null when it may work.
 */
export function hookUrlProblem(
  text: string,
  policy: HookPolicy | undefined,
  level: SourceLevel,
): string | null {
  const decision = checkUrlPolicy(text, policy, level);
  if (!decision.allowed) return decision.reason;
  const bare = decision.url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(bare)) {
    const refusal = hostNameRefusal(bare);
    return refusal === null ? null : `the network guard refuses this URL: ${refusal}`;
  }
  const refusal = addressRefusal(bare, decision.allowPrivate);
  const certain = classifyAddress(bare) !== 'private' || UNTRUSTED_LEVELS.has(level);
  return refusal !== null && certain ? `the network guard refuses this URL: ${refusal}` : null;
}

/**
 * A private or loopback address literal that only a user or managed `allowedHttpHookUrls` pattern can open,
 * in a hook whose file may or may not be the user's own (a file named on the command line): a warning, since
 * `hookwire run --settings FILE` refuses it on every event unless such a pattern matches, and a guard refused
 * on every event should be seen before it runs. Null when the address is public or already allowed.
 */
export function hookUrlWarning(
  text: string,
  policy: HookPolicy | undefined,
  level: SourceLevel,
): string | null {
  if (hookUrlProblem(text, policy, level) !== null) return null;
  const decision = checkUrlPolicy(text, policy, level);
  if (!decision.allowed || decision.allowPrivate) return null;
  const bare = decision.url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(bare) || addressRefusal(bare, false) === null) return null;
  return `the network guard refuses ${bare} unless a user or managed allowedHttpHookUrls pattern matches this URL; without one, every event this hook guards is blocked (docs/http.md)`;
}

/** What one validated source contributed. */
export interface ValidatedSource {
  readonly level: SourceLevel;
  /** Named on the command line: checked against its own policy keys only. */
  readonly explicit: boolean;
  readonly hooks: readonly ConfiguredHook[];
  readonly policy: LeveledPolicy['values'];
}

/**
 * One located error per hook whose URL is blocked (a warning where only a user or managed pattern can open it), for `hookwire validate` (the types whose facts say
 * `network: 'url'`: http). The default sources are one configuration, so their policy keys are merged;
 * explicitly named files are each checked against their own, since a folder of files (examples, several
 * projects) is not one configuration.
 */
export function blockedUrlDiagnostics(sources: readonly ValidatedSource[]): Diagnostic[] {
  const defaults = sources.filter((source) => !source.explicit);
  const mergedDefaults = mergePolicy(defaults.map(({ level, policy }) => ({ level, values: policy })));
  return sources.flatMap((source) => {
    const policy = source.explicit
      ? mergePolicy([{ level: source.level, values: source.policy }])
      : mergedDefaults;
    return source.hooks.flatMap((hook): Diagnostic[] => {
      const facts = factsOf(hook.handler.type);
      if (facts.network !== 'url') return [];
      // The type's required field is its URL (`network: 'url'`); the loader checked it is a string.
      const url = (hook.handler as unknown as Readonly<Record<string, string>>)[
        facts.requiredField
      ] as string;
      const problem = hookUrlProblem(url, policy, hook.provenance.level);
      const warning = problem === null ? hookUrlWarning(url, policy, hook.provenance.level) : null;
      if (problem === null && warning === null) return [];
      const { file, line, column, jsonPath } = hook.provenance;
      const at = `${jsonPath}.${facts.requiredField}`;
      if (problem === null)
        return [{ severity: 'warning', file, line, column, jsonPath: at, message: warning as string }];
      return [{ severity: 'error', file, line, column, jsonPath: at, message: problem }];
    });
  });
}
