import type { Outcome } from '../../outcome/outcome.js';
import { oneLine } from './hook-row.js';

/** How the decision reads to a person: what the host does about it. */
function decisionLine(outcome: Outcome): string {
  switch (outcome.decision) {
    case null:
      return 'none';
    case 'allow':
      return 'ALLOW';
    case 'deny':
      return 'DENY';
    case 'ask':
      return 'ASK (the user is asked)';
    case 'defer':
      return 'DEFER (left to the host’s own permission rules)';
    case 'block':
      return 'BLOCK';
  }
}

/**
 * The merged result as labelled lines: decision, reason, what the model and the user would see, rewritten
 * input, stop and warnings. Empty fields are left out.
 */
export function renderOutcomeSummary(outcome: Outcome, indent = '  '): string[] {
  const lines = [`${indent}decision: ${decisionLine(outcome)}`];
  if (outcome.reason) {
    const { reason, from } = ownReason(outcome);
    lines.push(`${indent}reason:   ${oneLine(reason, 160)}`);
    if (from.length > 0) lines.push(`${indent}from:     ${oneLine(from.join('; '), 160)}`);
  }
  for (const context of outcome.additionalContext) lines.push(`${indent}context:  ${oneLine(context, 160)}`);
  if (outcome.updatedInput)
    lines.push(`${indent}input →   ${oneLine(JSON.stringify(outcome.updatedInput), 160)}`);
  for (const [key, value] of Object.entries(outcome.hookSpecificOutput)) {
    if (key === 'updatedInput' || key === 'additionalContext' || key.startsWith('permissionDecision'))
      continue;
    lines.push(`${indent}${key}: ${oneLine(JSON.stringify(value), 160)}`);
  }
  for (const message of outcome.systemMessages) lines.push(`${indent}user sees: ${oneLine(message, 160)}`);
  if (!outcome.continue) lines.push(`${indent}STOP:     ${outcome.stopReason ?? '(no stop reason)'}`);
  for (const warning of outcome.warnings) lines.push(`${indent}warning:  ${oneLine(warning, 160)}`);
  return lines;
}

/**
 * The reason as the hooks gave it, and which hooks gave it (docs/protocol.md, "The reason and its hook"):
 * `outcome.reason` is what the host shows, which for an exit-2 hook is Claude Code's `[<command>]: <stderr>`;
 * a person reading `fire` or `replay` gets the hook's own words, and the hook on a line of its own.
 */
function ownReason(outcome: Outcome): { reason: string; from: string[] } {
  const runs = (outcome.trace.reason ?? []).flatMap((index) =>
    outcome.runs.filter((run) => run.index === index),
  );
  const reason = outcome.reason ?? '';
  const stripped = reason
    .split('\n')
    .map((line) => {
      const run = runs.find((candidate) => line.startsWith(`[${candidate.command}]: `));
      return run === undefined ? line : line.slice(run.command.length + 4);
    })
    .join('\n');
  const from = runs.map((run) => `${run.command} (${run.source.file}:${run.source.line})`);
  return { reason: stripped, from };
}
