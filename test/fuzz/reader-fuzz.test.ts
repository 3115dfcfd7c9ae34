import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { specOf } from '../../src/events/lookup.js';
import { readModelVerdict } from '../../src/read/model-verdict.js';
import { readExecution } from '../../src/read/read-execution.js';
import type { HandlerExecution } from '../../src/run/handler-execution.js';
import { parseVerdictText } from '../../src/run/model/verdict-schema.js';
import { configuredHook } from '../engine/engine-harness.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * What a hook prints (a command's stdout and stderr, an http body, a model's answer) is untrusted text. The
 * reader must never throw on it, and a JSON object means the same whatever whitespace surrounds it.
 */

const OUTPUT_KEYS = [
  'continue',
  'stopReason',
  'suppressOutput',
  'systemMessage',
  'decision',
  'reason',
  'hookSpecificOutput',
  'hookEventName',
  'permissionDecision',
  'permissionDecisionReason',
  'updatedInput',
  'additionalContext',
  'ok',
  'impossible',
  'behavior',
  'message',
  'interrupt',
  'worktreePath',
  'updatedMCPToolOutput',
];
const outputValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('allow', 'deny', 'ask', 'block', 'approve', 'defer', 'PreToolUse', 'Stop', ''),
    fc.string({ maxLength: 20 }),
    fc.boolean(),
    fc.integer(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...OUTPUT_KEYS), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const outputObject = fc.dictionary(fc.constantFrom(...OUTPUT_KEYS), outputValue, { maxKeys: 5 });
const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 6 });
const event = fc.constantFrom(...EVENT_NAMES, 'SomeUnknownEvent');
const handlerType = fc.constantFrom('command', 'http');
const printed = fc.oneof(
  fc.string({ maxLength: 200 }),
  outputObject.map((value) => JSON.stringify(value)),
  outputObject.map((value) => `log line\n${JSON.stringify(value)}`),
  fc.string({ unit: fc.constantFrom('{', '}', '"', ':', '[', ']', ',', '\u0000', '\ufffd'), maxLength: 40 }),
);

function execution(stdout: string, fields: Partial<HandlerExecution> = {}): HandlerExecution {
  return {
    kind: 'completed',
    exitCode: 0,
    signal: null,
    stdout,
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 1,
    ...fields,
  };
}

const hookOf = (type: string, name: string) =>
  configuredHook({
    event: name,
    handler:
      type === 'http' ? { type: 'http', url: 'http://127.0.0.1:1/hook' } : { type: 'command', command: 'x' },
  });

describe('the hook output reader', () => {
  it('never throws, whatever a hook printed, on any exit and any event', async () => {
    const kind = fc.constantFrom('completed', 'timed_out', 'failed', 'cancelled') as fc.Arbitrary<
      HandlerExecution['kind']
    >;
    await fuzzCheck(
      'reader: any output',
      fc.property(
        event,
        handlerType,
        kind,
        fc.oneof(fc.constantFrom(0, 1, 2, 126, 127), fc.integer()),
        printed,
        printed,
        fc.boolean(),
        (name, type, runKind, exitCode, stdout, stderr, truncated) => {
          const verdict = readExecution(
            name,
            hookOf(type, name),
            execution(stdout, { kind: runKind, exitCode, stderr, stdoutTruncated: truncated }),
          );
          expect(typeof verdict.status).toBe('string');
        },
      ),
      600,
    );
  });

  it('gives the same verdict for a JSON object whatever whitespace surrounds it', async () => {
    await fuzzCheck(
      'reader: whitespace stability',
      fc.property(
        event,
        handlerType,
        fc.constantFrom(0, 1, 2),
        outputObject,
        whitespace,
        whitespace,
        (name, type, exitCode, value, before, after) => {
          const hook = hookOf(type, name);
          const bare = readExecution(name, hook, execution(JSON.stringify(value), { exitCode }));
          const padded = readExecution(
            name,
            hook,
            execution(`${before}${JSON.stringify(value, null, 1)}${after}`, { exitCode }),
          );
          // PreCompact passes its raw stdout, JSON and whitespace included, to the compaction (observed in
          // Claude Code): there only the context differs, and it is the raw text.
          if (specOf(name).plainStdout === 'compaction-instructions') {
            const { additionalContext: _bare, ...bareEffects } = bare.effects;
            const { additionalContext: _padded, ...paddedEffects } = padded.effects;
            expect({ ...padded, effects: paddedEffects }).toEqual({ ...bare, effects: bareEffects });
          } else {
            expect(padded).toEqual(bare);
          }
        },
      ),
      600,
    );
  });

  it('reads any model answer as a verdict or a located refusal, never a throw', async () => {
    const answer = fc.oneof(
      fc.string({ maxLength: 100 }),
      outputObject.map((value) => JSON.stringify(value)),
      outputObject.map((value) => `\`\`\`json\n${JSON.stringify(value)}\n\`\`\``),
      fc
        .record({ ok: fc.boolean(), reason: fc.option(fc.string()), impossible: fc.option(fc.boolean()) })
        .map((value) => JSON.stringify(value)),
    );
    await fuzzCheck(
      'reader: model answer',
      fc.property(event, answer, whitespace, (name, text, padding) => {
        const parsed = parseVerdictText(text);
        expect(parseVerdictText(`${padding}${text}${padding}`)).toEqual(parsed);
        if (parsed.ok)
          expect(typeof readModelVerdict(specOf(name), 'prompt', parsed.verdict).status).toBe('string');
        else expect(parsed.error.length).toBeGreaterThan(0);
      }),
      600,
    );
  });
});
