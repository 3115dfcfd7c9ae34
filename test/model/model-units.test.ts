import { describe, expect, it } from 'vitest';
import { compileGlob, globMatches } from '../../src/run/model/agent-tools/glob-pattern.js';
import { selectAgentTools } from '../../src/run/model/agent-tools/select-agent-tools.js';
import { renderPrompt } from '../../src/run/model/render-prompt.js';
import { resolveModelSettings } from '../../src/run/model/resolve-model-settings.js';
import { parseVerdictText, parseVerdictValue } from '../../src/run/model/verdict-schema.js';

describe('renderPrompt', () => {
  it.each([
    ['Judge $ARGUMENTS please', 'Judge {"a":1} please'],
    ['$ARGUMENTS and again $ARGUMENTS', '{"a":1} and again {"a":1}'],
    ['Judge this', 'Judge this\n\n{"a":1}'],
    ['Costs \\$ARGUMENTS', 'Costs $ARGUMENTS\n\n{"a":1}'],
    ['Price \\$5 for $ARGUMENTS', 'Price $5 for {"a":1}'],
    ['$HOME stays', '$HOME stays\n\n{"a":1}'],
  ])('%j', (prompt, expected) => {
    expect(renderPrompt(prompt, '{"a":1}')).toBe(expected);
  });

  it('does not expand replacement patterns inside the payload', () => {
    expect(renderPrompt('x $ARGUMENTS', '{"k":"$& $1"}')).toBe('x {"k":"$& $1"}');
  });
});

describe('verdicts', () => {
  it.each([
    ['{"ok": true}', { ok: true }],
    [' {"ok": false, "reason": "r", "extra": 1} ', { ok: false, reason: 'r' }],
    ['```\n{"ok": true, "impossible": false}\n```', { ok: true, impossible: false }],
  ])('reads %j', (text, verdict) => {
    expect(parseVerdictText(text)).toEqual({ ok: true, verdict });
  });

  it.each([
    ['', 'the model gave an empty answer'],
    ['ok', 'the answer is not JSON: ok'],
    ['[true]', 'the answer is not a verdict: Invalid input: expected object, received array'],
    [
      '{"reason": "x"}',
      'the answer is not a verdict at ok: Invalid input: expected boolean, received undefined',
    ],
  ])('rejects %j', (text, error) => {
    expect(parseVerdictText(text)).toEqual({ ok: false, error });
  });

  it('validates tool inputs the same way', () => {
    expect(parseVerdictValue({ ok: false, reason: 'no' })).toEqual({
      ok: true,
      verdict: { ok: false, reason: 'no' },
    });
    expect(parseVerdictValue('{"ok": true}').ok).toBe(false);
  });
});

describe('resolveModelSettings', () => {
  it('defaults to Anthropic and a small model', () => {
    expect(resolveModelSettings(undefined, undefined, {})).toEqual({
      ok: true,
      settings: {
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        baseURL: undefined,
        apiKey: undefined,
        authToken: undefined,
      },
    });
  });

  it('reads the environment by provider', () => {
    const environment = {
      HOOKWIRE_MODEL_PROVIDER: 'openai',
      HOOKWIRE_MODEL: 'qwen3-8b',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      OPENAI_API_KEY: 'k',
      ANTHROPIC_API_KEY: 'not this one',
    };
    expect(resolveModelSettings(undefined, undefined, environment)).toEqual({
      ok: true,
      settings: {
        provider: 'openai',
        model: 'qwen3-8b',
        baseURL: 'http://127.0.0.1:8080/v1',
        apiKey: 'k',
        authToken: undefined,
      },
    });
  });

  it('prefers the handler model, then engine options, then the environment', () => {
    const environment = { HOOKWIRE_MODEL: 'from-env', ANTHROPIC_BASE_URL: 'http://env' };
    const options = { defaultModel: 'from-options', baseURL: 'http://options' };
    expect(resolveModelSettings(options, 'from-handler', environment)).toMatchObject({
      settings: { model: 'from-handler', baseURL: 'http://options' },
    });
    expect(resolveModelSettings(options, undefined, environment)).toMatchObject({
      settings: { model: 'from-options' },
    });
    expect(resolveModelSettings(undefined, undefined, environment)).toMatchObject({
      settings: { model: 'from-env' },
    });
  });

  it('names an unknown provider', () => {
    expect(resolveModelSettings(undefined, undefined, { HOOKWIRE_MODEL_PROVIDER: 'gemini' })).toEqual({
      ok: false,
      provider: 'gemini',
      error: 'unknown model provider "gemini" (HOOKWIRE_MODEL_PROVIDER must be anthropic or openai)',
    });
  });
});

describe('globs', () => {
  it.each([
    ['*.ts', 'src/deep/a.ts', true],
    ['*.ts', 'a.tsx', false],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/deep/a.ts', false],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/deep/er/a.ts', true],
    ['**/*.{js,json}', 'a/b.json', true],
    ['file?.md', 'file1.md', true],
    ['[ab].txt', 'c.txt', false],
    ['a.b', 'axb', false],
  ])('%s against %s is %s', (pattern, subject, expected) => {
    expect(globMatches(compileGlob(pattern), subject)).toBe(expected);
  });
});

describe('selectAgentTools', () => {
  it('narrows by exact name and reports unknown names', () => {
    const selection = selectAgentTools(['Glob', 'read', 'Read']);
    expect(selection.tools.map((tool) => tool.name)).toEqual(['Read', 'Glob']);
    expect(selection.unknown).toEqual(['read']);
  });
});
