import type { HookRun, Outcome } from '../../src/outcome/outcome.js';
import type { TimelineEvent } from '../../src/timeline/timeline-page.js';

const STATUSES: HookRun['status'][] = ['success', 'success', 'non_blocking_error', 'blocking', 'timeout'];
const EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'Notification'];

function run(position: number, event: string, index: number): HookRun {
  const blocked = index === 2 && position % 5 === 3;
  return {
    index,
    source: { file: '/project/.claude/settings.json', level: 'project', line: 10 + index, jsonPath: 'hooks' },
    type: 'command',
    command: `"$CLAUDE_PROJECT_DIR"/hooks/check-${index}.sh --event ${event}`,
    matcher: null,
    status: index === 2 ? (STATUSES[position % STATUSES.length] as HookRun['status']) : 'success',
    exitCode: blocked ? 2 : 0,
    signal: null,
    startedAtMs: index * 0.4,
    durationMs: 5 + ((position * 7 + index * 13) % 40),
    stdout: `checked ${position}.${index}\n`.repeat(3),
    stderr: blocked ? 'refusing: not in this project\n' : '',
    stdoutTruncated: false,
    stderrTruncated: false,
    output: null,
    error: blocked ? '[check-2.sh]: refusing: not in this project' : null,
    background: false,
  };
}

/**
 * A session of `count` synthetic events of three parallel hooks each, every fifth event denied: the
 * timeline's size and load benchmark (bench/timeline-load.ts) and its browser test use it.
 */
export function syntheticEvents(count: number): TimelineEvent[] {
  return Array.from({ length: count }, (_, position) => {
    const event = EVENTS[position % EVENTS.length] as string;
    const blocked = position % 5 === 3;
    const outcome: Outcome = {
      event,
      decision: blocked ? 'deny' : null,
      reason: blocked ? 'refusing: not in this project' : null,
      continue: true,
      stopReason: null,
      systemMessages: [],
      additionalContext: [],
      updatedInput: null,
      hookSpecificOutput: {},
      suppressOutput: false,
      warnings: [],
      durationMs: 50,
      runs: [0, 1, 2].map((index) => run(position, event, index)),
      trace: blocked ? { decision: [2] } : {},
    };
    return {
      position: position + 1,
      time: new Date(Date.UTC(2026, 11, 3, 9, 0, 0, position * 250)).toISOString(),
      subject: `Bash: command ${position}`,
      outcome,
      changes: [],
    };
  });
}
