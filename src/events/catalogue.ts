import { deepAgentsCatalogue } from './deepagents-catalogue.js';
import type { EventName } from './event-names.js';
import type { EventSpec } from './event-spec.js';
import { optional, PROTOCOL_TIMEOUTS, required } from './field.js';
import { handlerTypesIn } from './handler-types.js';
import { NOTIFICATION_SEMANTICS } from './notification-semantics.js';

/*
 * The event catalogue: the one source of truth about events. Facts come from `protocol-reference.md`, then
 * `claude-code-behaviour.md`, then Claude Code's public hook documentation; where all three are silent the
 * row says what hookwire chose, and docs/protocol.md lists those choices.
 */

// Which types each kind of event runs is a fact of the handler-type table; rows only say their kind.
const ALL_HANDLERS = handlerTypesIn('all');
/** Events on which Claude Code does not run model-based (prompt, agent) hooks. */
const NO_MODEL_HANDLERS = handlerTypesIn('no-model');
/** SessionStart and Setup accept no http hooks (a network call before the session exists). */
const LOCAL_HANDLERS = handlerTypesIn('local');

const TOOL_NAME = { field: 'tool_name' } as const;

const toolCall = {
  tool_name: required('string', 'The tool’s name, for example `Bash`, `Edit` or `mcp__server__tool`.'),
  tool_input: required('object', 'The tool’s arguments.'),
  tool_use_id: required('string', 'Identifies the tool call.'),
};

const task = {
  task_id: required('string', 'Identifies the task.'),
  task_subject: required('string', 'The task’s title.'),
  task_description: optional('string', 'The task’s description.'),
  teammate_name: optional('string', 'The teammate that owns the task.'),
  team_name: optional('string', 'The team.'),
};

/** Shared by every notification-only protocol event: run the hooks, ignore what they say. */
const notification = {
  family: 'protocol',
  ...NOTIFICATION_SEMANTICS,
  handlers: NO_MODEL_HANDLERS,
  timeouts: PROTOCOL_TIMEOUTS,
} as const;

/** Shared by Gemini CLI's model events: no matcher, no model-based hooks (they would call the model again). */
const geminiModelEvent = {
  family: 'gemini',
  matcher: null,
  decisions: [],
  plainStdout: 'ignored',
  notificationOnly: false,
  blockContinues: null,
  handlers: NO_MODEL_HANDLERS,
  timeouts: PROTOCOL_TIMEOUTS,
} as const;

const geminiRequest = required(
  'object',
  'The model request in Gemini CLI’s stable shape: `model`, `messages` (`role`, `content`), `config`, `toolConfig`.',
);

/*
 * The model switches' payload, as observed in Claude Code 2.1.328: neither the protocol reference nor Claude
 * Code's documentation names these fields, so every one is optional (a later version may drop or rename it).
 */
const modelSwitch = {
  from_model: optional('string', 'The model in use before the switch (observed, not documented).'),
  to_model: optional('string', 'The model switched to (observed, not documented).'),
  requested_model: optional(
    'string',
    'The model as the user or setting asked for it (observed, not documented).',
  ),
  source: optional('string', 'What asked for the switch; the matcher’s subject (observed, not documented).'),
  context_tokens: optional('number', 'Tokens in the context at the switch (observed, not documented).'),
  prompt_cache_warm: optional('boolean', 'Whether the prompt cache is warm (observed, not documented).'),
  cache_ttl: optional('string', 'The prompt cache’s time to live (observed, not documented).'),
  estimated_cache_write_usd: optional(
    'number',
    'Estimated cost of rewriting the prompt cache for the new model, in US dollars (observed, not documented).',
  ),
  pricing: optional(
    'string',
    'Where the prices come from, for example `catalog` (observed in 2.1.328 as a string, not documented).',
  ),
};

/**
 * Every event hookwire knows: the protocol's and Claude Code's rows here, Deep Agents' in
 * `deepagents-catalogue.ts`. A name in `event-names.ts` without a row fails to compile.
 */
const rows = {
  PreToolUse: {
    family: 'protocol',
    description: 'Before a tool executes; can allow, deny, ask, defer, or rewrite the tool input.',
    matcher: TOOL_NAME,
    input: toolCall,
    decisions: ['allow', 'deny', 'ask', 'defer'],
    block: { decision: 'deny', effect: 'The tool call is denied; the reason goes to the model.' },
    legacyDecision: true,
    specificOutput: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
    awaitsAsyncRewake: true,
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    modelBlockEndsTurn: true,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PostToolUse: {
    family: 'protocol',
    description: 'After a tool succeeded; can send feedback to the model or add context.',
    matcher: TOOL_NAME,
    input: {
      ...toolCall,
      tool_response: required('any', 'What the tool returned.'),
      duration_ms: optional('number', 'How long the tool ran.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The tool already ran; the reason is sent to the model.' },
    legacyDecision: true,
    specificOutput: ['additionalContext', 'updatedToolOutput'],
    holdsTools: { maxTimeoutSeconds: 30 },
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PostToolUseFailure: {
    family: 'protocol',
    description: 'After a tool failed; can add context for the model.',
    matcher: TOOL_NAME,
    input: {
      ...toolCall,
      error: required('string', 'The tool’s error.'),
      is_interrupt: optional('boolean', 'Whether the user interrupted the tool.'),
      duration_ms: optional('number', 'How long the tool ran.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The tool already failed; stderr is sent to the model.' },
    legacyDecision: true,
    specificOutput: ['additionalContext'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  SubagentStart: {
    family: 'protocol',
    description: 'When a subagent starts; can add context for the subagent.',
    matcher: { field: 'agent_type' },
    input: {
      agent_id: required('string', 'Identifies the subagent.'),
      agent_type: required('string', 'The subagent’s type, for example `Explore`.'),
    },
    decisions: [],
    block: null,
    legacyDecision: false,
    specificOutput: ['additionalContext'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  SubagentStop: {
    family: 'protocol',
    description: 'When a subagent is about to finish; a block makes it continue with the reason.',
    hostAppliesLateAnswer: true,
    matcher: { field: 'agent_type' },
    input: {
      stop_hook_active: required(
        'boolean',
        'True when the subagent already continues because of a Stop hook.',
      ),
      agent_id: required('string', 'Identifies the subagent.'),
      agent_type: required('string', 'The subagent’s type.'),
      agent_transcript_path: optional('string', 'The subagent’s own transcript.'),
      last_assistant_message: optional('string', 'The subagent’s last message.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The subagent continues, with the reason as its next instruction.' },
    legacyDecision: true,
    specificOutput: [],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: 'subagent',
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  Notification: {
    ...notification,
    description: 'A notification is emitted; notification only.',
    matcher: { field: 'notification_type' },
    input: {
      message: required('string', 'The notification text.'),
      title: optional('string', 'The notification title.'),
      notification_type: required('string', 'For example `permission_prompt` or `idle_prompt`.'),
    },
  },
  SessionStart: {
    family: 'protocol',
    description: 'Session initialisation; hooks can add context (plain stdout or additionalContext).',
    matcher: { field: 'source' },
    input: {
      source: required('string', '`startup`, `resume`, `clear` or `compact`.'),
    },
    decisions: [],
    block: null,
    legacyDecision: false,
    specificOutput: ['additionalContext', 'watchPaths'],
    plainStdout: 'context',
    notificationOnly: false,
    envFile: true,
    startsSession: true,
    blockContinues: null,
    handlers: LOCAL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  SessionEnd: {
    ...notification,
    description: 'Session shutdown; notification only.',
    matcher: { field: 'reason' },
    endsSession: true,
    input: { reason: required('string', 'For example `clear`, `logout`, `prompt_input_exit` or `other`.') },
  },
  PreCompact: {
    family: 'protocol',
    description: 'Before context compaction; a block stops the compaction.',
    matcher: { field: 'trigger' },
    input: {
      trigger: required('string', '`manual` or `auto`.'),
      custom_instructions: optional('string', 'Instructions given to /compact.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The compaction does not happen.' },
    legacyDecision: true,
    specificOutput: [],
    plainStdout: 'compaction-instructions',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PostCompact: {
    ...notification,
    description: 'After context compaction; notification only.',
    matcher: { field: 'trigger' },
    input: {
      trigger: required('string', '`manual` or `auto`.'),
      compact_summary: optional('string', 'The summary that replaced the context.'),
    },
  },
  Stop: {
    family: 'protocol',
    description: 'The assistant is about to stop; a block makes it continue with the reason.',
    matcher: null,
    input: {
      stop_hook_active: required('boolean', 'True when the agent already continues because of a Stop hook.'),
      last_assistant_message: optional('string', 'The assistant’s last message.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The agent continues, with the reason as its next instruction.' },
    legacyDecision: true,
    specificOutput: [],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: 'agent',
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  QueryEnd: {
    ...notification,
    description: 'A query completes; notification only (in the protocol reference, not in Claude Code).',
    matcher: null,
    input: {},
  },
  UserPromptSubmit: {
    family: 'protocol',
    description: 'Before a submitted prompt is processed; can block it or add context.',
    matcher: null,
    input: { prompt: required('string', 'The prompt as the user typed it.') },
    decisions: [],
    block: { decision: 'block', effect: 'The prompt is erased; the reason is shown to the user.' },
    legacyDecision: true,
    specificOutput: ['additionalContext'],
    holdsTools: { maxTimeoutSeconds: 30 },
    plainStdout: 'context',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  ConfigChange: {
    family: 'protocol',
    description: 'A configuration change is being processed; a block keeps it from applying.',
    matcher: { field: 'source' },
    input: {
      source: required(
        'string',
        'Which settings changed, for example `user_settings` or `project_settings`.',
      ),
      file_path: optional('string', 'The changed file.'),
    },
    decisions: [],
    block: {
      decision: 'block',
      effect: 'The new settings do not apply (policy settings cannot be blocked).',
    },
    legacyDecision: true,
    specificOutput: [],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  StopFailure: {
    ...notification,
    description: 'An error stops the agent; notification only.',
    hostDoesNotWait: true,
    matcher: { field: 'error' },
    input: {
      error: required('string', 'The error type, for example `rate_limit` or `server_error`.'),
      error_details: optional('string', 'More about the error.'),
      last_assistant_message: optional('string', 'The assistant’s last message.'),
    },
  },
  TeammateIdle: {
    family: 'protocol',
    description: 'A teammate is about to go idle; a block keeps it working.',
    matcher: null,
    input: {
      teammate_name: required('string', 'The teammate.'),
      team_name: required('string', 'The team.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The teammate keeps working, with the reason as feedback.' },
    legacyDecision: false,
    specificOutput: [],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  InstructionsLoaded: {
    ...notification,
    description: 'Instruction files load; notification only.',
    hostDoesNotWait: true,
    matcher: { field: 'load_reason' },
    input: {
      file_path: required('string', 'The instruction file.'),
      memory_type: required('string', 'For example `Project` or `User`.'),
      load_reason: required('string', 'For example `session_start` or `nested_traversal`.'),
      globs: optional('string[]', 'Path globs of a conditional rule.'),
      trigger_file_path: optional('string', 'The file whose access loaded it.'),
      parent_file_path: optional('string', 'The file that included it.'),
    },
  },
  CwdChanged: {
    family: 'protocol',
    description: 'The working directory changed; hooks can replace the watched paths.',
    hostAppliesLateAnswer: true,
    matcher: null,
    input: {
      old_cwd: required('string', 'The previous directory.'),
      new_cwd: required('string', 'The new directory.'),
    },
    decisions: [],
    block: null,
    legacyDecision: false,
    specificOutput: ['watchPaths'],
    plainStdout: 'ignored',
    notificationOnly: false,
    envFile: true,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  FileChanged: {
    family: 'protocol',
    description: 'A watched file changed; the matcher is tested against its basename.',
    hostAppliesLateAnswer: true,
    matcher: { field: 'file_path', basename: true },
    input: {
      file_path: required('string', 'The changed file.'),
      event: required('string', '`change`, `add` or `unlink`.'),
    },
    decisions: [],
    block: null,
    legacyDecision: false,
    specificOutput: ['watchPaths'],
    plainStdout: 'ignored',
    notificationOnly: false,
    envFile: true,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  WorktreeCreate: {
    family: 'protocol',
    description: 'Create a worktree; the hook returns its path. Any failure fails the creation.',
    matcher: null,
    input: { name: required('string', 'The worktree’s name.') },
    decisions: [],
    block: { decision: 'block', effect: 'The worktree is not created.' },
    legacyDecision: false,
    specificOutput: ['worktreePath'],
    plainStdout: 'worktree-path',
    notificationOnly: false,
    anyFailureBlocks: true,
    blockContinues: null,
    answersWorktreePath: true,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  WorktreeRemove: {
    ...notification,
    description: 'Remove a worktree; notification only.',
    matcher: null,
    input: { worktree_path: required('string', 'The worktree to remove.') },
  },
  Elicitation: {
    family: 'protocol',
    description: 'An MCP server asks the user for input; hooks can answer for the user.',
    matcher: { field: 'mcp_server_name' },
    input: {
      mcp_server_name: required('string', 'The MCP server.'),
      message: required('string', 'What the server asks.'),
      mode: optional('string', '`form` or `url`.'),
      url: optional('string', 'The URL of a `url` elicitation.'),
      elicitation_id: optional('string', 'Identifies the elicitation.'),
      requested_schema: optional('object', 'The JSON Schema of the requested content.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The elicitation is declined.' },
    legacyDecision: false,
    specificOutput: ['action', 'content'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  ElicitationResult: {
    family: 'protocol',
    description: 'After the user answered an elicitation; hooks can override the answer.',
    matcher: { field: 'mcp_server_name' },
    input: {
      mcp_server_name: required('string', 'The MCP server.'),
      action: required('string', '`accept`, `decline` or `cancel`.'),
      content: optional('object', 'The submitted content.'),
      mode: optional('string', '`form` or `url`.'),
      elicitation_id: optional('string', 'Identifies the elicitation.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The answer becomes a decline.' },
    legacyDecision: false,
    specificOutput: ['action', 'content'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  TaskCreated: {
    family: 'protocol',
    description: 'A task is being created; a block refuses it.',
    matcher: null,
    input: task,
    decisions: [],
    block: { decision: 'block', effect: 'The task is not created; the reason goes to the model.' },
    legacyDecision: true,
    specificOutput: [],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  TaskCompleted: {
    family: 'protocol',
    description: 'A task is being marked complete; a block refuses it.',
    matcher: null,
    input: task,
    decisions: [],
    block: { decision: 'block', effect: 'The task stays open; the reason goes to the model.' },
    legacyDecision: true,
    specificOutput: [],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PermissionRequest: {
    family: 'protocol',
    description: 'A tool needs a permission decision; hooks can allow or deny for the user.',
    matcher: TOOL_NAME,
    input: {
      tool_name: toolCall.tool_name,
      tool_input: toolCall.tool_input,
      permission_suggestions: optional('array', 'The “always allow” options the user would be offered.'),
    },
    decisions: ['allow', 'deny'],
    block: { decision: 'deny', effect: 'The permission is denied; the message goes to the model.' },
    legacyDecision: false,
    specificOutput: ['decision'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PermissionDenied: {
    family: 'protocol',
    description: 'A tool call was denied by the permission system; hooks can let the model retry.',
    matcher: TOOL_NAME,
    input: { ...toolCall, reason: required('string', 'Why the call was denied.') },
    decisions: [],
    block: null,
    legacyDecision: false,
    specificOutput: ['retry'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  Setup: {
    family: 'claude-code',
    description: 'Repository setup (`--init`, `--maintenance`); hooks can add context.',
    matcher: { field: 'trigger' },
    input: { trigger: required('string', '`init` or `maintenance`.') },
    decisions: [],
    block: null,
    legacyDecision: false,
    specificOutput: ['additionalContext'],
    plainStdout: 'ignored',
    notificationOnly: false,
    envFile: true,
    blockContinues: null,
    handlers: LOCAL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  UserPromptExpansion: {
    family: 'claude-code',
    description: 'A slash command is about to expand into a prompt; can block it or add context.',
    matcher: { field: 'command_name' },
    input: {
      expansion_type: required('string', 'For example `slash_command`.'),
      command_name: required('string', 'The command being expanded.'),
      command_args: optional('string', 'Its arguments.'),
      command_source: optional('string', 'Where the command is defined.'),
      prompt: required('string', 'The prompt as typed.'),
    },
    decisions: [],
    block: { decision: 'block', effect: 'The expansion does not happen; the reason is shown to the user.' },
    legacyDecision: true,
    specificOutput: ['additionalContext'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PreSkillShellCommand: {
    family: 'claude-code',
    description:
      'Before the inline shell command (`` !`...` ``) of a skill or slash command runs (Claude Code 2.1.332); can keep it from running.',
    matcher: TOOL_NAME,
    input: {
      tool_name: required('string', 'The shell tool that would run it: `Bash` or `PowerShell`.'),
      tool_input: required('object', 'The command, as `tool_input.command`.'),
      tool_use_id: required('string', 'Identifies the run; names no call in the transcript.'),
      command_name: required('string', 'The skill or slash command whose shell command this is.'),
      command_source: optional('string', 'Where that command is defined.'),
      invoked_by: required('string', 'Who invoked the command: `user`, `claude` or `other`.'),
    },
    // allow adds nothing; deny, ask and defer all keep the command from running (2.1.332 binary).
    decisions: ['allow', 'deny', 'ask', 'defer'],
    block: {
      decision: 'deny',
      effect: 'The shell command does not run; the reason goes to the model and the user.',
    },
    legacyDecision: true,
    specificOutput: ['permissionDecision', 'permissionDecisionReason', 'updatedInput'],
    updatedInputRefuses: true,
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: NO_MODEL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  PostToolBatch: {
    family: 'claude-code',
    description: 'After a batch of parallel tool calls finished; can send feedback or add context.',
    matcher: null,
    input: { tool_calls: required('array', 'The calls of the batch, with their inputs and responses.') },
    decisions: [],
    block: { decision: 'block', effect: 'The reason is sent to the model before its next step.' },
    legacyDecision: true,
    specificOutput: ['additionalContext'],
    plainStdout: 'ignored',
    notificationOnly: false,
    blockContinues: null,
    handlers: ALL_HANDLERS,
    timeouts: PROTOCOL_TIMEOUTS,
  },
  MessageDisplay: {
    ...notification,
    family: 'claude-code',
    description: 'A message is displayed to the user; notification only (hookwire’s reading: undocumented).',
    matcher: null,
    input: {},
  },
  PreModelSwitch: {
    ...notification,
    family: 'claude-code',
    description:
      'Before the model changes; notification only (observed in Claude Code 2.1.328, not documented; matcher subject: hookwire’s reading).',
    matcher: { field: 'source' },
    input: modelSwitch,
  },
  PostModelSwitch: {
    ...notification,
    family: 'claude-code',
    description:
      'After the model changed; notification only (observed in Claude Code 2.1.328, not documented; matcher subject: hookwire’s reading).',
    matcher: { field: 'source' },
    input: modelSwitch,
  },
  DirectoryAdded: {
    ...notification,
    family: 'claude-code',
    description:
      'A working directory was added to the session; notification only (observed in Claude Code 2.1.328, not documented).',
    matcher: null,
    input: {
      directory: optional('string', 'The added directory (hookwire’s guess: the payload was not recorded).'),
    },
  },
  BeforeModel: {
    ...geminiModelEvent,
    description:
      'Gemini CLI: before a request goes to the model; can block the turn, change the request (`llm_request`) or answer in the model’s place (`llm_response`).',
    input: { llm_request: geminiRequest },
    block: { decision: 'block', effect: 'The model is not called and the turn ends; the reason is shown.' },
    legacyDecision: true,
    specificOutput: ['llm_request', 'llm_response'],
  },
  AfterModel: {
    ...geminiModelEvent,
    description:
      'Gemini CLI: after each chunk of the model’s response; can block the turn or replace the chunk (`llm_response`).',
    input: {
      llm_request: geminiRequest,
      llm_response: required(
        'object',
        'The response chunk: `candidates` (`content.parts`, `finishReason`), `usageMetadata`.',
      ),
    },
    block: { decision: 'block', effect: 'The chunk is discarded and the turn ends; the reason is shown.' },
    legacyDecision: true,
    specificOutput: ['llm_response'],
  },
  BeforeToolSelection: {
    ...geminiModelEvent,
    description:
      'Gemini CLI: before the model chooses its tools; can narrow them (`toolConfig`: `mode`, `allowedFunctionNames`). Cannot block.',
    input: { llm_request: geminiRequest },
    block: null,
    legacyDecision: false,
    specificOutput: ['toolConfig'],
  },
  UserPromptTransformed: {
    ...notification,
    family: 'copilot',
    description:
      'GitHub Copilot CLI (`userPromptTransformed`): the prompt once Copilot added its own context, before the model reads it; notification only (Copilot’s `modifiedTransformedPrompt` is not answered).',
    matcher: null,
    input: {
      prompt: required('string', 'The prompt as the user wrote it.'),
      transformed_prompt: required('string', 'The prompt as the model will read it.'),
    },
  },
  ErrorOccurred: {
    ...notification,
    family: 'copilot',
    description:
      'GitHub Copilot CLI (`errorOccurred`): an error in a model call, a tool, the system or the user’s input; notification only.',
    matcher: null,
    input: {
      error: required('string', 'The error.'),
      error_context: optional('string', '`model_call`, `tool_execution`, `system` or `user_input`.'),
      recoverable: optional('boolean', 'Whether Copilot can go on.'),
    },
  },
  SessionDelete: {
    ...notification,
    family: 'qwen',
    description:
      'Qwen Code: a saved session was deleted; notification only (not triggered by hookwire’s scenarios).',
    matcher: null,
    input: {},
  },
  TodoCreated: {
    ...notification,
    family: 'qwen',
    description:
      'Qwen Code: an item was added to the todo list; notification only (not triggered by hookwire’s scenarios).',
    matcher: null,
    input: {},
  },
  TodoCompleted: {
    ...notification,
    family: 'qwen',
    description:
      'Qwen Code: an item of the todo list was completed; notification only (not triggered by hookwire’s scenarios).',
    matcher: null,
    input: {},
  },
  ...deepAgentsCatalogue,
} as const satisfies Record<EventName, EventSpec>;

/**
 * The rows, read as `EventSpec`s: a one-event fact such as `answersWorktreePath` is written only on its
 * row, and reads `undefined` on the others.
 */
export const catalogue: Readonly<Record<EventName, EventSpec>> = rows;
