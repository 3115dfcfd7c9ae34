import type { BaseMessage } from 'langchain';
import type { AgentLifecycle } from '../../../adapters/langchain/agent-lifecycle.js';
import type { ToolCall } from '../../../adapters/tool-gate.js';
import type { DeepAgentsDispatcher } from '../list-hooks/deepagents-dispatcher.js';
import { type InterruptOn, interruptingToolCalls } from './interrupting-tool-calls.js';

/** The summary message deepagents' summarization middleware puts first once it has compacted. */
function summaryText(messages: readonly BaseMessage[]): string | undefined {
  const first = messages[0];
  if (first?.additional_kwargs?.lc_source !== 'summarization') return undefined;
  return typeof first.content === 'string' ? first.content : JSON.stringify(first.content);
}

function stringOf(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

const NO_CONTEXT = { context: [] } as const;

/**
 * The lifecycle moments as Deep Agents' hooks.json events, through the dispatcher. Deep Agents hooks are
 * notifications: nothing they print changes the agent, so every moment answers "go on". The session and
 * prompt events and the interrupts are awaited (so their hooks have run before what follows); tool events and
 * task.complete are fire-and-forget, as Deep Agents Code fires them.
 */
export function deepAgentsLifecycle(
  dispatcher: DeepAgentsDispatcher,
  interruptOn?: InterruptOn,
): AgentLifecycle {
  const firedSummaries = new Set<string>();
  const fieldsOf = (call: ToolCall) => ({ tool_name: call.name, tool_id: call.id, tool_args: call.input });
  return {
    async sessionStart(thread) {
      // Awaited (upstream does not) so that session.start hooks have run before the first user.prompt.
      await dispatcher.dispatchAndWait('session.start', { thread_id: thread });
      return NO_CONTEXT;
    },
    async prompt() {
      await dispatcher.dispatchAndWait('user.prompt', {});
      return { blocked: false, context: [] };
    },
    beforeModelCall(_thread, call) {
      const summary = summaryText(call.messages);
      if (summary === undefined || firedSummaries.has(summary)) return;
      const previous = (call.state as { _summarizationEvent?: { summaryMessage?: BaseMessage } })
        ._summarizationEvent?.summaryMessage;
      firedSummaries.add(summary);
      if (previous === undefined || stringOf(previous.content) !== summary)
        dispatcher.dispatch('context.compact', {});
    },
    async afterModelCall(_thread, call, toolCalls) {
      if (interruptOn === undefined || toolCalls.length === 0) return;
      const requested = toolCalls.map((toolCall) => ({
        name: toolCall.name,
        args: toolCall.input,
        id: toolCall.id,
      }));
      const interrupting = await interruptingToolCalls(requested, interruptOn, call);
      if (interrupting.length > 0) {
        await dispatcher.dispatchAndWait('permission.request', {
          tool_names: interrupting.map((toolCall) => toolCall.name),
        });
      }
    },
    async beforeTool(_thread, call) {
      dispatcher.dispatch('tool.use', fieldsOf(call));
      return { action: 'run', input: call.input, context: [] };
    },
    async afterTool(_thread, call, response) {
      dispatcher.dispatch('tool.result', {
        ...fieldsOf(call),
        tool_status: 'success',
        tool_output: stringOf(response),
      });
      return NO_CONTEXT;
    },
    async toolFailed(_thread, call, error) {
      dispatcher.dispatch('tool.error', { tool_names: [call.name] });
      dispatcher.dispatch('tool.result', { ...fieldsOf(call), tool_status: 'error', tool_output: error });
      return NO_CONTEXT;
    },
    async toolInterrupted() {
      await dispatcher.dispatchAndWait('input.required', {});
    },
    // task.complete is a notification: it waits for the Stop hooks of a Claude-style middleware beside it.
    stopNotifies: true,
    async stop(thread) {
      dispatcher.dispatch('task.complete', { thread_id: thread });
      return { end: true };
    },
    async end(thread) {
      await dispatcher.dispatchAndWait('session.end', { thread_id: thread });
    },
  };
}
