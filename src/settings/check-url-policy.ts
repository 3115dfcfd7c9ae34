import type { AllowedUrl, HookPolicy, SourceLevel } from './configured-hook.js';
import { matchesUrlPattern } from './url-pattern.js';

/**
 * Levels trusted to open private and loopback addresses, by an `allowedHttpHookUrls` pattern or by defining
 * the hook themselves. Project and local settings travel with a repository (and explicit files and inline
 * objects may well be such a file), so their own allowance cannot open the door for their own hooks.
 */
export const LEVELS_THAT_OPEN_PRIVATE_NETWORKS: ReadonlySet<SourceLevel> = new Set(['managed', 'user']);

/** The verdict of the URL policy on one http hook URL. */
export type UrlPolicyDecision =
  | {
      readonly allowed: true;
      readonly url: URL;
      /**
       * True when a user or managed pattern matched the URL, or the hook itself is a user or managed one:
       * private and loopback addresses may then be reached.
       */
      readonly allowPrivate: boolean;
    }
  | { readonly allowed: false; readonly reason: string };

function parseHookUrl(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${JSON.stringify(text)} is not a valid URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${JSON.stringify(text)} is not an http or https URL`;
  }
  return url;
}

/** The patterns of the policy that match the URL (an empty array when none does). */
export function matchingPatterns(url: URL, allowed: readonly AllowedUrl[]): readonly AllowedUrl[] {
  return allowed.filter((entry) => matchesUrlPattern(url, entry.pattern));
}

/**
 * Applies the URL policy: the URL must be http(s) and, when `allowedHttpHookUrls` is set, match one of its
 * patterns (an empty list blocks every URL). A missing policy means no policy key was set anywhere.
 * `hookLevel` is where the hook was defined. The network guard decides about addresses later, at connect
 * time, using `allowPrivate`.
 */
export function checkUrlPolicy(
  text: string,
  policy: HookPolicy | undefined,
  hookLevel: SourceLevel,
): UrlPolicyDecision {
  const url = parseHookUrl(text);
  if (typeof url === 'string') return { allowed: false, reason: url };
  const trustedHook = LEVELS_THAT_OPEN_PRIVATE_NETWORKS.has(hookLevel);
  const allowed = policy?.allowedHttpHookUrls;
  if (allowed === undefined) return { allowed: true, url, allowPrivate: trustedHook };
  if (allowed.length === 0) {
    return { allowed: false, reason: 'allowedHttpHookUrls is an empty list, which blocks every http hook' };
  }
  const matching = matchingPatterns(url, allowed);
  if (matching.length === 0) {
    return { allowed: false, reason: `${redactUrl(url)} matches no allowedHttpHookUrls pattern` };
  }
  const allowPrivate =
    trustedHook || matching.some((entry) => LEVELS_THAT_OPEN_PRIVATE_NETWORKS.has(entry.level));
  return { allowed: true, url, allowPrivate };
}

/** The URL for messages: any password in it replaced, so reports never carry it. */
export function redactUrl(url: URL): string {
  if (url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
}
