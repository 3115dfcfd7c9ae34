import { describe, expect, it } from 'vitest';
import { isProcessGroupAlive, killProcessGroup } from '../../src/run/process/kill-process-group.js';

describe('killProcessGroup', () => {
  it.each([-1, 0, 1, Number.NaN, 2.5])(
    'refuses the group id %s, which would reach processes not ours',
    (pgid) => {
      expect(killProcessGroup(pgid, 0)).toBe(false);
      expect(isProcessGroupAlive(pgid)).toBe(false);
    },
  );

  it('reports a group that does not exist as gone', () => {
    expect(isProcessGroupAlive(2 ** 22 + 12345)).toBe(false);
  });
});
