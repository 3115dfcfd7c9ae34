#!/usr/bin/env node
// Writes the differential corpus (corpus.mjs) as scenarios of the shared harness's shape:
// `node generate.mjs OUT_DIR` → OUT_DIR/<id>/{scenario.json, settings.json, script.json, hooks/*}.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compoundScenarios, lifetimeEvents, outputCases, slowEvents, suites } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The hook every rule runs: it records its rule id and its stdin, and says nothing. */
const RECORD = `#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "$1"
`;

/** A hook that takes $2 seconds, recording its start, a SIGTERM and its end (one line each). */
const SLOW = `#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "life:$1"
line() { printf '{"event":"%s","what":"%s","t":%s}\\n' "$1" "$2" "$(date +%s%3N)" >> @@OUT@@/life.jsonl; }
line "$1" start
trap 'line "$1" TERM; exit 143' TERM
sleep "$2" & wait $!
line "$1" end
`;

const write = (dir, name, text, mode) => {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), typeof text === 'string' ? text : `${JSON.stringify(text, null, 1)}\n`, {
    mode,
  });
};
const toolUse = (index, subject, { tool, input }) => ({
  type: 'tool_use',
  id: `toolu_${String(index).padStart(2, '0')}_${subject}`,
  name: tool,
  input,
});
const normalRule = (rule) => (typeof rule === 'string' ? { if: rule } : rule);

/** A rules × subjects suite: one hook group per rule, one tool call per subject. */
function rulesScenario(dir, suite) {
  const PreToolUse = Object.entries(suite.rules).map(([id, rule]) => {
    const { matcher, if: condition } = normalRule(rule);
    const hook = { type: 'command', command: `@@HOOKS@@/record.sh 'rule:${id}'` };
    if (condition !== undefined) hook.if = condition;
    return matcher === undefined ? { hooks: [hook] } : { matcher, hooks: [hook] };
  });
  write(dir, 'settings.json', { hooks: { PreToolUse } });
  write(dir, 'hooks/record.sh', RECORD, 0o755);
  // Files of the hand-written scenarios (paths under compat/), copied beside the hooks under their own name.
  for (const path of suite.extraHooks ?? [])
    copyFileSync(join(here, '..', path), join(dir, 'hooks', basename(path)));
  const turns = Object.entries(suite.subjects).map(([id, subject], index) => [
    { type: 'text', text: `subject ${id}` },
    toolUse(index, id, subject),
  ]);
  turns.push([{ type: 'text', text: 'all done' }]);
  const script = suite.subMarker
    ? { main: turns, sub: [[{ type: 'text', text: 'subagent done' }]], sub_marker: suite.subMarker }
    : turns;
  write(dir, 'script.json', script);
  write(dir, 'scenario.json', {
    id: suite.id,
    kind: 'rules',
    description: suite.description,
    prompt: 'go',
    flags: suite.flags,
    ...(suite.env ? { env: suite.env } : {}),
    ...(suite.setup ? { setup: suite.setup } : {}),
    // Through hookwire every event starts a Node process: on a loaded 2-core machine a 30-call table takes
    // minutes, and a run the harness kills leaves the last subjects without a verdict.
    timeout_s: 900,
    subjects: Object.keys(suite.subjects),
    rules: Object.fromEntries(Object.entries(suite.rules).map(([id, rule]) => [id, normalRule(rule)])),
  });
}

/** One hook output shape: a PreToolUse hook on one Bash call that would write tool-ran.txt. */
function outputScenario(dir, id, body) {
  write(dir, 'settings.json', {
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '@@HOOKS@@/out.sh' }] }] },
  });
  write(
    dir,
    'hooks/out.sh',
    `#!/bin/bash\nIN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin out\n${body}\n`,
    0o755,
  );
  write(dir, 'script.json', [
    [
      { type: 'text', text: 'running' },
      toolUse(0, 'marker', {
        tool: 'Bash',
        input: { command: 'echo ran >> @@OUT@@/tool-ran.txt; echo MK_TOOLOUT', description: 'marker' },
      }),
    ],
    [{ type: 'text', text: 'all done' }],
  ]);
  write(dir, 'scenario.json', {
    id,
    kind: 'output',
    prompt: 'go',
    flags: ['--allowedTools', 'Bash'],
    timeout_s: 120,
  });
}

/** Every event's lifetime in one session. */
function lifetimeScenario(dir) {
  const hooks = Object.fromEntries(
    lifetimeEvents.map((event) => {
      // Events whose hooks may run beside another event's take longer than any other, so that the host
      // going on before they end shows (corpus.mjs: slowEvents).
      const seconds = slowEvents.includes(event) ? 6 : 1;
      const group = { hooks: [{ type: 'command', command: `@@HOOKS@@/slow.sh ${event} ${seconds}` }] };
      return [event, [event === 'FileChanged' ? { matcher: 'watched.txt', ...group } : group]];
    }),
  );
  write(dir, 'settings.json', { hooks });
  write(dir, 'hooks/slow.sh', SLOW, 0o755);
  const bash = (n, id, command) => toolUse(n, id, { tool: 'Bash', input: { command, description: id } });
  write(dir, 'script.json', {
    main: [
      [bash(0, 'ok', 'echo ran >> @@OUT@@/tool-ran.txt')],
      [bash(1, 'fails', 'exit 3')],
      [bash(2, 'cd', 'cd sub && echo x >> @@PROJ@@/watched.txt')],
      [toolUse(3, 'write', { tool: 'Write', input: { file_path: '@@PROJ@@/denied.txt', content: 'x' } })],
      [
        toolUse(4, 'agent', {
          tool: 'Agent',
          input: {
            description: 'probe',
            prompt: 'SUBAGENT_MARK answer done',
            subagent_type: 'general-purpose',
          },
        }),
      ],
      [toolUse(5, 'task', { tool: 'TaskCreate', input: { subject: 'probe task', description: 'probe' } })],
      [{ type: 'text', text: 'all done' }],
    ],
    sub: [[{ type: 'text', text: 'subagent done' }]],
    sub_marker: 'SUBAGENT_MARK',
  });
  write(dir, 'scenario.json', {
    id: 'L01-event-lifetimes',
    kind: 'lifetime',
    prompt: 'go',
    flags: ['--allowedTools', 'Bash', 'Agent', 'TaskCreate'],
    files: { 'CLAUDE.md': 'Project instructions.\n', 'sub/.keep': '', 'watched.txt': 'w\n' },
    timeout_s: 300,
    events: lifetimeEvents,
  });
}

/**
 * A hook that answers late: it records its start, waits $2 seconds, then answers as its event can (CwdChanged:
 * an `export` in CLAUDE_ENV_FILE and `watchPaths` naming late.txt; SubagentStop: a block, the first time
 * only) and records its end. Whether the host still applies an answer that comes after it went on.
 */
const LATE = `#!/bin/bash
IN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin "late:$1"
line() { printf '{"event":"%s","what":"%s","t":%s}\\n' "$1" "$2" "$(date +%s%3N)" >> @@OUT@@/life.jsonl; }
line "$1" start
trap 'line "$1" TERM; exit 143' TERM
sleep "$2" & wait $!
case "$1" in
  CwdChanged)
    [ -n "$CLAUDE_ENV_FILE" ] && echo 'export MK_LATE_ENV=cwd' >> "$CLAUDE_ENV_FILE"
    printf '{"hookSpecificOutput":{"hookEventName":"CwdChanged","watchPaths":["@@PROJ@@/late.txt"]}}' ;;
  SubagentStop)
    if [ ! -e @@OUT@@/substop-blocked ]; then
      : > @@OUT@@/substop-blocked
      printf '{"decision":"block","reason":"MK_SUBSTOP_LATE keep going"}'
    fi ;;
esac
line "$1" end
`;

/** The late answers of the events the host does not wait for (CwdChanged, SubagentStop; FileChanged records). */
function lateAnswersScenario(dir) {
  const group = (event, seconds) => [
    { hooks: [{ type: 'command', command: `@@HOOKS@@/late.sh ${event} ${seconds}` }] },
  ];
  write(dir, 'settings.json', {
    hooks: {
      CwdChanged: group('CwdChanged', 2),
      FileChanged: group('FileChanged', 0),
      SubagentStop: group('SubagentStop', 2),
    },
  });
  write(dir, 'hooks/late.sh', LATE, 0o755);
  const bash = (n, id, command) => toolUse(n, id, { tool: 'Bash', input: { command, description: id } });
  write(dir, 'script.json', {
    main: [
      [bash(0, 'cd', 'cd sub')],
      [bash(1, 'touch', 'sleep 5; echo x >> @@PROJ@@/late.txt; sleep 3')],
      [bash(2, 'env', 'echo "env=${MK_LATE_ENV:-unset}"')],
      [
        toolUse(3, 'agent', {
          tool: 'Agent',
          input: {
            description: 'probe',
            prompt: 'SUBAGENT_MARK answer done',
            subagent_type: 'general-purpose',
          },
        }),
      ],
      [bash(4, 'wait', 'sleep 5')],
      [{ type: 'text', text: 'all done' }],
    ],
    sub: [[{ type: 'text', text: 'subagent done' }], [{ type: 'text', text: 'subagent again' }]],
    sub_marker: 'SUBAGENT_MARK',
  });
  write(dir, 'scenario.json', {
    id: 'L02-late-answers',
    kind: 'late',
    prompt: 'go',
    flags: ['--allowedTools', 'Bash', 'Agent'],
    files: { 'sub/.keep': '', 'late.txt': 'w\n' },
    timeout_s: 300,
    events: ['CwdChanged', 'FileChanged', 'SubagentStop'],
  });
}

/** A CwdChanged on the session's last tool call: its hook starts as the session ends. */
function cwdAtEndScenario(dir) {
  write(dir, 'settings.json', {
    hooks: { CwdChanged: [{ hooks: [{ type: 'command', command: '@@HOOKS@@/late.sh CwdChanged 0' }] }] },
  });
  write(dir, 'hooks/late.sh', LATE, 0o755);
  write(dir, 'script.json', [
    [toolUse(0, 'cd', { tool: 'Bash', input: { command: 'cd sub', description: 'cd' } })],
    [{ type: 'text', text: 'all done' }],
  ]);
  write(dir, 'scenario.json', {
    id: 'L03-cwdchanged-at-session-end',
    kind: 'lifetime',
    prompt: 'go',
    flags: ['--allowedTools', 'Bash'],
    files: { 'sub/.keep': '' },
    // A run that outlives the session (the catch-all hookwire init writes) records after the host exits:
    // whether the hook ran and how it ended are compared, not whether the host's exit came after it.
    post: 'sleep 3',
    awaitedNotCompared: true,
    timeout_s: 120,
    events: ['CwdChanged'],
  });
}

/** The compound-command scenarios (compat/scenarios/K*): a denying `if: "Bash(rm *)"` hook, one command. */
export function generateCompound(out) {
  return Object.entries(compoundScenarios).map(([id, command]) => {
    const dir = join(out, id);
    write(dir, 'settings.json', {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(rm *)', command: '@@HOOKS@@/deny.sh' }] },
        ],
      },
    });
    write(
      dir,
      'hooks/deny.sh',
      `#!/bin/bash\nIN=$(cat); printf '%s' "$IN" | @@BIN@@/logstdin deny\nprintf '%s' '${JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'MK_DENY no rm',
        },
      })}'\n`,
      0o755,
    );
    write(dir, 'script.json', [
      [
        { type: 'text', text: 'running' },
        toolUse(0, 'compound', { tool: 'Bash', input: { command, description: id } }),
      ],
      [{ type: 'text', text: 'all done' }],
    ]);
    write(dir, 'scenario.json', {
      id,
      prompt: 'go',
      flags: ['--allowedTools', 'Bash'],
      files: { victim: 'still here\n' },
      post: 'test -e proj/victim && echo victim-kept || echo victim-removed',
      timeout_s: 120,
    });
    return dir;
  });
}

/** Writes every scenario under `out`; returns their directories. */
export function generate(out) {
  const dirs = [];
  for (const suite of suites) {
    rulesScenario(join(out, suite.id), suite);
    dirs.push(join(out, suite.id));
  }
  for (const [id, body] of Object.entries(outputCases)) {
    outputScenario(join(out, id), id, body);
    dirs.push(join(out, id));
  }
  lifetimeScenario(join(out, 'L01-event-lifetimes'));
  dirs.push(join(out, 'L01-event-lifetimes'));
  lateAnswersScenario(join(out, 'L02-late-answers'));
  dirs.push(join(out, 'L02-late-answers'));
  cwdAtEndScenario(join(out, 'L03-cwdchanged-at-session-end'));
  dirs.push(join(out, 'L03-cwdchanged-at-session-end'));
  return dirs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if (!first) throw new Error('usage: node generate.mjs OUT_DIR | --compound OUT_DIR');
  for (const dir of first === '--compound' ? generateCompound(second) : generate(first)) console.log(dir);
}
