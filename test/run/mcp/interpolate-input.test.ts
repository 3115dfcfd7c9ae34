import { describe, expect, it } from 'vitest';
import { interpolateInput } from '../../../src/run/mcp/interpolate-input.js';

const hookInput = {
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /', timeout: 30, flags: ['-r', '-f'] },
  empty: null,
  zero: 0,
  no: false,
};

describe('interpolateInput', () => {
  it.each([
    ['a whole value', '${tool_name}', 'Bash'],
    ['a dotted path', 'run: ${tool_input.command}', 'run: rm -rf /'],
    ['several placeholders', '${hook_event_name}/${tool_name}', 'PreToolUse/Bash'],
    ['a missing path reads as empty', '[${tool_input.nothing.deeper}]', '[]'],
    ['null reads as empty', '[${empty}]', '[]'],
    ['an object reads as its JSON', '${tool_input}', JSON.stringify(hookInput.tool_input)],
    ['an array reads as its JSON', '${tool_input.flags}', '["-r","-f"]'],
    ['a number as text', '${tool_input.timeout}s', '30s'],
    ['zero and false are not empty', '${zero} ${no}', '0 false'],
    ['no path through a string', '${tool_name.length}', ''],
    ['no prototype lookups', '${constructor}|${tool_input.__proto__}', '|'],
    [
      'names outside the pattern stay as written',
      '${tool-name} ${1x} ${ tool_name }',
      '${tool-name} ${1x} ${ tool_name }',
    ],
    ['a bare $name is not a placeholder', '$tool_name', '$tool_name'],
  ])('%s', (_name, template, expected) => {
    expect(interpolateInput(template, hookInput)).toBe(expected);
  });

  it('goes through arrays and objects, leaving keys and non-string values alone', () => {
    const input = {
      command: '${tool_input.command}',
      '${tool_name}': 'key kept',
      nested: { list: ['${tool_name}', 1, true, null, { deep: '${zero}' }] },
      count: 3,
    };
    expect(interpolateInput(input, hookInput)).toEqual({
      command: 'rm -rf /',
      '${tool_name}': 'key kept',
      nested: { list: ['Bash', 1, true, null, { deep: '0' }] },
      count: 3,
    });
  });

  it('keeps a __proto__ key an own key', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "${tool_name}"}}') as unknown;
    const result = interpolateInput(input, hookInput) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toEqual({ polluted: 'Bash' });
  });

  it('does not change the configured input', () => {
    const input = { a: ['${tool_name}'] };
    interpolateInput(input, hookInput);
    expect(input).toEqual({ a: ['${tool_name}'] });
  });
});
