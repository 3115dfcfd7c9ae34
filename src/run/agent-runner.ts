import { realpath } from 'node:fs/promises';
import {
  type HandlerExecution,
  type HandlerRunner,
  isRequestOf,
  type RunRequest,
} from './handler-execution.js';
import { AgentRecord } from './model/agent-record.js';
import type { AgentTool, AgentToolContext, AgentToolResult } from './model/agent-tools/agent-tool.js';
import { selectAgentTools } from './model/agent-tools/select-agent-tools.js';
import { VERDICT_TOOL } from './model/agent-tools/verdict-tool.js';
import { agentHookInstructions } from './model/hook-instructions.js';
import type { ModelMessage, ModelResponse, ModelToolResult } from './model/model-client.js';
import { modelExecution, startModelRun } from './model/model-run.js';
import { renderPrompt } from './model/render-prompt.js';
import { parseVerdictValue } from './model/verdict-schema.js';

/** The protocol's default turn limit for agent hooks. */
export const DEFAULT_MAX_TURNS = 50;
/** Room for a few tool calls and some reasoning text per turn. */
const AGENT_MAX_TOKENS = 4096;
const REMINDER = `Call ${VERDICT_TOOL.name} with your verdict now; a plain text answer does not count.`;

/**
 * Runs an `agent` hook: up to `maxTurns` model turns with read-only tools confined to the project, ending
 * when the model calls the verdict tool with a valid `{ok, reason?, impossible?}`. Running out of turns or
 * time, an API error or a refusal is a failure value. The conversation is kept (bounded) in details.
 */
export const agentRunner: HandlerRunner<'agent'> = async (request) => {
  const handler = request.hook.handler;
  const started = await startModelRun(request, handler.model);
  if (!started.ok) return started.execution;
  const { run } = started;
  const maxTurns = handler.maxTurns ?? DEFAULT_MAX_TURNS;
  const selection = selectAgentTools(handler.tools);
  const toolsByName = new Map<string, AgentTool>(selection.tools.map((tool) => [tool.name, tool]));
  const record = new AgentRecord();
  const details = () => ({
    provider: run.settings.provider,
    model: run.settings.model,
    tools: [...toolsByName.keys()],
    ...(selection.unknown.length === 0 ? {} : { unknownTools: selection.unknown }),
    maxTurns,
    turns: record.turns.length,
    ...record.toDetails(),
  });
  const context: AgentToolContext = {
    projectRoot: await realProjectRoot(request.projectDir),
    transcriptPath:
      typeof request.payload.transcript_path === 'string' ? request.payload.transcript_path : undefined,
    signal: run.signal,
  };
  const messages: ModelMessage[] = [
    { role: 'user', text: renderPrompt(handler.prompt, request.payloadJson) },
  ];
  for (let turn = 1; turn <= maxTurns; turn += 1) {
    let response: ModelResponse;
    try {
      response = await run.client.complete({
        model: run.settings.model,
        system: agentHookInstructions([...toolsByName.keys()], VERDICT_TOOL.name),
        messages,
        tools: [...selection.tools, VERDICT_TOOL],
        maxTokens: AGENT_MAX_TOKENS,
        signal: run.signal,
        timeoutMs: run.remainingMs(),
      });
    } catch (error) {
      return modelExecution(run.startedAt, run.failure(error), details());
    }
    record.addTurn(turn, response.text, response.rawStopReason);
    if (response.stopReason === 'refusal') {
      const why = response.refusal ?? (response.text.trim() || `stop reason ${response.rawStopReason}`);
      return modelExecution(
        run.startedAt,
        { kind: 'failed', error: `${run.label}: the model refused: ${why}` },
        details(),
      );
    }
    messages.push({ role: 'assistant', text: response.text, toolCalls: response.toolCalls });
    if (response.toolCalls.length === 0) {
      messages.push({ role: 'user', text: REMINDER });
      continue;
    }
    const results: ModelToolResult[] = [];
    for (const call of response.toolCalls) {
      if (call.name === VERDICT_TOOL.name) {
        const verdict = parseVerdictValue(call.input);
        record.addToolCall(call.name, call.input, verdict.ok ? 'accepted' : verdict.error, !verdict.ok);
        if (verdict.ok) {
          return modelExecution(run.startedAt, { kind: 'completed', verdict: verdict.verdict }, details());
        }
        results.push({ toolCallId: call.id, name: call.name, content: verdict.error, isError: true });
        continue;
      }
      const tool = toolsByName.get(call.name);
      const result =
        tool === undefined
          ? {
              content: `unknown tool ${call.name}; available: ${[...toolsByName.keys(), VERDICT_TOOL.name].join(', ')}`,
              isError: true,
            }
          : await untilAborted(tool.run(call.input, context), run.signal, call.name);
      record.addToolCall(call.name, call.input, result.content, result.isError);
      results.push({ toolCallId: call.id, name: call.name, ...result });
    }
    if (run.signal.aborted) return modelExecution(run.startedAt, run.failure(run.signal.reason), details());
    messages.push({ role: 'tool_results', results, ...(turn === maxTurns - 1 ? { text: REMINDER } : {}) });
  }
  return modelExecution(
    run.startedAt,
    {
      kind: 'failed',
      error: `${run.label}: no verdict after ${maxTurns} turns (${VERDICT_TOOL.name} was never called)`,
    },
    details(),
  );
};

/**
 * A tool's answer, or an error as soon as the hook's timeout (or a cancellation) aborts the signal: no
 * tool call outlives the hook, whatever it waits on. The tools stop their own work at the signal too.
 */
function untilAborted(
  result: Promise<AgentToolResult>,
  signal: AbortSignal,
  name: string,
): Promise<AgentToolResult> {
  const stopped = { content: `${name} stopped at the hook timeout`, isError: true };
  if (signal.aborted) return Promise.resolve(stopped);
  return new Promise((resolve) => {
    const onAbort = () => resolve(stopped);
    signal.addEventListener('abort', onAbort, { once: true });
    result.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ content: `${name} failed: ${String(error)}`, isError: true });
      },
    );
  });
}

/** The project root as a realpath, so confinement compares real paths on both sides. */
async function realProjectRoot(projectDir: string): Promise<string> {
  try {
    return await realpath(projectDir);
  } catch {
    return projectDir;
  }
}

/** `agentRunner` for a request of any type: another type is a bug of the caller, thrown. */
export async function runAgentHook(request: RunRequest): Promise<HandlerExecution> {
  if (!isRequestOf(request, 'agent'))
    throw new TypeError(`runAgentHook got a ${request.hook.handler.type} hook`);
  return agentRunner(request);
}
