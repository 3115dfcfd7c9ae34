import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/settings/configured-hook.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { validateDefaultSources, validateFiles } from '../../src/settings/validate-settings.js';
import { fuzzCheck } from './fuzz-check.js';
import { HOSTILE_TEXTS, mutatedExample, settingsLikeText } from './settings-mutations.js';

/*
 * Settings files are untrusted text: whatever bytes a file holds, `validate` and the loader must return (no
 * throw, no hang), locate every diagnostic, and agree: what validate accepts without an error loads without
 * one, and every problem the loader reports, validate reports at the same place.
 */

const root = mkdtempSync(join(tmpdir(), 'hookwire-fuzz-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const empty = join(root, 'empty');
const locations = {
  cwd: root,
  projectDir: empty,
  homeDir: empty,
  managedSettingsPath: join(root, 'no-managed.json'),
  deepAgentsPath: join(root, 'no-deepagents.json'),
};
let fileCount = 0;

function expectLocated(diagnostics: readonly Diagnostic[], file: string): void {
  for (const diagnostic of diagnostics) {
    expect(diagnostic.file).toBe(file);
    expect(Number.isInteger(diagnostic.line) && diagnostic.line >= 1).toBe(true);
    expect(Number.isInteger(diagnostic.column) && diagnostic.column >= 1).toBe(true);
    expect(typeof diagnostic.jsonPath).toBe('string');
    expect(diagnostic.message.length).toBeGreaterThan(0);
  }
}

const place = (diagnostic: Diagnostic) => `${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`;

/** Loads and validates `bytes` as an explicit settings file and as the Deep Agents source; checks the promises. */
function checkSettingsBytes(bytes: Buffer): void {
  const file = join(root, `settings-${++fileCount}.json`);
  writeFileSync(file, bytes);
  try {
    for (const asDeepAgents of [false, true]) {
      const where = asDeepAgents ? { ...locations, deepAgentsPath: file } : { ...locations, files: [file] };
      const validated = asDeepAgents ? validateDefaultSources(where) : validateFiles([file]);
      const loaded = loadSettings(where);
      expectLocated(validated.diagnostics, file);
      expectLocated(loaded.diagnostics, file);
      const validateErrors = validated.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      if (validateErrors.length === 0) {
        expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        expect(loaded.files.map((loadedFile) => loadedFile.format)).toEqual(
          validated.files.map((validatedFile) => validatedFile.format),
        );
      }
      // Severity may differ (the loader warns about Deep Agents entries that validate calls errors); the place
      // and the message may not.
      const validatePlaces = new Set(validated.diagnostics.map(place));
      for (const diagnostic of loaded.diagnostics) expect(validatePlaces).toContain(place(diagnostic));
    }
  } finally {
    rmSync(file, { force: true });
  }
}

describe('settings files: validate and the loader never throw, locate everything, and agree', () => {
  it('on mutations of the shipped examples', async () => {
    await fuzzCheck(
      'settings: mutated examples',
      fc.property(mutatedExample, (text) => checkSettingsBytes(Buffer.from(text))),
      120,
    );
  }, 120_000);

  it('on random settings-shaped JSON and JSONC, with comments, trailing commas and BOMs', async () => {
    await fuzzCheck(
      'settings: random JSON/JSONC',
      fc.property(settingsLikeText, (text) => checkSettingsBytes(Buffer.from(text))),
      120,
    );
  }, 120_000);

  it('on invalid UTF-8 and NUL bytes spliced into an example', async () => {
    const bytes = fc.tuple(
      mutatedExample,
      fc.array(
        fc.tuple(fc.nat(), fc.constantFrom(0x00, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xf4, 0xf8, 0xff)),
      ),
    );
    await fuzzCheck(
      'settings: invalid UTF-8',
      fc.property(bytes, ([text, splices]) => {
        let buffer = Buffer.from(text);
        for (const [at, byte] of splices) {
          const position = at % (buffer.length + 1);
          buffer = Buffer.concat([buffer.subarray(0, position), Buffer.of(byte), buffer.subarray(position)]);
        }
        checkSettingsBytes(buffer);
      }),
      60,
    );
  }, 120_000);

  it.each(
    HOSTILE_TEXTS.map((text) => [
      text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text,
      text,
    ]),
  )(
    'on a hostile document: %s',
    (_label, text) => {
      checkSettingsBytes(Buffer.from(text));
    },
    60_000,
  );
});
