import { globToRegExp } from './glob-to-regexp.js';

/** A permission rule: a tool-name glob, then optionally a glob in parentheses (`Bash(git *)`). */
const RULE = /^([^()]+?)\s*(?:\((.*)\))?$/s;

/** An `if` rule split into its tool-name glob and the glob in parentheses (undefined when there is none). */
export type ParsedIfRule =
  | { readonly tool: string; readonly argument: string | undefined }
  | { readonly problem: string };

/**
 * Splits an `if` rule, or says why it cannot be one: not of the form `Tool` or `Tool(pattern)`, or a pattern
 * the linear engine refuses (docs/reliability.md). Loading reports that problem as a located error, so that a
 * guard whose rule cannot be compiled fails closed instead of never running.
 */
export function parseIfRule(rule: string): ParsedIfRule {
  const parsed = RULE.exec(rule.trim());
  if (!parsed) return { problem: `"if" rule "${rule}" is not of the form Tool or Tool(pattern)` };
  const argument = parsed[2];
  if (argument !== undefined && argument !== '' && argument !== '*') {
    const warning = globToRegExp(argument, { pathAware: true }).warning;
    if (warning !== undefined)
      return { problem: `"if" rule "${rule}": ${warning.replace(/; it matches nothing$/, '')}` };
  }
  return { tool: parsed[1] as string, argument };
}
