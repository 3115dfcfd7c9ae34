import {
  type HandlerExecution,
  type HandlerRunner,
  isRequestOf,
  type RunRequest,
} from './handler-execution.js';
import { PROMPT_HOOK_INSTRUCTIONS } from './model/hook-instructions.js';
import { modelExecution, startModelRun } from './model/model-run.js';
import { renderPrompt } from './model/render-prompt.js';
import { parseVerdictText, verdictJsonSchema } from './model/verdict-schema.js';

/** A verdict is a sentence or two; a small cap keeps a confused model from running up cost and time. */
const PROMPT_MAX_TOKENS = 1024;
/** How much of the model's raw answer is kept in details for reports. */
const ANSWER_RECORD_CHARS = 4000;

/**
 * Runs a `prompt` hook: one model request asking for `{ok, reason?, impossible?}` as structured output.
 * Completes with `verdict` (the reader turns ok:false into the event's block); an API error,
 * refusal, unparseable answer, timeout or cancellation is a failure value naming the model.
 */
export const promptRunner: HandlerRunner<'prompt'> = async (request) => {
  const handler = request.hook.handler;
  const started = await startModelRun(request, handler.model);
  if (!started.ok) return started.execution;
  const { run } = started;
  const base = { provider: run.settings.provider, model: run.settings.model };
  let response: Awaited<ReturnType<typeof run.client.complete>>;
  try {
    response = await run.client.complete({
      model: run.settings.model,
      system: PROMPT_HOOK_INSTRUCTIONS,
      messages: [{ role: 'user', text: renderPrompt(handler.prompt, request.payloadJson) }],
      responseSchema: { name: 'hook_verdict', schema: verdictJsonSchema },
      maxTokens: PROMPT_MAX_TOKENS,
      signal: run.signal,
      timeoutMs: run.remainingMs(),
    });
  } catch (error) {
    return modelExecution(run.startedAt, run.failure(error), base);
  }
  const details = {
    ...base,
    answer: response.text.slice(0, ANSWER_RECORD_CHARS),
    stopReason: response.rawStopReason,
  };
  if (response.stopReason === 'refusal') {
    const why = response.refusal ?? (response.text.trim() || `stop reason ${response.rawStopReason}`);
    return modelExecution(
      run.startedAt,
      { kind: 'failed', error: `${run.label}: the model refused: ${why}` },
      details,
    );
  }
  const parsed = parseVerdictText(response.text);
  if (!parsed.ok) {
    const cutOff =
      response.stopReason === 'max_tokens' ? ' (the answer was cut off at the output limit)' : '';
    return modelExecution(
      run.startedAt,
      { kind: 'failed', error: `${run.label}: ${parsed.error}${cutOff}` },
      details,
    );
  }
  return modelExecution(run.startedAt, { kind: 'completed', verdict: parsed.verdict }, details);
};

/** `promptRunner` for a request of any type: another type is a bug of the caller, thrown. */
export async function runPromptHook(request: RunRequest): Promise<HandlerExecution> {
  if (!isRequestOf(request, 'prompt'))
    throw new TypeError(`runPromptHook got a ${request.hook.handler.type} hook`);
  return promptRunner(request);
}
