import { describe, expect, it } from 'vitest';
import { hookwireInvocation } from '../../src/cli/init/hookwire-invocation.js';

describe('how catch-all entries call hookwire', () => {
  it.each([
    ['/home/dev/app/node_modules/hookwire/dist/cli.js', '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire'],
    ['/home/me/.npm/_npx/1a2b3c/node_modules/hookwire/dist/cli.js', 'npx --yes hookwire@1.2.3'],
    ['/usr/local/lib/node_modules/hookwire/dist/cli.js', 'hookwire'],
    ['/home/dev/other/node_modules/hookwire/dist/cli.js', 'hookwire'],
  ])('from %s: %s', (cliPath, expected) => {
    expect(hookwireInvocation(cliPath, '/home/dev/app', '1.2.3')).toBe(expected);
  });
});
