import { describe, expect, it } from 'vitest';
import { validateSettingsText } from '../../src/settings/validate-settings.js';

const warningsFor = (rule: string) =>
  validateSettingsText(
    JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x', if: rule }] }] } }),
    { file: 'f.json', level: 'project' },
  )
    .diagnostics.filter((diagnostic) => diagnostic.severity === 'warning')
    .map((diagnostic) => diagnostic.message);

describe('validate warns where Claude Code reads an if rule differently', () => {
  it('a WebFetch domain or URL rule: Claude Code never fires it, hookwire does', () => {
    expect(warningsFor('WebFetch(domain:example.com)')).toEqual([
      `"if" rule "WebFetch(domain:example.com)": Claude Code 2.1.332 never fires a WebFetch rule with a domain or URL (only "WebFetch" and "WebFetch(*)"); hookwire fires it on the URL's host, so this guard runs under hookwire run only (docs/protocol.md)`,
    ]);
    expect(warningsFor('WebFetch(https://example.com/*)')).toHaveLength(1);
  });

  it('a tool part with *: no tool has that name, under either', () => {
    expect(warningsFor('mcp__guards__*')).toEqual([
      `"if" rule "mcp__guards__*": the tool part is a name, not a pattern: no tool is called "mcp__guards__*", so this hook never runs, in Claude Code or hookwire (for every tool of that server write "mcp__guards")`,
    ]);
  });

  it.each(['WebFetch', 'WebFetch(*)', 'Bash(rm *)', 'mcp__guards', 'Write(/src/**)'])(
    'negative control: %s reads alike, no warning',
    (rule) => {
      expect(warningsFor(rule)).toEqual([]);
    },
  );
});
