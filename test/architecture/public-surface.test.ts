import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Api from '../../src/index.js';

/*
 * The package's entry names what it exports (no `export *`, which let internals such as the zod schemas
 * and a string helper leak out): the values are checked at run time, the types by `tsc` (npm run
 * typecheck) through the tuple below, so removing or renaming a public type fails to compile.
 */

type PublicTypes = [
  Api.AgentHandlerSettings,
  Api.AgentHooks,
  Api.AgentHooksOptions,
  Api.AllowedUrl,
  Api.AnyEventName,
  Api.ApprovalRequest,
  Api.AssistantBlock,
  Api.BlockSpec,
  Api.CallbackAnswer<'Stop'>,
  Api.CallbackHandlerSettings,
  Api.CallbackPayload<'Stop'>,
  Api.CallbackRegistration,
  Api.ClaudeCodeEventName,
  Api.ClaudeSettings,
  Api.ClaudeStyleEventName,
  Api.CommandHandlerSettings,
  Api.ConfiguredHook,
  Api.ConversionResult<unknown>,
  Api.Decision,
  Api.DeepAgentsDispatcher,
  Api.DeepAgentsDispatcherOptions,
  Api.DeepAgentsDispatcherStats,
  Api.DeepAgentsEntry,
  Api.DeepAgentsEventName,
  Api.DeepAgentsHookResult,
  Api.DeepAgentsHooks,
  Api.DefinitionSettings,
  Api.Diagnostic,
  Api.Engine,
  Api.EngineOptions,
  Api.EventFamily,
  Api.EventName,
  Api.EventSpec,
  Api.FieldSpec,
  Api.FieldType,
  Api.FileChangeKind,
  Api.FileWatcher,
  Api.FireOptions,
  Api.FireableEvent,
  Api.FirePayload<'Stop'>,
  Api.FiringSpans,
  Api.HandlerConfig,
  Api.HandlerConfigs,
  Api.HandlerExecution,
  Api.HandlerSettings,
  Api.HandlerType,
  Api.HookCallback,
  Api.HookInput<'Stop'>,
  Api.HookInputs,
  Api.HookOutput<'Stop'>,
  Api.HookOutputs,
  Api.HookPolicy,
  Api.HookRun,
  Api.HookScope,
  Api.HookwireErrorKind,
  Api.HttpHandlerSettings,
  Api.LoadedFile,
  Api.LoadedSettings,
  Api.Logger,
  Api.McpToolHandlerSettings,
  Api.MatcherSubject,
  Api.Outcome,
  Api.ParsedEnvFile,
  Api.PlainStdout,
  Api.PromptHandlerSettings,
  Api.PromptVerdict,
  Api.ProtocolEventName,
  Api.Provenance,
  Api.RunStatus,
  Api.ScopedHookSet,
  Api.SettingsFormat,
  Api.SourceLevel,
  Api.SpanPlan,
  Api.SpecificOutputField,
  Api.StopVerdict,
  Api.TelemetryOptions,
  Api.TelemetryTracer,
  Api.TimelineEvent,
  Api.TimelinePage,
  Api.TimeoutTable,
  Api.ToolCall,
  Api.ToolGate,
  Api.Trace,
  Api.TraceLine,
  Api.TraceOptions,
  Api.TranscriptWriter,
  Api.TranscriptWriterOptions,
  Api.TrustMode,
  Api.UnknownEvent,
  Api.UntrustedReason,
  Api.UntrustedSource,
  Api.WatchFilesOptions,
  Api.HandlerConfigOf<'command'>,
];

describe('src/index.ts', () => {
  it('re-exports by name only', () => {
    const source = readFileSync(new URL('../../src/index.ts', import.meta.url), 'utf8');
    expect(source.match(/^export (type )?\*/gm)).toBeNull();
  });

  it('exports exactly the public values', async () => {
    const entry = await import('../../src/index.js');
    expect(Object.keys(entry).sort()).toEqual([
      'CLAUDE_CODE_EVENTS',
      'DEEPAGENTS_EVENTS',
      'DEEPAGENTS_TOOL_NAMES',
      'EVENT_NAMES',
      'HookwireError',
      'PROTOCOL_EVENTS',
      'catalogue',
      'convertToClaude',
      'convertToDeepAgents',
      'createAgentHooks',
      'createDeepAgentsDispatcher',
      'createEngine',
      'createTranscriptWriter',
      'eventSpec',
      'inputFieldsOf',
      'isEventName',
      'isToolEvent',
      'parseEnvFile',
      'renderTimelineHtml',
      'specOf',
      'unknownEvent',
      'unknownEventWarning',
    ]);
  });

  it('exports the public types', () => {
    expectTypeOf<PublicTypes['length']>().toEqualTypeOf<93>();
  });
});
