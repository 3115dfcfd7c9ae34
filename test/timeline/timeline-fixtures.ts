import type { HookRun, Outcome } from '../../src/outcome/outcome.js';
import type { TimelineEvent } from '../../src/timeline/timeline-page.js';
import { hookRun, outcome } from '../support/outcome-builder.js';

const STATUSES: HookRun['status'][] = ['success', 'success', 'non_blocking_error', 'blocking', 'timeout'];
const EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'Notification'];

/** A session of `count` synthetic events of three hooks each (parallel, with output), for size and load. */
export function syntheticEvents(count: number): TimelineEvent[] {
  return Array.from({ length: count }, (_, position) => {
    const event = EVENTS[position % EVENTS.length] as string;
    const runs = [0, 1, 2].map((index) =>
      hookRun({
        index,
        command: `"$CLAUDE_PROJECT_DIR"/hooks/check-${index}.sh --event ${event}`,
        status: index === 2 ? (STATUSES[position % STATUSES.length] as HookRun['status']) : 'success',
        exitCode: index === 2 && position % 5 === 3 ? 2 : 0,
        startedAtMs: index * 0.4,
        durationMs: 5 + ((position * 7 + index * 13) % 40),
        stdout: `checked ${position}.${index}\n`.repeat(3),
        stderr: index === 2 && position % 5 === 3 ? 'refusing: not in this project\n' : '',
      }),
    );
    const blocked = position % 5 === 3;
    const fired: Outcome = outcome({
      event,
      runs,
      durationMs: 50,
      ...(blocked
        ? { decision: 'deny' as const, reason: 'refusing: not in this project', trace: { decision: [2] } }
        : {}),
    });
    return {
      position: position + 1,
      time: new Date(Date.UTC(2026, 11, 3, 9, 0, 0, position * 250)).toISOString(),
      subject: `Bash: command ${position}`,
      outcome: fired,
      changes: [],
    };
  });
}
