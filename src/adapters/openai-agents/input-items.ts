import type { AgentInputItem } from '@openai/agents';
import type { AgentHooks } from '../agent-hooks.js';
import { hookContext } from '../claude-wording.js';
import type { BlockedTurn } from '../stop-rounds.js';

/** What `run()` takes as a new turn's input (a saved `RunState` resumes a turn: it is not a new prompt). */
export type AgentInput = string | AgentInputItem[];

/**
 * Starts a turn: SessionStart on the session's first turn, then UserPromptSubmit for the prompt (the last
 * input item, when it is a user message); their context joins that message as extra `input_text` parts, as
 * Claude Code places it beside the user's turn. The caller's items are not changed.
 */
export async function beginAgentTurn(
  hooks: AgentHooks,
  input: AgentInput,
): Promise<{ readonly items: AgentInputItem[] } | BlockedTurn> {
  const items: AgentInputItem[] = typeof input === 'string' ? [{ role: 'user', content: input }] : [...input];
  const sessionContext = hookContext('SessionStart', (await hooks.start('startup')).context);
  const prompt = promptOf(items.at(-1));
  if (prompt === null) return { items: withContext(items, sessionContext) };
  const prompted = await hooks.prompt(prompt);
  if (prompted.blocked) return prompted;
  return {
    items: withContext(items, [...sessionContext, ...hookContext('UserPromptSubmit', prompted.context)]),
  };
}

function promptOf(item: AgentInputItem | undefined): string | null {
  if (item === undefined || !('role' in item) || item.role !== 'user') return null;
  if (typeof item.content === 'string') return item.content;
  return item.content.flatMap((part) => (part.type === 'input_text' ? [part.text] : [])).join('\n');
}

function withContext(items: AgentInputItem[], context: readonly string[]): AgentInputItem[] {
  const last = items.at(-1);
  if (context.length === 0 || last === undefined || !('role' in last) || last.role !== 'user') return items;
  const parts =
    typeof last.content === 'string' ? [{ type: 'input_text' as const, text: last.content }] : last.content;
  const added = context.map((text) => ({ type: 'input_text' as const, text }));
  return [...items.slice(0, -1), { ...last, content: [...parts, ...added] }];
}
