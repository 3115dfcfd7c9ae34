import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { temporaryHome } from './engine-harness.js';

/*
 * No capture cap turns a deny into an allow (docs/protocol.md): a hook whose JSON deny ends past the cap is
 * still a deny on an event that can block, in its own words up to the cap and as a located fail-closed
 * block past it; on an event that cannot block, a cut answer is only read as far as it goes. Sizes are
 * generated around the cap (cap - 2 ... cap + 2, and any size up to 3 x the cap).
 */
const CAP = 64 * 1024;
const DENY =
  '"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"big"}}';
/** A hook printing `{"pad":"xxx…",<deny>}` of exactly `size` bytes (size ≥ the frame). */
function bigDeny(size: number): string {
  const frame = `{"pad":"",${DENY}`.length;
  return `printf '{"pad":"'; head -c ${size - frame} /dev/zero | tr '\\0' x; printf '%s' '",${DENY}'`;
}

const homes: Array<ReturnType<typeof temporaryHome>> = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const home of homes.splice(0)) home.remove();
});

async function engineWith(event: string, command: string, outputCapBytes?: number) {
  const home = temporaryHome();
  homes.push(home);
  const engine = await createEngine({
    ...home.options,
    ...(outputCapBytes === undefined ? {} : { outputCapBytes }),
    settings: [{ hooks: { [event]: [{ hooks: [{ type: 'command', command }] }] } }],
  });
  engines.push(engine);
  return { engine, root: home.root };
}

const toolCall = (cwd: string) => ({
  session_id: 's',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  cwd,
});

describe('a large answer is never cut into an allow', () => {
  it('denies around the cap: in its own words up to it, fail closed past it', async () => {
    const frame = `{"pad":"",${DENY}`.length;
    const sizes = fc.sample(fc.integer({ min: frame, max: CAP * 3 }), { numRuns: 4, seed: 7 });
    for (const size of [CAP - 2, CAP - 1, CAP, CAP + 1, CAP + 2, ...sizes]) {
      const { engine, root } = await engineWith('PreToolUse', bigDeny(size), CAP);
      const outcome = await engine.fire('PreToolUse', toolCall(root));
      expect([size, outcome.decision]).toEqual([size, 'deny']);
      expect([size, outcome.reason]).toEqual([
        size,
        size <= CAP
          ? 'big'
          : `[${bigDeny(size)}]: its answer went past hookwire's capture cap (outputCapBytes) and was cut, so it cannot be read whole; blocking (fail closed)`,
      ]);
      expect(outcome.runs[0]?.stdoutTruncated).toBe(size > CAP);
    }
  }, 120_000);

  it('reads a 3 MB deny whole under the default cap, as Claude Code does', async () => {
    const { engine, root } = await engineWith('PreToolUse', bigDeny(3 * 1024 * 1024));
    const outcome = await engine.fire('PreToolUse', toolCall(root));
    expect([outcome.decision, outcome.reason]).toEqual(['deny', 'big']);
  }, 60_000);

  it('negative control: on an event that cannot block, a cut answer blocks nothing', async () => {
    const { engine, root } = await engineWith('SessionStart', bigDeny(CAP + 100), CAP);
    const outcome = await engine.fire('SessionStart', { session_id: 's', source: 'startup', cwd: root });
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]?.stdoutTruncated).toBe(true);
  }, 60_000);
});
