import { HookwireError } from '../errors/hookwire-error.js';
import type { ConfiguredHook, Diagnostic, HookScope } from './configured-hook.js';
import { diagnosticPosition } from './format-diagnostic.js';
import { readSettingsText } from './read-settings-source.js';

/*
 * The hooks of a skill or subagent definition, as Claude Code reads them from its frontmatter (`hooks:`, the
 * same event map as settings' `hooks`), made into configured hooks of a scope (docs/scoped-hooks.md).
 */

/** How a scope is named in reports and diagnostics: `subagent code-reviewer`, `skill deploy`. */
export function describeScope(scope: HookScope): string {
  return `${scope.kind} ${scope.name}`;
}

/**
 * Reads a scope's hooks: validated as settings are, located in the definition file when the host names one
 * (else `<subagent NAME>`); for a subagent, `Stop` hooks become `SubagentStop` hooks (the event that fires
 * when a subagent finishes) and `once` is ignored (Claude Code honours it for skills only), each with a
 * warning. Throws a `settings` HookwireError, naming every error, when a handler cannot run: a host adding
 * a guard must learn at once that it is not there. `definitionPrefix` keeps definition ids apart from
 * other sets'.
 */
export function readScopedHooks(
  hooks: unknown,
  scope: HookScope,
  definitionPrefix: string,
): { hooks: ConfiguredHook[]; warnings: Diagnostic[] } {
  const file = scope.file ?? `<${describeScope(scope)}>`;
  const adapted = scope.kind === 'subagent' ? forSubagent(hooks) : { hooks, notes: [] };
  let definitions = 0;
  const reading = readSettingsText(
    JSON.stringify({ hooks: adapted.hooks }),
    { file, level: 'inline', hasPositions: false },
    () => `${definitionPrefix}d${++definitions}`,
    { deepAgentsSeverity: 'error' },
  );
  const position = { file, line: 1, column: 1, jsonPath: 'hooks' };
  const diagnostics = [
    ...adapted.notes.map((message) => ({ severity: 'warning' as const, ...position, message })),
    ...reading.diagnostics,
  ];
  if (reading.format !== 'claude') {
    diagnostics.push({
      severity: 'error',
      ...position,
      message: 'hooks must be an object of event → hook definitions',
    });
  }
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((error) => `${diagnosticPosition(error)} ${error.jsonPath}: ${error.message}`);
    throw new HookwireError(
      'settings',
      `the hooks of ${describeScope(scope)} cannot run:\n${lines.join('\n')}`,
    );
  }
  return {
    hooks: reading.hooks.map((hook) => ({ ...hook, provenance: { ...hook.provenance, scope } })),
    warnings: diagnostics,
  };
}

/** A subagent's hooks as they run: Stop as SubagentStop, without `once`, and what was changed. */
function forSubagent(hooks: unknown): { hooks: unknown; notes: string[] } {
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) return { hooks, notes: [] };
  const notes: string[] = [];
  const adapted: Record<string, unknown> = {};
  for (const [event, definitions] of Object.entries(hooks)) {
    const target = event === 'Stop' ? 'SubagentStop' : event;
    if (event === 'Stop')
      notes.push('Stop hooks of a subagent run on SubagentStop, when the subagent finishes');
    const list = Array.isArray(definitions) ? definitions.map(withoutOnce(notes)) : definitions;
    const earlier = adapted[target];
    adapted[target] = Array.isArray(earlier) && Array.isArray(list) ? [...earlier, ...list] : list;
  }
  return { hooks: adapted, notes: [...new Set(notes)] };
}

function withoutOnce(notes: string[]) {
  return (definition: unknown): unknown => {
    if (
      typeof definition !== 'object' ||
      definition === null ||
      !Array.isArray((definition as { hooks?: unknown }).hooks)
    )
      return definition;
    const handlers = (definition as { hooks: unknown[] }).hooks.map((handler) => {
      if (typeof handler !== 'object' || handler === null || !('once' in handler)) return handler;
      notes.push(
        '"once" is honoured in the hooks of skills only, as Claude Code does: a subagent\'s hooks run every time',
      );
      const { once: _once, ...rest } = handler as Record<string, unknown>;
      return rest;
    });
    return { ...definition, hooks: handlers };
  };
}
