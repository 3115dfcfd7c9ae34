import { catalogue } from '../src/events/catalogue.js';
import { EVENT_NAMES, type EventName } from '../src/events/event-names.js';
import type { EventFamily, EventSpec, MatcherSubject, PlainStdout } from '../src/events/event-spec.js';
import { inputFieldsOf } from '../src/events/lookup.js';

/*
 * Renders docs/events.md from the catalogue, so the documentation can never say something the engine does
 * not do.
 */

const FAMILY: Record<EventFamily, string> = {
  protocol: 'protocol (the 27 events of the protocol reference)',
  'claude-code': 'Claude Code (events beyond the reference)',
  gemini: 'Gemini CLI (events only it has; docs/hosts/gemini.md)',
  copilot: 'GitHub Copilot CLI (events only it has; docs/hosts/copilot.md)',
  qwen: 'Qwen Code (events only it has; docs/hosts/qwen.md)',
  deepagents: 'Deep Agents Code',
};

const PLAIN_STDOUT: Record<PlainStdout, string> = {
  context: 'added as context for the model',
  'worktree-path': 'the worktree path (last non-empty line)',
  'compaction-instructions':
    'the whole stdout, raw (JSON included), is appended to the compaction prompt as instructions',
  ignored: 'ignored',
};

function code(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.map((value) => `\`${value}\``).join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function renderEvent(name: EventName): string {
  const spec: EventSpec = catalogue[name];
  const timeouts = Object.entries(spec.timeouts)
    .filter(([type]) => spec.handlers.includes(type as keyof typeof spec.timeouts))
    .map(([type, seconds]) => `${type} ${seconds} s`)
    .join(', ');
  const subject: MatcherSubject | null = spec.matcher;
  const matcher = subject
    ? `tested against \`${subject.field}\`${subject.basename ? ' (its basename)' : ''}`
    : 'none (a matcher is ignored)';
  const block = spec.block
    ? `\`${spec.block.decision}\`: ${spec.block.effect}`
    : 'ignored (exit 2 and `decision: "block"` have no effect)';
  const facts = [
    `- Family: ${FAMILY[spec.family]}`,
    `- Matcher: ${matcher}`,
    `- Handler types: ${code(spec.handlers)}`,
    `- Default timeouts: ${timeouts}`,
    `- Decisions besides a block: ${code(spec.decisions)}`,
    `- Block (exit 2 or \`decision: "block"\`): ${block}`,
    `- Legacy top-level \`decision\`/\`reason\`: ${spec.legacyDecision ? 'honoured' : 'ignored'}`,
    `- \`hookSpecificOutput\` fields: ${code(spec.specificOutput)}`,
    `- Plain stdout on exit 0: ${PLAIN_STDOUT[spec.plainStdout]}`,
    `- Notification-only: ${spec.notificationOnly ? 'yes (control fields of the output are ignored)' : 'no'}`,
    ...(spec.anyFailureBlocks ? ['- Any failure (not only exit 2) makes the action fail.'] : []),
    ...(spec.blockContinues
      ? [
          `- A block sends the ${spec.blockContinues} back to work: consecutive blocks are capped (\`stopBlockCap\`), and a prompt or agent hook may answer \`impossible: true\` to let it stop.`,
        ]
      : []),
    ...(spec.modelBlockEndsTurn
      ? ['- A prompt or agent hook’s `ok: false` also ends the turn (as `continue: false`).']
      : []),
    ...(spec.envFile
      ? [
          '- Hooks get `CLAUDE_ENV_FILE`, the session’s environment file; the outcome’s `environment` holds what it sets (docs/host-helpers.md).',
        ]
      : []),
    ...(spec.endsSession ? ['- Ends the session: the engine removes its environment file afterwards.'] : []),
    ...(spec.answersWorktreePath
      ? [
          '- The host takes the worktree path from the answer: hooks that all succeed without giving one fail the action.',
        ]
      : []),
  ];
  const fields = Object.entries(inputFieldsOf(name)).map(
    ([field, fieldSpec]) =>
      `| \`${field}\` | ${fieldSpec.type} | ${fieldSpec.required ? 'yes' : 'no'} | ${cell(fieldSpec.description)} |`,
  );
  return [
    `## ${name}`,
    '',
    spec.description,
    '',
    ...facts,
    '',
    '| Input field | Type | Required | Description |',
    '|---|---|---|---|',
    ...fields,
    '',
  ].join('\n');
}

/** The whole of docs/events.md. */
export function renderEventsMarkdown(): string {
  // GitHub's heading anchors: lower case, punctuation dropped, repeats suffixed (`session.start` follows
  // `SessionStart`, so it becomes `sessionstart-1`).
  const seen = new Map<string, number>();
  const summary = EVENT_NAMES.map((name) => {
    const spec: EventSpec = catalogue[name];
    const slug = name.toLowerCase().replace(/[^a-z0-9 _-]/g, '');
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    const anchor = repeats === 0 ? slug : `${slug}-${repeats}`;
    const matcher = spec.matcher ? `\`${spec.matcher.field}\`` : '–';
    const block = spec.notificationOnly ? 'notification only' : (spec.block?.decision ?? '–');
    return `| [${name}](#${anchor}) | ${spec.family} | ${matcher} | ${spec.handlers.join(', ')} | ${block} |`;
  });
  return [
    '# Events',
    '',
    '<!-- Generated from src/events/catalogue.ts by `npm run generate`. Do not edit by hand. -->',
    '',
    'Every event hookwire knows, from its one catalogue (`hookwire events` prints the same table). Each',
    "payload carries the family's common fields (listed first in each table) plus the event's own. An",
    'event name not listed here still runs its hooks, as notifications, with a warning (see',
    '[protocol.md](protocol.md), "Events the catalogue does not know").',
    '',
    'For hook authors, each event has two JSON Schemas generated from the same row: what a hook receives',
    'on stdin, `schema/hooks/<Event>.input.schema.json`, and the JSON it may print on stdout,',
    '`schema/hooks/<Event>.output.schema.json` (`hookwire schema hook-input|hook-output <Event>` prints',
    'them; the package serves them at `https://unpkg.com/hookwire/schema/hooks/`).',
    '',
    '| Event | Family | Matcher subject | Handler types | Block |',
    '|---|---|---|---|---|',
    ...summary,
    '',
    ...EVENT_NAMES.map(renderEvent),
  ].join('\n');
}
