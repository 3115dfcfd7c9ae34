import { Agent, tool as agentsTool, run, setTracingDisabled } from '@openai/agents';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { createAiSdkHooks } from '../../src/adapters/ai-sdk/index.js';
import { createOpenAiAgentsHooks } from '../../src/adapters/openai-agents/index.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { ScriptedModel } from '../../test/adapters/agents-model.js';
import { scriptedModel } from '../../test/adapters/ai-sdk-model.js';
import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { formatMs, formatRatio, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { summarise } from '../lib/stats.js';
import type { TargetResult } from '../lib/target-result.js';
import { nowMs } from '../lib/timer.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const EXECUTES_PER_SAMPLE = 20_000;
const RUNS_PER_SAMPLE = 100;

/** The forty unrelated hooks, less the PostToolUse ones that would select `Bash` (`Bash`, `.*`). */
function hooksElsewhere(): ClaudeSettings {
  const settings = unrelatedHooks();
  const postToolUse = settings.hooks?.PostToolUse?.filter(
    ({ matcher }) => !new RegExp(`^(?:${matcher})$`).test('Bash'),
  );
  return { hooks: { ...settings.hooks, PostToolUse: postToolUse ?? [] } };
}

/**
 * Target 8: the cost of the adapters on a tool call no hook matches (the unrelated hooks of target 3 less
 * the two PostToolUse ones that select `Bash`: the engine looks and finds nothing, no process starts). Each row is the hooked variant
 * against the bare one in the same run, interleaved:
 * - 8a: a hooked AI SDK tool's `execute` (PreToolUse, the tool, PostToolUse) against the tool's own;
 * - 8b: a whole `generateText` (mock model: one tool call, then text) with hooked tools against bare tools;
 * - 8c: a whole Agents SDK `run` (scripted model: the same two answers) with the hooked agent against the
 *   bare agent (the hooked one runs two tool guardrails).
 */
export async function measureAiSdkAgentsToolCall(quick: boolean): Promise<TargetResult[]> {
  setTracingDisabled(true);
  const name = 'tool call through an adapter, no hook matches';
  const options = { engineOptions: benchEngineOptions(hooksElsewhere()) };
  const aiSdk = createAiSdkHooks(options);
  const agents = createOpenAiAgentsHooks(options);
  const bash = tool({
    description: 'Echoes.',
    inputSchema: z.object({ command: z.string() }),
    execute: async ({ command }) => command,
  });
  const bare = { Bash: bash };
  const hooked = aiSdk.tools(bare);
  const agentsBash = agentsTool({
    name: 'Bash',
    description: 'Echoes.',
    parameters: z.object({ command: z.string() }),
    execute: async ({ command }) => command,
  });
  const bareAgent = new Agent({ name: 'bench', instructions: 'Echo.', tools: [agentsBash] });
  const hookedAgent = agents.agent(bareAgent);

  const executes = (execute: NonNullable<typeof bash.execute>) => async () => {
    const start = nowMs();
    for (let index = 0; index < EXECUTES_PER_SAMPLE; index++)
      await execute({ command: 'ls' }, { toolCallId: `call-${index}`, messages: [] });
    return ((nowMs() - start) * 1000) / EXECUTES_PER_SAMPLE;
  };
  const generations = (tools: typeof bare) => async () => {
    const start = nowMs();
    for (let index = 0; index < RUNS_PER_SAMPLE; index++) {
      const model = scriptedModel([{ toolCalls: [{ name: 'Bash', input: { command: 'ls' }, id: 'c' }] }]);
      await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(3) });
    }
    return (nowMs() - start) / RUNS_PER_SAMPLE;
  };
  const runs = (agent: Agent) => async () => {
    const start = nowMs();
    for (let index = 0; index < RUNS_PER_SAMPLE; index++) {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'Bash', input: { command: 'ls' }, id: 'c' }] }]);
      await run(agent.clone({ model }), 'go');
    }
    return (nowMs() - start) / RUNS_PER_SAMPLE;
  };
  const samples = await interleave(
    {
      bareExecute: executes(bash.execute!),
      hookedExecute: executes(hooked.Bash.execute!),
      bareGenerate: generations(bare),
      hookedGenerate: generations(hooked),
      bareRun: runs(bareAgent),
      hookedRun: runs(hookedAgent),
    },
    { rounds: quick ? 5 : 15, warmupRounds: 2 },
  );
  await Promise.all([aiSdk.close(), agents.close()]);

  const row = (id: string, label: string, hookedName: string, bareName: string, unit: 'µs' | 'ms') => {
    const hookedSummary = summarise(samples[hookedName]!);
    const bareSummary = summarise(samples[bareName]!);
    const show = (value: typeof hookedSummary) =>
      unit === 'ms'
        ? formatSummaryMs(value)
        : `${value.median.toFixed(2)} µs [${value.p25.toFixed(2)}-${value.p75.toFixed(2)}]`;
    return {
      id,
      name: `${name}: ${label}`,
      figure: show(hookedSummary),
      baseline: `bare ${show(bareSummary)}`,
      ratio: formatRatio(hookedSummary.median / bareSummary.median),
      target: 'info',
      verdict: 'INFO' as const,
      notes: [
        unit === 'ms'
          ? `adds ${formatMs(hookedSummary.median - bareSummary.median)} per run`
          : `adds ${(hookedSummary.median - bareSummary.median).toFixed(2)} µs per call`,
      ],
    };
  };
  return [
    row('8a', 'AI SDK execute', 'hookedExecute', 'bareExecute', 'µs'),
    row('8b', 'AI SDK generateText', 'hookedGenerate', 'bareGenerate', 'ms'),
    row('8c', 'Agents SDK run', 'hookedRun', 'bareRun', 'ms'),
  ];
}
