import { fakeModel } from '@langchain/core/testing';
import {
  type AgentMiddleware,
  AIMessage,
  createAgent,
  createMiddleware,
  HumanMessage,
  tool,
} from 'langchain';
import { z } from 'zod';
import type { AgentHooks, AgentHooksOptions } from '../../src/adapters/agent-hooks.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { formatRatio, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { loadModule } from '../lib/load-module.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { nowMs } from '../lib/timer.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const CALLS_PER_SAMPLE = 2000;
const RUNS_PER_SAMPLE = 20;
/** A wrapped tool call with no matching hook may cost at most this much more than the bare call. */
const WANTED_RATIO = 1.25;

/** The unrelated hooks on events an adapter never fires for this tool: PreToolUse of other tools and more. */
function hooksElsewhere(): ClaudeSettings {
  const { PreToolUse, Notification, PreCompact } = unrelatedHooks().hooks ?? {};
  return { hooks: { PreToolUse, Notification, PreCompact } } as ClaudeSettings;
}

/** A middleware of the same shape as hookwire's whose hooks do nothing: LangGraph's cost of the nodes alone. */
const emptyMiddleware = createMiddleware({
  name: 'EmptyMiddleware',
  beforeAgent: { canJumpTo: ['end'], hook: async () => undefined },
  beforeModel: async () => undefined,
  wrapModelCall: (request, handler) => handler(request),
  wrapToolCall: (request, handler) => handler(request),
  afterAgent: { canJumpTo: ['model'], hook: async () => undefined },
});

const lookup = tool(async ({ key }) => `value of ${key}`, {
  name: 'lookup',
  description: 'Looks a key up.',
  schema: z.object({ key: z.string() }),
});

/**
 * Target 7: a tool call through an adapter when no hook matches it (PreToolUse and PostToolUse of `lookup`,
 * 22 hooks configured on other tools and events). 7a: `beforeTool`, the LangChain tool's `invoke`, `afterTool`
 * (the core every adapter runs) against the bare `invoke`, per call. 7b: a whole `createAgent` run (one tool
 * call, two model calls, fake model) with the `hookwire/langchain` middleware against the same agent
 * without it, per run: LangGraph's extra middleware nodes included. 7c: the same against a middleware of the
 * same shape whose hooks do nothing, which isolates what hookwire itself adds.
 */
export async function measureAdapterToolCall(quick: boolean): Promise<TargetResult[]> {
  const name = 'adapter tool call that matches no hook';
  const core = await loadModule<{ createAgentHooks?: (options: AgentHooksOptions) => AgentHooks }>(
    'adapters/agent-hooks.ts',
  );
  const entry = await loadModule<{
    langchainHooksMiddleware?: (options: AgentHooksOptions) => AgentMiddleware & { close(): Promise<void> };
  }>('adapters/langchain/langchain-entry.ts');
  if (core instanceof Error || core.createAgentHooks === undefined)
    return [skippedResult('7', name, core instanceof Error ? core.message : 'no createAgentHooks')];
  if (entry instanceof Error || entry.langchainHooksMiddleware === undefined)
    return [skippedResult('7', name, entry instanceof Error ? entry.message : 'no langchainHooksMiddleware')];

  const engineOptions = benchEngineOptions(hooksElsewhere());
  const hooks = core.createAgentHooks({ engineOptions });
  const started: string[] = [];
  const middleware = entry.langchainHooksMiddleware({
    engineOptions: { ...engineOptions, onHookStart: (run) => started.push(run.event) },
  });
  const bare = async () => {
    const start = nowMs();
    for (let index = 0; index < CALLS_PER_SAMPLE; index++) await lookup.invoke({ key: 'a' });
    return (nowMs() - start) / CALLS_PER_SAMPLE;
  };
  const wrapped = async () => {
    const start = nowMs();
    for (let index = 0; index < CALLS_PER_SAMPLE; index++) {
      const call = { name: 'lookup', input: { key: 'a' }, id: `call-${index}` };
      const gate = await hooks.beforeTool(call);
      if (gate.action === 'refuse') throw new Error(gate.reason);
      await hooks.afterTool(call, await lookup.invoke(gate.input as { key: string }));
    }
    return (nowMs() - start) / CALLS_PER_SAMPLE;
  };
  const agentRuns = (middlewares: readonly AgentMiddleware[]) => async () => {
    const start = nowMs();
    for (let index = 0; index < RUNS_PER_SAMPLE; index++) {
      const model = fakeModel()
        .respondWithTools([{ name: 'lookup', args: { key: 'a' }, id: 'call-1' }])
        .respond(new AIMessage('done'));
      const agent = createAgent({ model, tools: [lookup], middleware: middlewares });
      await agent.invoke({ messages: [new HumanMessage('go')] });
    }
    return (nowMs() - start) / RUNS_PER_SAMPLE;
  };
  const samples = await interleave(
    {
      bare,
      wrapped,
      agentBare: agentRuns([]),
      agentEmpty: agentRuns([emptyMiddleware]),
      agentHooked: agentRuns([middleware]),
    },
    { rounds: quick ? 8 : 25, warmupRounds: 2 },
  );
  await hooks.close();
  await middleware.close();

  const bareSummary = summarise(samples.bare!);
  const wrappedSummary = summarise(samples.wrapped!);
  const agentBare = summarise(samples.agentBare!);
  const agentEmpty = summarise(samples.agentEmpty!);
  const agentHooked = summarise(samples.agentHooked!);
  const ratio = wrappedSummary.median / bareSummary.median;
  const spawned = started.length === 0 ? [] : [`the hooked agent started ${started.length} hooks`];
  return [
    {
      id: '7a',
      name,
      figure: formatSummaryMs(wrappedSummary),
      baseline: `bare invoke ${formatSummaryMs(bareSummary)}`,
      ratio: formatRatio(ratio),
      target: `<= ${WANTED_RATIO.toFixed(2)}`,
      verdict: spawned.length === 0 ? verdictOf(ratio <= WANTED_RATIO) : 'FAIL',
      notes: [`per call; each sample is ${CALLS_PER_SAMPLE} calls`, ...spawned],
    },
    {
      id: '7b',
      name: 'createAgent run with hookwire/langchain, no hook matches',
      figure: formatSummaryMs(agentHooked),
      baseline: `no middleware ${formatSummaryMs(agentBare)}`,
      ratio: formatRatio(agentHooked.median / agentBare.median),
      target: 'info',
      verdict: spawned.length === 0 ? 'INFO' : 'FAIL',
      notes: [`per run (one tool call, two model calls); each sample is ${RUNS_PER_SAMPLE} runs`],
    },
    {
      id: '7c',
      name: 'the same, against a middleware of the same shape doing nothing',
      figure: formatSummaryMs(agentHooked),
      baseline: `empty middleware ${formatSummaryMs(agentEmpty)}`,
      ratio: formatRatio(agentHooked.median / agentEmpty.median),
      target: 'info',
      verdict: spawned.length === 0 ? 'INFO' : 'FAIL',
      notes: ['what hookwire adds beyond the graph nodes every such middleware costs'],
    },
  ];
}
