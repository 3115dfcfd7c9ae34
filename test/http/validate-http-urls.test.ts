import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDefaultSources, validateFiles } from '../../src/settings/validate-settings.js';

const root = mkdtempSync(join(tmpdir(), 'hookwire-http-validate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, value: unknown): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

const httpHook = (url: string) => ({
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url }] }] },
});

function errorsOf(report: ReturnType<typeof validateFiles>) {
  return report.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map(({ file, line, column, jsonPath, message }) => ({ file, line, column, jsonPath, message }));
}

describe('validate: http hook URLs', () => {
  it('a URL outside the file’s own allowedHttpHookUrls is a located error', () => {
    const file = write('explicit/blocked.json', {
      allowedHttpHookUrls: ['https://hooks.example.com/*'],
      ...httpHook('https://evil.test/collect'),
    });
    expect(errorsOf(validateFiles([file]))).toEqual([
      {
        file,
        line: 10,
        column: 11,
        jsonPath: 'hooks.PreToolUse[0].hooks[0].url',
        message: 'https://evil.test/collect matches no allowedHttpHookUrls pattern',
      },
    ]);
  });

  it('an empty list blocks, and a metadata literal is always an error', () => {
    const empty = write('explicit/empty.json', { allowedHttpHookUrls: [], ...httpHook('https://a.test/') });
    const metadata = write('explicit/metadata.json', httpHook('http://169.254.169.254/latest/meta-data/'));
    expect(errorsOf(validateFiles([empty, metadata])).map((error) => error.message)).toEqual([
      'allowedHttpHookUrls is an empty list, which blocks every http hook',
      'the network guard refuses this URL: 169.254.169.254 is a cloud metadata or link-local address, always refused',
    ]);
  });

  it('an explicit file with a private or loopback URL is a located warning, not an error (its real level is unknown)', () => {
    // Every private class the network guard refuses: `run --settings FILE` blocks such a guard on every event
    // unless a user or managed pattern opens it, so validate says so before it runs.
    const addresses = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '[::1]',
      '[fd00::1]',
    ];
    for (const address of addresses) {
      const file = write(
        `explicit/private-${addresses.indexOf(address)}.json`,
        httpHook(`http://${address}:8787/audit`),
      );
      const report = validateFiles([file]);
      expect(errorsOf(report)).toEqual([]);
      expect(report.diagnostics.map(({ severity, jsonPath }) => ({ address, severity, jsonPath }))).toEqual([
        { address, severity: 'warning', jsonPath: 'hooks.PreToolUse[0].hooks[0].url' },
      ]);
    }
    // Negative control: a public address, or one the file's own pattern cannot open but a public URL, warns not.
    const open = write('explicit/public.json', httpHook('https://hooks.example.com/audit'));
    expect(validateFiles([open]).diagnostics).toEqual([]);
  });

  it('default sources merge their lists; a project loopback hook needs a user pattern', () => {
    const home = join(root, 'home');
    const project = join(root, 'project');
    const locations = {
      cwd: project,
      projectDir: project,
      homeDir: home,
      managedSettingsPath: join(root, 'no-managed.json'),
      deepAgentsPath: join(root, 'no-deepagents.json'),
    };
    write('project/.claude/settings.json', {
      allowedHttpHookUrls: ['http://127.0.0.1:*'],
      ...httpHook('http://127.0.0.1:8787/audit'),
    });
    expect(errorsOf(validateDefaultSources(locations)).map((error) => error.message)).toEqual([
      'the network guard refuses this URL: 127.0.0.1 is a private, loopback or link-local address, refused unless a user or managed allowedHttpHookUrls pattern allows the URL',
    ]);
    write('home/.claude/settings.json', { allowedHttpHookUrls: ['http://127.0.0.1:8787/*'] });
    expect(errorsOf(validateDefaultSources(locations))).toEqual([]);
  });
});
