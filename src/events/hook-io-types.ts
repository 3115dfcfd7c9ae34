/*
 * Generated from the event catalogue by `npm run generate` (scripts/render-hook-types.ts); do not edit.
 * One entry per event: the payload a hook receives on stdin (schema/hooks/<event>.input.schema.json) and
 * what a hook may answer (schema/hooks/<event>.output.schema.json). Use them through `HookInput<E>` and
 * `HookOutput<E>` (src/events/hook-io.ts).
 */

/** The JSON object a hook receives on stdin, by event. Hosts add fields of their own. */
export interface HookInputs {
  /** The JSON object a hook receives on stdin for PreToolUse: Before a tool executes; can allow, deny, ask, defer, or rewrite the tool input. */
  PreToolUse: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PreToolUse';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The tool’s name, for example `Bash`, `Edit` or `mcp__server__tool`. */
    tool_name: string;
    /** The tool’s arguments. */
    tool_input: Record<string, unknown>;
    /** Identifies the tool call. */
    tool_use_id: string;
  };
  /** The JSON object a hook receives on stdin for PostToolUse: After a tool succeeded; can send feedback to the model or add context. */
  PostToolUse: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PostToolUse';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The tool’s name, for example `Bash`, `Edit` or `mcp__server__tool`. */
    tool_name: string;
    /** The tool’s arguments. */
    tool_input: Record<string, unknown>;
    /** Identifies the tool call. */
    tool_use_id: string;
    /** What the tool returned. */
    tool_response: unknown;
    /** How long the tool ran. */
    duration_ms?: number;
  };
  /** The JSON object a hook receives on stdin for PostToolUseFailure: After a tool failed; can add context for the model. */
  PostToolUseFailure: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PostToolUseFailure';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The tool’s name, for example `Bash`, `Edit` or `mcp__server__tool`. */
    tool_name: string;
    /** The tool’s arguments. */
    tool_input: Record<string, unknown>;
    /** Identifies the tool call. */
    tool_use_id: string;
    /** The tool’s error. */
    error: string;
    /** Whether the user interrupted the tool. */
    is_interrupt?: boolean;
    /** How long the tool ran. */
    duration_ms?: number;
  };
  /** The JSON object a hook receives on stdin for SubagentStart: When a subagent starts; can add context for the subagent. */
  SubagentStart: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'SubagentStart';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Identifies the subagent. */
    agent_id: string;
    /** The subagent’s type, for example `Explore`. */
    agent_type: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
  };
  /** The JSON object a hook receives on stdin for SubagentStop: When a subagent is about to finish; a block makes it continue with the reason. */
  SubagentStop: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'SubagentStop';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Identifies the subagent. */
    agent_id: string;
    /** The subagent’s type. */
    agent_type: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** True when the subagent already continues because of a Stop hook. */
    stop_hook_active: boolean;
    /** The subagent’s own transcript. */
    agent_transcript_path?: string;
    /** The subagent’s last message. */
    last_assistant_message?: string;
  };
  /** The JSON object a hook receives on stdin for Notification: A notification is emitted; notification only. */
  Notification: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'Notification';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The notification text. */
    message: string;
    /** The notification title. */
    title?: string;
    /** For example `permission_prompt` or `idle_prompt`. */
    notification_type: string;
  };
  /** The JSON object a hook receives on stdin for SessionStart: Session initialisation; hooks can add context (plain stdout or additionalContext). */
  SessionStart: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'SessionStart';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** `startup`, `resume`, `clear` or `compact`. */
    source: string;
  };
  /** The JSON object a hook receives on stdin for SessionEnd: Session shutdown; notification only. */
  SessionEnd: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'SessionEnd';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** For example `clear`, `logout`, `prompt_input_exit` or `other`. */
    reason: string;
  };
  /** The JSON object a hook receives on stdin for PreCompact: Before context compaction; a block stops the compaction. */
  PreCompact: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PreCompact';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** `manual` or `auto`. */
    trigger: string;
    /** Instructions given to /compact. */
    custom_instructions?: string;
  };
  /** The JSON object a hook receives on stdin for PostCompact: After context compaction; notification only. */
  PostCompact: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PostCompact';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** `manual` or `auto`. */
    trigger: string;
    /** The summary that replaced the context. */
    compact_summary?: string;
  };
  /** The JSON object a hook receives on stdin for Stop: The assistant is about to stop; a block makes it continue with the reason. */
  Stop: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'Stop';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** True when the agent already continues because of a Stop hook. */
    stop_hook_active: boolean;
    /** The assistant’s last message. */
    last_assistant_message?: string;
  };
  /** The JSON object a hook receives on stdin for QueryEnd: A query completes; notification only (in the protocol reference, not in Claude Code). */
  QueryEnd: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'QueryEnd';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
  };
  /** The JSON object a hook receives on stdin for UserPromptSubmit: Before a submitted prompt is processed; can block it or add context. */
  UserPromptSubmit: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'UserPromptSubmit';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The prompt as the user typed it. */
    prompt: string;
  };
  /** The JSON object a hook receives on stdin for ConfigChange: A configuration change is being processed; a block keeps it from applying. */
  ConfigChange: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'ConfigChange';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** Which settings changed, for example `user_settings` or `project_settings`. */
    source: string;
    /** The changed file. */
    file_path?: string;
  };
  /** The JSON object a hook receives on stdin for StopFailure: An error stops the agent; notification only. */
  StopFailure: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'StopFailure';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The error type, for example `rate_limit` or `server_error`. */
    error: string;
    /** More about the error. */
    error_details?: string;
    /** The assistant’s last message. */
    last_assistant_message?: string;
  };
  /** The JSON object a hook receives on stdin for TeammateIdle: A teammate is about to go idle; a block keeps it working. */
  TeammateIdle: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'TeammateIdle';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The teammate. */
    teammate_name: string;
    /** The team. */
    team_name: string;
  };
  /** The JSON object a hook receives on stdin for InstructionsLoaded: Instruction files load; notification only. */
  InstructionsLoaded: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'InstructionsLoaded';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The instruction file. */
    file_path: string;
    /** For example `Project` or `User`. */
    memory_type: string;
    /** For example `session_start` or `nested_traversal`. */
    load_reason: string;
    /** Path globs of a conditional rule. */
    globs?: string[];
    /** The file whose access loaded it. */
    trigger_file_path?: string;
    /** The file that included it. */
    parent_file_path?: string;
  };
  /** The JSON object a hook receives on stdin for CwdChanged: The working directory changed; hooks can replace the watched paths. */
  CwdChanged: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'CwdChanged';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The previous directory. */
    old_cwd: string;
    /** The new directory. */
    new_cwd: string;
  };
  /** The JSON object a hook receives on stdin for FileChanged: A watched file changed; the matcher is tested against its basename. */
  FileChanged: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'FileChanged';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The changed file. */
    file_path: string;
    /** `change`, `add` or `unlink`. */
    event: string;
  };
  /** The JSON object a hook receives on stdin for WorktreeCreate: Create a worktree; the hook returns its path. Any failure fails the creation. */
  WorktreeCreate: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'WorktreeCreate';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The worktree’s name. */
    name: string;
  };
  /** The JSON object a hook receives on stdin for WorktreeRemove: Remove a worktree; notification only. */
  WorktreeRemove: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'WorktreeRemove';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The worktree to remove. */
    worktree_path: string;
  };
  /** The JSON object a hook receives on stdin for Elicitation: An MCP server asks the user for input; hooks can answer for the user. */
  Elicitation: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'Elicitation';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The MCP server. */
    mcp_server_name: string;
    /** What the server asks. */
    message: string;
    /** `form` or `url`. */
    mode?: string;
    /** The URL of a `url` elicitation. */
    url?: string;
    /** Identifies the elicitation. */
    elicitation_id?: string;
    /** The JSON Schema of the requested content. */
    requested_schema?: Record<string, unknown>;
  };
  /** The JSON object a hook receives on stdin for ElicitationResult: After the user answered an elicitation; hooks can override the answer. */
  ElicitationResult: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'ElicitationResult';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The MCP server. */
    mcp_server_name: string;
    /** `accept`, `decline` or `cancel`. */
    action: string;
    /** The submitted content. */
    content?: Record<string, unknown>;
    /** `form` or `url`. */
    mode?: string;
    /** Identifies the elicitation. */
    elicitation_id?: string;
  };
  /** The JSON object a hook receives on stdin for TaskCreated: A task is being created; a block refuses it. */
  TaskCreated: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'TaskCreated';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** Identifies the task. */
    task_id: string;
    /** The task’s title. */
    task_subject: string;
    /** The task’s description. */
    task_description?: string;
    /** The teammate that owns the task. */
    teammate_name?: string;
    /** The team. */
    team_name?: string;
  };
  /** The JSON object a hook receives on stdin for TaskCompleted: A task is being marked complete; a block refuses it. */
  TaskCompleted: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'TaskCompleted';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** Identifies the task. */
    task_id: string;
    /** The task’s title. */
    task_subject: string;
    /** The task’s description. */
    task_description?: string;
    /** The teammate that owns the task. */
    teammate_name?: string;
    /** The team. */
    team_name?: string;
  };
  /** The JSON object a hook receives on stdin for PermissionRequest: A tool needs a permission decision; hooks can allow or deny for the user. */
  PermissionRequest: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PermissionRequest';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The tool’s name, for example `Bash`, `Edit` or `mcp__server__tool`. */
    tool_name: string;
    /** The tool’s arguments. */
    tool_input: Record<string, unknown>;
    /** The “always allow” options the user would be offered. */
    permission_suggestions?: unknown[];
  };
  /** The JSON object a hook receives on stdin for PermissionDenied: A tool call was denied by the permission system; hooks can let the model retry. */
  PermissionDenied: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PermissionDenied';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The tool’s name, for example `Bash`, `Edit` or `mcp__server__tool`. */
    tool_name: string;
    /** The tool’s arguments. */
    tool_input: Record<string, unknown>;
    /** Identifies the tool call. */
    tool_use_id: string;
    /** Why the call was denied. */
    reason: string;
  };
  /** The JSON object a hook receives on stdin for Setup: Repository setup (`--init`, `--maintenance`); hooks can add context. */
  Setup: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'Setup';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** `init` or `maintenance`. */
    trigger: string;
  };
  /** The JSON object a hook receives on stdin for UserPromptExpansion: A slash command is about to expand into a prompt; can block it or add context. */
  UserPromptExpansion: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'UserPromptExpansion';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** For example `slash_command`. */
    expansion_type: string;
    /** The command being expanded. */
    command_name: string;
    /** Its arguments. */
    command_args?: string;
    /** Where the command is defined. */
    command_source?: string;
    /** The prompt as typed. */
    prompt: string;
  };
  /** The JSON object a hook receives on stdin for PostToolBatch: After a batch of parallel tool calls finished; can send feedback or add context. */
  PostToolBatch: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PostToolBatch';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The calls of the batch, with their inputs and responses. */
    tool_calls: unknown[];
  };
  /** The JSON object a hook receives on stdin for MessageDisplay: A message is displayed to the user; notification only (hookwire’s reading: undocumented). */
  MessageDisplay: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'MessageDisplay';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
  };
  /** The JSON object a hook receives on stdin for PreModelSwitch: Before the model changes; notification only (observed in Claude Code 2.1.328, not documented; matcher subject: hookwire’s reading). */
  PreModelSwitch: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PreModelSwitch';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The model in use before the switch (observed, not documented). */
    from_model?: string;
    /** The model switched to (observed, not documented). */
    to_model?: string;
    /** The model as the user or setting asked for it (observed, not documented). */
    requested_model?: string;
    /** What asked for the switch; the matcher’s subject (observed, not documented). */
    source?: string;
    /** Tokens in the context at the switch (observed, not documented). */
    context_tokens?: number;
    /** Whether the prompt cache is warm (observed, not documented). */
    prompt_cache_warm?: boolean;
    /** The prompt cache’s time to live (observed, not documented). */
    cache_ttl?: string;
    /** Estimated cost of rewriting the prompt cache for the new model, in US dollars (observed, not documented). */
    estimated_cache_write_usd?: number;
    /** Where the prices come from, for example `catalog` (observed in 2.1.328 as a string, not documented). */
    pricing?: string;
  };
  /** The JSON object a hook receives on stdin for PostModelSwitch: After the model changed; notification only (observed in Claude Code 2.1.328, not documented; matcher subject: hookwire’s reading). */
  PostModelSwitch: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PostModelSwitch';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The model in use before the switch (observed, not documented). */
    from_model?: string;
    /** The model switched to (observed, not documented). */
    to_model?: string;
    /** The model as the user or setting asked for it (observed, not documented). */
    requested_model?: string;
    /** What asked for the switch; the matcher’s subject (observed, not documented). */
    source?: string;
    /** Tokens in the context at the switch (observed, not documented). */
    context_tokens?: number;
    /** Whether the prompt cache is warm (observed, not documented). */
    prompt_cache_warm?: boolean;
    /** The prompt cache’s time to live (observed, not documented). */
    cache_ttl?: string;
    /** Estimated cost of rewriting the prompt cache for the new model, in US dollars (observed, not documented). */
    estimated_cache_write_usd?: number;
    /** Where the prices come from, for example `catalog` (observed in 2.1.328 as a string, not documented). */
    pricing?: string;
  };
  /** The JSON object a hook receives on stdin for DirectoryAdded: A working directory was added to the session; notification only (observed in Claude Code 2.1.328, not documented). */
  DirectoryAdded: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'DirectoryAdded';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The added directory (hookwire’s guess: the payload was not recorded). */
    directory?: string;
  };
  /** The JSON object a hook receives on stdin for PreSkillShellCommand: Before the inline shell command (`` !`...` ``) of a skill or slash command runs (Claude Code 2.1.332); can keep it from running. */
  PreSkillShellCommand: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'PreSkillShellCommand';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The shell tool that would run it: `Bash` or `PowerShell`. */
    tool_name: string;
    /** The command, as `tool_input.command`. */
    tool_input: Record<string, unknown>;
    /** Identifies the run; names no call in the transcript. */
    tool_use_id: string;
    /** The skill or slash command whose shell command this is. */
    command_name: string;
    /** Where that command is defined. */
    command_source?: string;
    /** Who invoked the command: `user`, `claude` or `other`. */
    invoked_by: string;
  };
  /** The JSON object a hook receives on stdin for BeforeModel: Gemini CLI: before a request goes to the model; can block the turn, change the request (`llm_request`) or answer in the model’s place (`llm_response`). */
  BeforeModel: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'BeforeModel';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The model request in Gemini CLI’s stable shape: `model`, `messages` (`role`, `content`), `config`, `toolConfig`. */
    llm_request: Record<string, unknown>;
  };
  /** The JSON object a hook receives on stdin for AfterModel: Gemini CLI: after each chunk of the model’s response; can block the turn or replace the chunk (`llm_response`). */
  AfterModel: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'AfterModel';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The model request in Gemini CLI’s stable shape: `model`, `messages` (`role`, `content`), `config`, `toolConfig`. */
    llm_request: Record<string, unknown>;
    /** The response chunk: `candidates` (`content.parts`, `finishReason`), `usageMetadata`. */
    llm_response: Record<string, unknown>;
  };
  /** The JSON object a hook receives on stdin for BeforeToolSelection: Gemini CLI: before the model chooses its tools; can narrow them (`toolConfig`: `mode`, `allowedFunctionNames`). Cannot block. */
  BeforeToolSelection: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'BeforeToolSelection';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The model request in Gemini CLI’s stable shape: `model`, `messages` (`role`, `content`), `config`, `toolConfig`. */
    llm_request: Record<string, unknown>;
  };
  /** The JSON object a hook receives on stdin for UserPromptTransformed: GitHub Copilot CLI (`userPromptTransformed`): the prompt once Copilot added its own context, before the model reads it; notification only (Copilot’s `modifiedTransformedPrompt` is not answered). */
  UserPromptTransformed: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'UserPromptTransformed';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The prompt as the user wrote it. */
    prompt: string;
    /** The prompt as the model will read it. */
    transformed_prompt: string;
  };
  /** The JSON object a hook receives on stdin for ErrorOccurred: GitHub Copilot CLI (`errorOccurred`): an error in a model call, a tool, the system or the user’s input; notification only. */
  ErrorOccurred: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'ErrorOccurred';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
    /** The error. */
    error: string;
    /** `model_call`, `tool_execution`, `system` or `user_input`. */
    error_context?: string;
    /** Whether Copilot can go on. */
    recoverable?: boolean;
  };
  /** The JSON object a hook receives on stdin for SessionDelete: Qwen Code: a saved session was deleted; notification only (not triggered by hookwire’s scenarios). */
  SessionDelete: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'SessionDelete';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
  };
  /** The JSON object a hook receives on stdin for TodoCreated: Qwen Code: an item was added to the todo list; notification only (not triggered by hookwire’s scenarios). */
  TodoCreated: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'TodoCreated';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
  };
  /** The JSON object a hook receives on stdin for TodoCompleted: Qwen Code: an item of the todo list was completed; notification only (not triggered by hookwire’s scenarios). */
  TodoCompleted: {
    /** Identifies the session. */
    session_id: string;
    /** Path of the session transcript (JSONL). */
    transcript_path: string;
    /** The session’s current directory; hooks run there. */
    cwd: string;
    /** The event’s name. */
    hook_event_name: 'TodoCompleted';
    /** The permission mode in force. */
    permission_mode?: string;
    /** The model in use. */
    model?: string;
    /** Set inside a subagent. */
    agent_id?: string;
    /** Set inside a subagent. */
    agent_type?: string;
    /** Extra workspace directories. */
    workspace_dirs?: string[];
    /** Identifies the user turn (observed in Claude Code payloads). */
    prompt_id?: string;
  };
  /** The JSON object a hook receives on stdin for session.start: An agent session begins. */
  'session.start': {
    /** The event’s name, for example `session.start`. */
    event: 'session.start';
    /** The session thread identifier. */
    thread_id: string;
  };
  /** The JSON object a hook receives on stdin for session.end: A session exits. */
  'session.end': {
    /** The event’s name, for example `session.start`. */
    event: 'session.end';
    /** The session thread identifier. */
    thread_id: string;
  };
  /** The JSON object a hook receives on stdin for user.prompt: The user submitted a chat message. */
  'user.prompt': {
    /** The event’s name, for example `session.start`. */
    event: 'user.prompt';
  };
  /** The JSON object a hook receives on stdin for input.required: The agent needs human input (an interrupt). */
  'input.required': {
    /** The event’s name, for example `session.start`. */
    event: 'input.required';
  };
  /** The JSON object a hook receives on stdin for permission.request: Before the approval dialog, when tool calls need permission. */
  'permission.request': {
    /** The event’s name, for example `session.start`. */
    event: 'permission.request';
    /** Names of the tools concerned. */
    tool_names: string[];
  };
  /** The JSON object a hook receives on stdin for tool.error: A tool call returned an error. */
  'tool.error': {
    /** The event’s name, for example `session.start`. */
    event: 'tool.error';
    /** Names of the tools concerned. */
    tool_names: string[];
  };
  /** The JSON object a hook receives on stdin for task.complete: The agent finished its task (the loop ended without interrupts). */
  'task.complete': {
    /** The event’s name, for example `session.start`. */
    event: 'task.complete';
    /** The session thread identifier. */
    thread_id: string;
  };
  /** The JSON object a hook receives on stdin for context.compact: Before the conversation is compacted. */
  'context.compact': {
    /** The event’s name, for example `session.start`. */
    event: 'context.compact';
  };
  /** The JSON object a hook receives on stdin for tool.use: A tool is about to run (later upstream event). */
  'tool.use': {
    /** The event’s name, for example `session.start`. */
    event: 'tool.use';
    /** The tool. */
    tool_name: string;
    /** Identifies the call. */
    tool_id: string;
    /** The tool’s arguments. */
    tool_args: Record<string, unknown>;
  };
  /** The JSON object a hook receives on stdin for tool.result: A tool returned (later upstream event). */
  'tool.result': {
    /** The event’s name, for example `session.start`. */
    event: 'tool.result';
    /** The tool. */
    tool_name: string;
    /** Identifies the call. */
    tool_id: string;
    /** The tool’s arguments. */
    tool_args: Record<string, unknown>;
    /** `success` or `error`. */
    tool_status: string;
    /** The output, cut to 2,000 characters. */
    tool_output: string;
  };
  /** The JSON object a hook receives on stdin for context.offload: Context was offloaded to files (later upstream event). */
  'context.offload': {
    /** The event’s name, for example `session.start`. */
    event: 'context.offload';
  };
}

/** What a hook may answer (a command on stdout, a callback as its return value), by event. */
export interface HookOutputs {
  /** What a command hook may print on stdout for PreToolUse: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PreToolUse: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`; `approve` allows. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only PreToolUse reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PreToolUse';
      /** The tool call’s permission: `deny` > `defer` > `ask` > `allow` across hooks. */
      permissionDecision?: 'allow' | 'deny' | 'ask' | 'defer' | null;
      /** Why; shown to the model on a deny, to the user otherwise. */
      permissionDecisionReason?: string | null;
      /** Replaces the tool’s arguments (the whole object). */
      updatedInput?: Record<string, unknown> | null;
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook may print on stdout for PostToolUse: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PostToolUse: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only PostToolUse reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PostToolUse';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
      /** Replaces what the tool returned, as the model sees it (any JSON value). */
      updatedToolOutput?: unknown;
    } | null;
  };
  /** What a command hook may print on stdout for PostToolUseFailure: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PostToolUseFailure: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only PostToolUseFailure reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PostToolUseFailure';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook may print on stdout for SubagentStart: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  SubagentStart: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only SubagentStart reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'SubagentStart';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook may print on stdout for SubagentStop: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  SubagentStop: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only SubagentStop reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'SubagentStop';
    } | null;
  };
  /** What a command hook prints for Notification: its hooks run, but nothing they print is read, so any output is accepted. */
  Notification: unknown;
  /** What a command hook may print on stdout for SessionStart: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  SessionStart: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only SessionStart reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'SessionStart';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
      /** Paths the host watches, firing FileChanged when they change. */
      watchPaths?: string[] | null;
    } | null;
  };
  /** What a command hook prints for SessionEnd: its hooks run, but nothing they print is read, so any output is accepted. */
  SessionEnd: unknown;
  /** What a command hook may print on stdout for PreCompact: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PreCompact: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only PreCompact reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PreCompact';
    } | null;
  };
  /** What a command hook prints for PostCompact: its hooks run, but nothing they print is read, so any output is accepted. */
  PostCompact: unknown;
  /** What a command hook may print on stdout for Stop: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  Stop: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only Stop reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'Stop';
    } | null;
  };
  /** What a command hook prints for QueryEnd: its hooks run, but nothing they print is read, so any output is accepted. */
  QueryEnd: unknown;
  /** What a command hook may print on stdout for UserPromptSubmit: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  UserPromptSubmit: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only UserPromptSubmit reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'UserPromptSubmit';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook may print on stdout for ConfigChange: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  ConfigChange: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only ConfigChange reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'ConfigChange';
    } | null;
  };
  /** What a command hook prints for StopFailure: its hooks run, but nothing they print is read, so any output is accepted. */
  StopFailure: unknown;
  /** What a command hook may print on stdout for TeammateIdle: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  TeammateIdle: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only TeammateIdle reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'TeammateIdle';
    } | null;
  };
  /** What a command hook prints for InstructionsLoaded: its hooks run, but nothing they print is read, so any output is accepted. */
  InstructionsLoaded: unknown;
  /** What a command hook may print on stdout for CwdChanged: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  CwdChanged: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only CwdChanged reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'CwdChanged';
      /** Paths the host watches, firing FileChanged when they change. */
      watchPaths?: string[] | null;
    } | null;
  };
  /** What a command hook may print on stdout for FileChanged: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  FileChanged: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only FileChanged reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'FileChanged';
      /** Paths the host watches, firing FileChanged when they change. */
      watchPaths?: string[] | null;
    } | null;
  };
  /** What a command hook may print on stdout for WorktreeCreate: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  WorktreeCreate: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only WorktreeCreate reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'WorktreeCreate';
      /** The worktree’s absolute path (plain stdout gives it too). */
      worktreePath?: string | null;
    } | null;
  };
  /** What a command hook prints for WorktreeRemove: its hooks run, but nothing they print is read, so any output is accepted. */
  WorktreeRemove: unknown;
  /** What a command hook may print on stdout for Elicitation: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  Elicitation: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only Elicitation reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'Elicitation';
      /** The answer to the elicitation, in the user’s place. */
      action?: 'accept' | 'decline' | 'cancel' | null;
      /** The elicitation’s form values (with `action: "accept"`). */
      content?: Record<string, unknown> | null;
    } | null;
  };
  /** What a command hook may print on stdout for ElicitationResult: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  ElicitationResult: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only ElicitationResult reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'ElicitationResult';
      /** The answer to the elicitation, in the user’s place. */
      action?: 'accept' | 'decline' | 'cancel' | null;
      /** The elicitation’s form values (with `action: "accept"`). */
      content?: Record<string, unknown> | null;
    } | null;
  };
  /** What a command hook may print on stdout for TaskCreated: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  TaskCreated: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only TaskCreated reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'TaskCreated';
    } | null;
  };
  /** What a command hook may print on stdout for TaskCompleted: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  TaskCompleted: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only TaskCompleted reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'TaskCompleted';
    } | null;
  };
  /** What a command hook may print on stdout for PermissionRequest: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PermissionRequest: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only PermissionRequest reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PermissionRequest';
      /** The answer to the permission dialog: `{"behavior": "allow", "updatedInput"?: {...}}` or `{"behavior": "deny", "message"?: "..."}`. */
      decision?: {
        behavior: 'allow' | 'deny';
        /** Replaces the tool’s arguments (allow). */
        updatedInput?: Record<string, unknown>;
        /** Why, shown to the model (deny). */
        message?: string;
        /** Permission rule updates, passed to the host. */
        updatedPermissions?: unknown;
      } | null;
    } | null;
  };
  /** What a command hook may print on stdout for PermissionDenied: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PermissionDenied: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only PermissionDenied reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PermissionDenied';
      /** `true` lets the model retry the denied tool call. */
      retry?: boolean | null;
    } | null;
  };
  /** What a command hook may print on stdout for Setup: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  Setup: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only Setup reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'Setup';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook may print on stdout for UserPromptExpansion: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  UserPromptExpansion: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only UserPromptExpansion reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'UserPromptExpansion';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook may print on stdout for PostToolBatch: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PostToolBatch: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Text added to the model’s context. */
    additionalContext?: string | null;
    /** Fields only PostToolBatch reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PostToolBatch';
      /** Text added to the model’s context. */
      additionalContext?: string | null;
    } | null;
  };
  /** What a command hook prints for MessageDisplay: its hooks run, but nothing they print is read, so any output is accepted. */
  MessageDisplay: unknown;
  /** What a command hook prints for PreModelSwitch: its hooks run, but nothing they print is read, so any output is accepted. */
  PreModelSwitch: unknown;
  /** What a command hook prints for PostModelSwitch: its hooks run, but nothing they print is read, so any output is accepted. */
  PostModelSwitch: unknown;
  /** What a command hook prints for DirectoryAdded: its hooks run, but nothing they print is read, so any output is accepted. */
  DirectoryAdded: unknown;
  /** What a command hook may print on stdout for PreSkillShellCommand: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  PreSkillShellCommand: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`; `approve` allows. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only PreSkillShellCommand reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'PreSkillShellCommand';
      /** The tool call’s permission: `deny` > `defer` > `ask` > `allow` across hooks. */
      permissionDecision?: 'allow' | 'deny' | 'ask' | 'defer' | null;
      /** Why; shown to the model on a deny, to the user otherwise. */
      permissionDecisionReason?: string | null;
      /** Replaces the tool’s arguments (the whole object). */
      updatedInput?: Record<string, unknown> | null;
    } | null;
  };
  /** What a command hook may print on stdout for BeforeModel: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  BeforeModel: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only BeforeModel reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'BeforeModel';
      /** Gemini CLI: fields of the model request to send instead, merged over it. */
      llm_request?: Record<string, unknown> | null;
      /** Gemini CLI: a response in the model’s place (BeforeModel), or the chunk replaced (AfterModel). */
      llm_response?: Record<string, unknown> | null;
    } | null;
  };
  /** What a command hook may print on stdout for AfterModel: one JSON object, the whole of stdout, read on any exit code (exit 2 blocks whatever it says). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  AfterModel: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** `block` blocks (as exit 2 does), with `reason`. */
    decision?: 'approve' | 'block' | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only AfterModel reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'AfterModel';
      /** Gemini CLI: a response in the model’s place (BeforeModel), or the chunk replaced (AfterModel). */
      llm_response?: Record<string, unknown> | null;
    } | null;
  };
  /** What a command hook may print on stdout for BeforeToolSelection: one JSON object, the whole of stdout, read on any exit code (exit 2 does not block). Unknown keys are ignored; a known key of the wrong type makes the output invalid. */
  BeforeToolSelection: {
    /** `false` stops the agent after this event, whatever else hooks decided. */
    continue?: boolean | null;
    /** Shown to the user with `continue: false`. */
    stopReason?: string | null;
    /** Hides the hook’s stdout from the transcript view. */
    suppressOutput?: boolean | null;
    /** A warning shown to the user. */
    systemMessage?: string | null;
    /** Legacy decision: not honoured on this event. */
    decision?: string | null;
    /** Why, with a legacy `decision`. */
    reason?: string | null;
    /** Not honoured on this event. */
    additionalContext?: string | null;
    /** Fields only BeforeToolSelection reads. */
    hookSpecificOutput?: {
      /** When given, the event’s name. */
      hookEventName?: 'BeforeToolSelection';
      /** Gemini CLI: `{mode, allowedFunctionNames}`, the tools the model may call. */
      toolConfig?: Record<string, unknown> | null;
    } | null;
  };
  /** What a command hook prints for UserPromptTransformed: its hooks run, but nothing they print is read, so any output is accepted. */
  UserPromptTransformed: unknown;
  /** What a command hook prints for ErrorOccurred: its hooks run, but nothing they print is read, so any output is accepted. */
  ErrorOccurred: unknown;
  /** What a command hook prints for SessionDelete: its hooks run, but nothing they print is read, so any output is accepted. */
  SessionDelete: unknown;
  /** What a command hook prints for TodoCreated: its hooks run, but nothing they print is read, so any output is accepted. */
  TodoCreated: unknown;
  /** What a command hook prints for TodoCompleted: its hooks run, but nothing they print is read, so any output is accepted. */
  TodoCompleted: unknown;
  /** What a command hook prints for session.start: its hooks run, but nothing they print is read, so any output is accepted. */
  'session.start': unknown;
  /** What a command hook prints for session.end: its hooks run, but nothing they print is read, so any output is accepted. */
  'session.end': unknown;
  /** What a command hook prints for user.prompt: its hooks run, but nothing they print is read, so any output is accepted. */
  'user.prompt': unknown;
  /** What a command hook prints for input.required: its hooks run, but nothing they print is read, so any output is accepted. */
  'input.required': unknown;
  /** What a command hook prints for permission.request: its hooks run, but nothing they print is read, so any output is accepted. */
  'permission.request': unknown;
  /** What a command hook prints for tool.error: its hooks run, but nothing they print is read, so any output is accepted. */
  'tool.error': unknown;
  /** What a command hook prints for task.complete: its hooks run, but nothing they print is read, so any output is accepted. */
  'task.complete': unknown;
  /** What a command hook prints for context.compact: its hooks run, but nothing they print is read, so any output is accepted. */
  'context.compact': unknown;
  /** What a command hook prints for tool.use: its hooks run, but nothing they print is read, so any output is accepted. */
  'tool.use': unknown;
  /** What a command hook prints for tool.result: its hooks run, but nothing they print is read, so any output is accepted. */
  'tool.result': unknown;
  /** What a command hook prints for context.offload: its hooks run, but nothing they print is read, so any output is accepted. */
  'context.offload': unknown;
}
