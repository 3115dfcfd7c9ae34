import {
  type CallbackRegistration,
  createEngine,
  type HookCallback,
  type HookInput,
  type HookOutput,
  unknownEvent,
} from '../../src/index.js';

/*
 * Type tests of the library's typed events, checked by `tsc --noEmit` (npm run typecheck): each
 * `@ts-expect-error` line must fail to compile (an unused one is itself an error), every other line must
 * compile. test/types/typed-fire.test.ts proves the check is live: without the markers, exactly these lines
 * fail. Never run, only compiled.
 */

export async function typedFire(): Promise<void> {
  const engine = await createEngine({ settings: [] });

  // The correct forms compile.
  await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' });
  await engine.fire('Stop', { stop_hook_active: false });
  await engine.fire('SessionStart');
  await engine.fire('tool.use', { tool_name: 'ls', tool_id: 't1', tool_args: {} });
  await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {}, a_field_the_host_added: 1 });
  // A name known only at run time, and an event the catalogue does not know, go through the escape.
  const fromTheHost: string = 'PreToolUse';
  await engine.fire(unknownEvent(fromTheHost), { anything: true });
  await engine.fire(unknownEvent('SomeNewEvent'));

  // @ts-expect-error tool_input is an object
  await engine.fire('PreToolUse', { tool_input: 1 });
  // @ts-expect-error a misspelt event
  await engine.fire('PreTooluse', { tool_name: 'Bash' });
  // @ts-expect-error a name read at run time needs the explicit escape
  await engine.fire(fromTheHost, {});
  // @ts-expect-error a payload naming another event
  await engine.fire('Stop', { hook_event_name: 'SubagentStop' });
  // @ts-expect-error Deep Agents' tool_args is an object
  await engine.fire('tool.use', { tool_args: 'ls' });
}

export const callbacks: CallbackRegistration[] = [
  {
    event: 'PreToolUse',
    matcher: 'Bash',
    hook: {
      type: 'callback',
      name: 'guard',
      callback: (payload) => {
        const command: unknown = payload.tool_input.command;
        return command === 'rm -rf /'
          ? { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' } }
          : undefined;
      },
    },
  },
  {
    event: 'Stop',
    hook: {
      type: 'callback',
      name: 'tests',
      callback: async () => ({ decision: 'block', reason: 'run the tests' }),
    },
  },
];

export const wrongAnswer: HookCallback<'PreToolUse'> = () => ({
  // @ts-expect-error PreToolUse's permission decisions are allow, deny, ask and defer
  hookSpecificOutput: { permissionDecision: 'maybe' },
});

// @ts-expect-error tool_name is a string
export const wrongField: HookCallback<'PostToolUse'> = (payload) => void (payload.tool_name satisfies number);

export function hookTypes(input: HookInput<'PreToolUse'>): HookOutput<'PreToolUse'> {
  const name: string = input.tool_name;
  const event: 'PreToolUse' = input.hook_event_name;
  return { hookSpecificOutput: { hookEventName: event, additionalContext: name } };
}
