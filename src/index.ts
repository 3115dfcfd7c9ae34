/*
 * The public surface of hookwire. This file only re-exports; internals stay out of it.
 */

export {
  type AgentHooks,
  type AgentHooksOptions,
  type ApprovalRequest,
  createAgentHooks,
  type PromptVerdict,
  type StopVerdict,
  type ToolCall,
  type ToolGate,
} from './adapters/agent-hooks.js';
export { DEEPAGENTS_TOOL_NAMES } from './adapters/deepagents-tool-names.js';
export type { Logger } from './common/logger.js';
export { createEngine } from './engine/create-engine.js';
export type {
  BackgroundResultsOptions,
  CallbackRegistration,
  Engine,
  EngineOptions,
  FileChangeKind,
  FileWatcher,
  FireOptions,
  FiringSpans,
  ScopedHookSet,
  SpanPlan,
  TelemetryOptions,
  TelemetryTracer,
  WatchFilesOptions,
} from './engine/engine.js';
export { type ParsedEnvFile, parseEnvFile } from './env-file/parse-env-file.js';
export { HookwireError, type HookwireErrorKind } from './errors/hookwire-error.js';
export { catalogue } from './events/catalogue.js';
export {
  type AnyEventName,
  CLAUDE_CODE_EVENTS,
  type ClaudeCodeEventName,
  type ClaudeStyleEventName,
  DEEPAGENTS_EVENTS,
  type DeepAgentsEventName,
  EVENT_NAMES,
  type EventName,
  PROTOCOL_EVENTS,
  type ProtocolEventName,
} from './events/event-names.js';
export type {
  BlockSpec,
  Decision,
  EventFamily,
  EventSpec,
  FieldSpec,
  FieldType,
  HandlerType,
  MatcherSubject,
  PlainStdout,
  SpecificOutputField,
  TimeoutTable,
} from './events/event-spec.js';
export {
  type CallbackAnswer,
  type CallbackPayload,
  type FireableEvent,
  type FirePayload,
  type HookInput,
  type HookInputs,
  type HookOutput,
  type HookOutputs,
  type UnknownEvent,
  unknownEvent,
} from './events/hook-io.js';
export {
  eventSpec,
  inputFieldsOf,
  isEventName,
  isToolEvent,
  specOf,
  unknownEventWarning,
} from './events/lookup.js';
export type { McpToolHandlerSettings } from './handlers/mcp_tool/schema.js';
export { type ConversionResult, convertToClaude } from './hosts/deepagents/list-hooks/convert-to-claude.js';
export { convertToDeepAgents } from './hosts/deepagents/list-hooks/convert-to-deepagents.js';
export {
  createDeepAgentsDispatcher,
  type DeepAgentsDispatcher,
  type DeepAgentsDispatcherOptions,
  type DeepAgentsDispatcherStats,
  type DeepAgentsHookResult,
} from './hosts/deepagents/list-hooks/deepagents-dispatcher.js';
export type { HookRun, Outcome, RunStatus, Trace } from './outcome/outcome.js';
export type { HandlerExecution } from './run/handler-execution.js';
export type {
  AllowedUrl,
  CallbackHandlerSettings,
  ConfiguredHook,
  Diagnostic,
  HandlerConfig,
  HandlerConfigOf,
  HandlerConfigs,
  HookCallback,
  HookPolicy,
  HookScope,
  LoadedFile,
  LoadedSettings,
  Provenance,
  SettingsFormat,
  SourceLevel,
} from './settings/configured-hook.js';
export type {
  AgentHandlerSettings,
  ClaudeSettings,
  CommandHandlerSettings,
  DeepAgentsEntry,
  DeepAgentsHooks,
  DefinitionSettings,
  HandlerSettings,
  HttpHandlerSettings,
  PromptHandlerSettings,
} from './settings/settings-schema.js';
export type { UntrustedReason, UntrustedSource } from './settings/trust-check.js';
export type { TrustMode } from './settings/trust-rule.js';
export { renderTimelineHtml } from './timeline/render-timeline-html.js';
export type { TimelineEvent, TimelinePage } from './timeline/timeline-page.js';
export type { TraceLine } from './trace/trace-line.js';
export type { TraceOptions } from './trace/trace-options.js';
export {
  type AssistantBlock,
  createTranscriptWriter,
  type TranscriptWriter,
  type TranscriptWriterOptions,
} from './transcript/transcript-writer.js';
