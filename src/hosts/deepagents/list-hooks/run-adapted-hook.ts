import { deepAgentsPayload } from '../../../events/deepagents-payload.js';
import type { DeepAgentsEventName } from '../../../events/event-names.js';
import { DEEPAGENTS_TIMEOUTS } from '../../../events/field.js';
import { runCommand } from '../../../run/command-runner.js';
import { createRunRequest, runSettings } from '../../../run/create-run-request.js';
import type { HandlerExecution } from '../../../run/handler-execution.js';
import { configuredHook } from '../../../settings/configured-hook-constructor.js';
import type { CommandHandlerSettings } from '../../../settings/settings-schema.js';
import { deepAgentsFieldsFromClaude } from './deepagents-fields-from-claude.js';
import { DEEPAGENTS_OUTPUT_CAP_BYTES } from './deepagents-output-cap.js';

/**
 * Runs a Deep Agents hook (its argv) for a Claude-style event: the Claude payload becomes the exact Deep
 * Agents payload of `event`, and the argv runs through the shared command runner with the Deep Agents
 * 5 s timeout on its process group. What `hookwire deepagents-adapter` does for a converted hook.
 */
export function runAdaptedHook(
  event: DeepAgentsEventName,
  argv: readonly [string, ...string[]],
  claudePayload: Readonly<Record<string, unknown>>,
  options: { cwd: string; signal: AbortSignal },
): Promise<HandlerExecution> {
  const [program, ...args] = argv;
  const handler: CommandHandlerSettings = { type: 'command', command: program, args };
  const hook = configuredHook({
    event,
    handler,
    definitionId: 'adapter',
    provenance: { file: '<deepagents-adapter>', level: 'deepagents', line: 1, column: 1, jsonPath: '$' },
    timeoutSeconds: DEEPAGENTS_TIMEOUTS.command,
  });
  const payload = deepAgentsPayload(event, deepAgentsFieldsFromClaude(event, claudePayload));
  const settings = runSettings({
    cwd: options.cwd,
    projectDir: options.cwd,
    signal: options.signal,
    outputCapBytes: DEEPAGENTS_OUTPUT_CAP_BYTES,
  });
  return runCommand(createRunRequest(hook, payload, JSON.stringify(payload), settings));
}
