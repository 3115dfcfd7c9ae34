import { describe, expect, it } from 'vitest';
import { isBackground } from '../../src/engine/background/is-background.js';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { eventSpec } from '../../src/events/lookup.js';
import { validateSettingsText } from '../../src/settings/validate-settings.js';

function hooksOf(event: string, handler: Record<string, unknown>) {
  const text = JSON.stringify({
    hooks: { [event]: [{ hooks: [{ type: 'command', command: 'x', ...handler }] }] },
  });
  return validateSettingsText(text, { file: 'f.json', level: 'project' }).hooks;
}

describe('the one definition of a background hook', () => {
  it('awaits asyncRewake exactly where the catalogue says so: PreToolUse, even with async', () => {
    expect(EVENT_NAMES.filter((name) => eventSpec(name).awaitsAsyncRewake)).toEqual(['PreToolUse']);
    expect(hooksOf('PreToolUse', { asyncRewake: true }).map(isBackground)).toEqual([false]);
    expect(hooksOf('PreToolUse', { asyncRewake: true, async: true }).map(isBackground)).toEqual([false]);
    expect(hooksOf('PostToolUse', { asyncRewake: true }).map(isBackground)).toEqual([true]);
    expect(hooksOf('Stop', { asyncRewake: true }).map(isBackground)).toEqual([true]);
  });

  it('is async as written otherwise', () => {
    expect(hooksOf('PreToolUse', { async: true }).map(isBackground)).toEqual([true]);
    expect(hooksOf('PreToolUse', {}).map(isBackground)).toEqual([false]);
  });

  it('has the session start and end as catalogue facts, which background results are kept by', () => {
    expect(EVENT_NAMES.filter((name) => eventSpec(name).startsSession)).toEqual(['SessionStart']);
    expect(EVENT_NAMES.filter((name) => eventSpec(name).endsSession)).toEqual(['SessionEnd']);
  });
});
