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

/**
 * What `validate` warns about an `if` rule that Claude Code 2.1.332 reads differently from hookwire, so that
 * the same guard is off under one of them: a tool part with `*` (Claude Code reads it literally, so
 * `mcp__github__*` names no tool, and neither does hookwire), and a WebFetch domain or URL rule (Claude Code
 * never fires it; hookwire does, on the URL or its host). Undefined when both read the rule alike.
 */
export function ifRuleHostDifference(rule: string): string | undefined {
  const parsed = parseIfRule(rule);
  if ('problem' in parsed) return undefined;
  const tool = parsed.tool.trim();
  if (tool.includes('*')) {
    const server = /^mcp__([^_]+(?:_[^_]+)*)__\*$/.exec(tool)?.[1];
    const instead = server === undefined ? '' : ` (for every tool of that server write "mcp__${server}")`;
    return `"if" rule "${rule}": the tool part is a name, not a pattern: no tool is called "${tool}", so this hook never runs, in Claude Code or hookwire${instead}`;
  }
  const argument = parsed.argument;
  if (tool === 'WebFetch' && argument !== undefined && argument !== '' && argument !== '*')
    return `"if" rule "${rule}": Claude Code 2.1.332 never fires a WebFetch rule with a domain or URL (only "WebFetch" and "WebFetch(*)"); hookwire fires it on the URL${argument.startsWith('domain:') ? "'s host" : ''}, so this guard runs under hookwire run only (docs/protocol.md)`;
  return undefined;
}
