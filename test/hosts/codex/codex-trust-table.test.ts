import { describe, expect, it } from 'vitest';
import { withCodexTrust } from '../../../src/hosts/codex/install/codex-trust-table.js';

const KEY = '/home/u/.codex/hooks.json:pre_tool_use:1:0';

describe('withCodexTrust', () => {
  it('appends a [hooks.state] table and keeps every other byte', () => {
    const text = '# my config\nmodel = "gpt-5"  # pinned\n\n[projects."/repo"]\ntrust_level = "trusted"\n';
    expect(withCodexTrust('config.toml', text, [{ key: KEY, hash: 'sha256:ab' }], [])).toBe(
      `${text}\n[hooks.state."${KEY}"]\ntrusted_hash = "sha256:ab"\n`,
    );
  });

  it('replaces the hash of a table that exists, and leaves its other keys', () => {
    const text = `[hooks.state."${KEY}"]\ntrusted_hash = "sha256:old"\nenabled = true\n\n[other]\nx = 1\n`;
    expect(withCodexTrust('config.toml', text, [{ key: KEY, hash: 'sha256:new' }], [])).toBe(
      `[hooks.state."${KEY}"]\ntrusted_hash = "sha256:new"\nenabled = true\n\n[other]\nx = 1\n`,
    );
  });

  it('removes the tables of removed keys and nothing else', () => {
    const text = `a = 1\n\n[hooks.state."${KEY}"]\ntrusted_hash = "sha256:x"\n\n[hooks.state."other"]\ntrusted_hash = "sha256:y"\n`;
    expect(withCodexTrust('config.toml', text, [], [KEY])).toBe(
      'a = 1\n\n[hooks.state."other"]\ntrusted_hash = "sha256:y"\n',
    );
  });

  it('writes into an empty file, and keeps CRLF line ends', () => {
    expect(withCodexTrust('config.toml', '', [{ key: 'k', hash: 'h' }], [])).toBe(
      '[hooks.state."k"]\ntrusted_hash = "h"\n',
    );
    expect(withCodexTrust('config.toml', 'a = 1\r\n', [{ key: 'k', hash: 'h' }], [])).toBe(
      'a = 1\r\n\r\n[hooks.state."k"]\r\ntrusted_hash = "h"\r\n',
    );
  });

  it('refuses, with the line, a key spelled another way than as its own table', () => {
    const text = `[hooks.state]\n"${KEY}" = { trusted_hash = "sha256:x" }\n`;
    expect(() => withCodexTrust('config.toml', text, [{ key: KEY, hash: 'h' }], [])).toThrow(
      /config\.toml:2: names the hook/,
    );
  });
});
