// The differential corpus: Claude Code's rule language and protocol edges as data. Each suite becomes one
// scenario of the shared harness's shape (generate.mjs), or one per case where a case changes the flow
// (a deny ends the tool call). Rules × subjects suites are batched: every rule is a hook that only records
// that it ran, and the stand-in model makes one tool call per subject, so one run of the CLI answers the
// whole table.

/** `if` rules on Bash, against plain and compound commands (issue: compound commands). */
const commands = {
  plain: 'rm -rf v-plain',
  and: 'ls >/dev/null && rm -rf v-and',
  or: 'false || rm -rf v-or',
  semicolon: 'ls >/dev/null; rm -rf v-semicolon',
  newline: 'ls >/dev/null\nrm -rf v-newline',
  pipe: 'echo x | rm -rf v-pipe',
  envPrefix: 'FOO=1 rm -rf v-env',
  commandSubstitution: 'echo $(rm -rf v-subst)',
  quotedSubstitution: 'echo "$(rm -rf v-qsubst)"',
  backticks: 'echo `rm -rf v-backtick`',
  subshell: '(rm -rf v-subshell)',
  braceGroup: '{ rm -rf v-brace; }',
  ifBody: 'if true; then rm -rf v-if; fi',
  processSubstitution: 'cat <(rm -rf v-procsub)',
  sudo: 'sudo rm -rf v-sudo',
  absolutePath: '/bin/rm -rf v-abs',
  env: 'env rm -rf v-envcmd',
  command: 'command rm -rf v-command',
  timeout: 'timeout 5 rm -rf v-timeout',
  nice: 'nice rm -rf v-nice',
  bashC: "bash -c 'rm -rf v-bashc'",
  xargs: 'echo v-xargs | xargs rm -rf',
  leadingSpaces: '   rm -rf v-spaces',
  negated: '! rm -rf v-negated',
  background: 'rm -rf v-bg & wait',
  quotedName: "'rm' -rf v-quoted",
  escapedName: '\\rm -rf v-escaped',
  rmNoArgs: 'rm',
  notRm: 'ls -la',
  rmInArgument: 'echo rm -rf v-arg',
};

/** Paths of a project file in every anchoring form Claude Code's permission rules know. */
const fileRuleForms = (tool) => ({
  [`${tool}-slash`]: `${tool}(/src/**)`,
  [`${tool}-slash-file`]: `${tool}(/src/a.txt)`,
  [`${tool}-doubleslash`]: `${tool}(/@@PROJ@@/src/**)`,
  [`${tool}-home`]: `${tool}(~/notes/**)`,
  [`${tool}-dot`]: `${tool}(./src/**)`,
  [`${tool}-bare`]: `${tool}(src/**)`,
  [`${tool}-bare-file`]: `${tool}(src/a.txt)`,
  [`${tool}-ext`]: `${tool}(*.txt)`,
  [`${tool}-anydir`]: `${tool}(**/a.txt)`,
  [`${tool}-star`]: `${tool}(*)`,
  [`${tool}-name`]: tool,
});

export const suites = [
  {
    id: 'G01-if-bash-compound',
    kind: 'rules',
    description: '`if` rules on Bash against plain and compound commands',
    flags: ['--allowedTools', 'Bash'],
    rules: {
      'rm-space': { if: 'Bash(rm *)' },
      'rm-colon': { if: 'Bash(rm:*)' },
      'binrm-space': { if: 'Bash(/bin/rm *)' },
      'echo-space': { if: 'Bash(echo *)' },
      'bash-any': { if: 'Bash(*)' },
    },
    subjects: Object.fromEntries(
      Object.entries(commands).map(([id, command]) => [
        id,
        { tool: 'Bash', input: { command, description: id } },
      ]),
    ),
  },
  {
    id: 'G02-if-file-anchoring',
    kind: 'rules',
    description: '`if` path rules in every anchoring form, for Read, Edit, Write, Grep and Glob',
    flags: ['--allowedTools', 'Read', 'Edit', 'Write', 'Grep', 'Glob'],
    env: { HOME: '@@RUN@@/home' },
    setup:
      'mkdir -p @@RUN@@/home/notes src && printf one > src/a.txt && printf note > @@RUN@@/home/notes/n.txt',
    rules: {
      ...fileRuleForms('Read'),
      ...fileRuleForms('Edit'),
      ...fileRuleForms('Write'),
      'Grep-slash': 'Grep(/src/**)',
      'Grep-name': 'Grep',
      'Glob-slash': 'Glob(/src/**)',
      'Glob-name': 'Glob',
    },
    subjects: {
      readProject: { tool: 'Read', input: { file_path: '@@PROJ@@/src/a.txt' } },
      readHome: { tool: 'Read', input: { file_path: '@@RUN@@/home/notes/n.txt' } },
      editProject: {
        tool: 'Edit',
        input: { file_path: '@@PROJ@@/src/a.txt', old_string: 'one', new_string: 'two' },
      },
      writeProject: { tool: 'Write', input: { file_path: '@@PROJ@@/src/b.txt', content: 'b' } },
      writeProjectRoot: { tool: 'Write', input: { file_path: '@@PROJ@@/top.txt', content: 't' } },
      grepProject: { tool: 'Grep', input: { pattern: 'one', path: '@@PROJ@@/src' } },
      globProject: { tool: 'Glob', input: { pattern: '*.txt', path: '@@PROJ@@/src' } },
    },
  },
  {
    id: 'G03-if-webfetch',
    kind: 'rules',
    description: 'WebFetch rules: the tool, domains, URLs',
    flags: ['--allowedTools', 'WebFetch'],
    rules: {
      name: 'WebFetch',
      star: 'WebFetch(*)',
      domain: 'WebFetch(domain:example.com)',
      'domain-wild': 'WebFetch(domain:*.example.com)',
      url: 'WebFetch(https://example.com/*)',
      'url-exact': 'WebFetch(https://example.com/docs)',
      bare: 'WebFetch(example.com)',
    },
    subjects: {
      apex: { tool: 'WebFetch', input: { url: 'https://example.com/docs', prompt: 'summarise' } },
      subdomain: { tool: 'WebFetch', input: { url: 'https://api.example.com/x', prompt: 'summarise' } },
    },
  },
  {
    id: 'G04-if-mcp-names',
    kind: 'rules',
    description: 'MCP tool names in `if` rules and matchers',
    flags: ['--allowedTools', 'mcp__guards__guard', '--mcp-config', '@@RUN@@/mcp.json'],
    setup:
      'printf \'{"mcpServers":{"guards":{"command":"node","args":["@@HOOKS@@/guard-server.mjs"]}}}\' > @@RUN@@/mcp.json',
    // M01's stdio MCP guard server, the one the hand-written scenario runs.
    extraHooks: ['scenarios/M01-mcp-tool-guard-deny/hooks/guard-server.mjs'],
    rules: {
      'if-full': 'mcp__guards__guard',
      'if-glob': 'mcp__guards__*',
      'if-server': 'mcp__guards',
      'if-regex': 'mcp__guards__.*',
      'if-args': 'mcp__guards__guard(*)',
      'matcher-full': { matcher: 'mcp__guards__guard' },
      'matcher-regex': { matcher: 'mcp__guards__.*' },
      'matcher-server': { matcher: 'mcp__guards' },
      'matcher-glob': { matcher: 'mcp__guards__*' },
    },
    subjects: {
      guard: { tool: 'mcp__guards__guard', input: { command: 'ls' } },
    },
  },
  {
    id: 'G05-legacy-tool-names',
    kind: 'rules',
    description: 'Legacy tool names (Task, KillShell, KillBash) in matchers and `if` rules',
    flags: ['--allowedTools', 'Agent', 'TaskStop', 'Bash'],
    subMarker: 'SUBAGENT_MARK',
    rules: {
      'matcher-Task': { matcher: 'Task' },
      'matcher-Tas.*': { matcher: 'Tas.*' },
      'matcher-Task|Nothing': { matcher: 'Task|Nothing' },
      'matcher-Agent': { matcher: 'Agent' },
      'matcher-KillShell': { matcher: 'KillShell' },
      'matcher-KillBash': { matcher: 'KillBash' },
      'matcher-TaskStop': { matcher: 'TaskStop' },
      'if-Task': 'Task',
      'if-Task(*)': 'Task(*)',
      'if-Agent': 'Agent',
      'if-KillShell': 'KillShell',
      'if-TaskStop': 'TaskStop',
    },
    subjects: {
      agent: {
        tool: 'Agent',
        input: {
          description: 'probe',
          prompt: 'SUBAGENT_MARK answer done',
          subagent_type: 'general-purpose',
        },
      },
      taskStop: { tool: 'TaskStop', input: { task_id: 'no-such-task' } },
    },
  },
];

/** Hook output shapes and sizes, exit codes: one scenario each (a deny changes the flow). */
const pad = (bytes) => `head -c ${bytes} /dev/zero | tr '\\0' x`;
const deny = (reason) =>
  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}`;
export const outputCases = {
  'O01-3mb-json-deny-at-end': `printf '{"pad":"'; ${pad(3_000_000)}; printf '%s' '",${deny('MK_DENY big').slice(1)}'`,
  'O02-12mb-json-deny-at-end': `printf '{"pad":"'; ${pad(12_000_000)}; printf '%s' '",${deny('MK_DENY huge').slice(1)}'`,
  'O03-3mb-whitespace-then-deny': `${pad(3_000_000)} | tr x ' '; printf '%s' '${deny('MK_DENY ws')}'`,
  'O04-two-json-objects': `printf '%s\\n%s\\n' '{}' '${deny('MK_DENY second')}'`,
  'O05-two-json-objects-deny-first': `printf '%s\\n%s\\n' '${deny('MK_DENY first')}' '{}'`,
  'O06-json-deny-exit1': `printf '%s' '${deny('MK_DENY exit1')}'; exit 1`,
  'O07-json-deny-exit3': `printf '%s' '${deny('MK_DENY exit3')}'; exit 3`,
  'O08-exit2-3mb-stderr': `printf MK_STDERR >&2; ${pad(3_000_000)} >&2; exit 2`,
  'O09-json-deny-then-text': `printf '%s\\ntrailing text\\n' '${deny('MK_DENY trailing')}'`,
};

/**
 * Every event the stand-in can make Claude Code fire in one headless session, each given a hook that takes
 * a second (six for `slowEvents`) and records its start, a SIGTERM and its end: which events the host
 * waits for, and what it does to the hooks of those it does not.
 */
export const lifetimeEvents = [
  'SessionStart',
  'InstructionsLoaded',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'CwdChanged',
  'FileChanged',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Notification',
  'Stop',
  'QueryEnd',
  'SessionEnd',
];

/** Events whose hooks take six seconds: those that fire beside another event's hooks, or at the end. */
export const slowEvents = [
  'CwdChanged',
  'FileChanged',
  'SubagentStop',
  'InstructionsLoaded',
  'SessionEnd',
  'Stop',
];

/**
 * One committed scenario per compound form (compat/scenarios/K*): `if: "Bash(rm *)"` on a hook that denies,
 * one Bash call; natively the hook runs and the tool does not (or, for the forms Claude Code does not look
 * through, the tool runs and removes `victim`).
 */
export const compoundScenarios = {
  'K01-if-compound-and': 'ls >/dev/null && rm -rf victim',
  'K02-if-compound-semicolon': 'ls >/dev/null; rm -rf victim',
  'K03-if-compound-newline': 'ls >/dev/null\nrm -rf victim',
  'K04-if-compound-env-prefix': 'FOO=1 rm -rf victim',
  'K05-if-compound-command-substitution': 'echo $(rm -rf victim)',
  'K06-if-compound-pipe': 'echo x | rm -rf victim',
  'K07-if-compound-sudo': 'sudo rm -rf victim',
  'K08-if-compound-bin-rm': '/bin/rm -rf victim',
  'K09-if-compound-backticks': 'echo `rm -rf victim`',
  'K10-if-compound-subshell': '(rm -rf victim)',
};
