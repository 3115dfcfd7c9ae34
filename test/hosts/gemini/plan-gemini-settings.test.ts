import { describe, expect, it } from 'vitest';
import type { GeminiEventName } from '../../../src/hosts/gemini/gemini-events.js';
import {
  type GeminiCommandHandler,
  planGeminiSettings,
} from '../../../src/hosts/gemini/install/plan-gemini-settings.js';

const handler = (event: string, timeout = 60_000): GeminiCommandHandler => ({
  name: 'hookwire',
  type: 'command',
  command: `hookwire run --host gemini ${event}`,
  timeout,
});
const wanted = (...events: GeminiEventName[]) => new Map(events.map((event) => [event, handler(event)]));

const USER_SETTINGS = `{
  // the user's own
  "theme": "GitHub",
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./guard.sh" }] }
    ]
  }
}
`;

describe("hookwire init gemini's edit of a Gemini settings file", () => {
  it("appends hookwire's group after the user's, and undoing gives back every byte", () => {
    const installed = planGeminiSettings('settings.json', USER_SETTINGS, wanted('BeforeTool', 'AfterAgent'));
    expect(installed.startsWith(USER_SETTINGS.slice(0, USER_SETTINGS.indexOf(' }\n    ]')))).toBe(true);
    expect(installed).toContain("// the user's own");
    const parsed = JSON.parse(installed.replace(/^\s*\/\/.*$/m, ''));
    expect(parsed.hooks).toEqual({
      BeforeTool: [
        { matcher: 'write_file', hooks: [{ type: 'command', command: './guard.sh' }] },
        { hooks: [handler('BeforeTool')] },
      ],
      AfterAgent: [{ hooks: [handler('AfterAgent')] }],
    });
    expect(planGeminiSettings('settings.json', installed, new Map())).toBe(USER_SETTINGS);
  });

  it('changes nothing when run again, and rewrites its own group in place when the timeout changes', () => {
    const once = planGeminiSettings('settings.json', USER_SETTINGS, wanted('BeforeTool'));
    expect(planGeminiSettings('settings.json', once, wanted('BeforeTool'))).toBe(once);
    const longer = planGeminiSettings(
      'settings.json',
      once,
      new Map([['BeforeTool', handler('BeforeTool', 125_000)]]),
    );
    expect(JSON.parse(longer.replace(/^\s*\/\/.*$/m, '')).hooks.BeforeTool[1].hooks[0].timeout).toBe(125_000);
  });

  it('removes the group of an event no longer used, and the event with it', () => {
    const both = planGeminiSettings('settings.json', '{}', wanted('SessionStart', 'BeforeAgent'));
    const one = planGeminiSettings('settings.json', both, wanted('BeforeAgent'));
    expect(JSON.parse(one)).toEqual({ hooks: { BeforeAgent: [{ hooks: [handler('BeforeAgent')] }] } });
  });

  it('refuses a file it cannot read, with where', () => {
    expect(() => planGeminiSettings('/p/.gemini/settings.json', '{\n "hooks": [1,\n', wanted())).toThrow(
      /^\/p\/\.gemini\/settings\.json:\d+: /,
    );
    expect(() => planGeminiSettings('s.json', '{"hooks": []}', wanted())).toThrow(
      's.json: "hooks" must be an object of events',
    );
  });
});
