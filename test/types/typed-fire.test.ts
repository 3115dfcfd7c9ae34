import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The negative control of the type tests in typed-fire.ts, which `tsc --noEmit` checks: the same file with
 * its `@ts-expect-error` markers taken out must fail to compile on exactly the marked lines, so the markers
 * stand for real errors and the check runs (a marker over a line that compiles fails tsc as unused).
 */

const root = join(import.meta.dirname, '..', '..');
const source = join(import.meta.dirname, 'typed-fire.ts');
const unmarked = join(import.meta.dirname, 'typed-fire.unmarked.tmp.ts');

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

let previous: ts.Program | undefined;

/** The 1-based lines of the errors tsc reports in `file` (the second program reuses the first's files). */
function errorLines(file: string): number[] {
  const program = ts.createProgram([file], { ...compilerOptions(), noEmit: true }, undefined, previous);
  previous = program;
  const target = program.getSourceFile(file);
  return ts
    .getPreEmitDiagnostics(program, target)
    .filter((diagnostic) => diagnostic.file === target && diagnostic.start !== undefined)
    .map(
      (diagnostic) => (target as ts.SourceFile).getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
    );
}

afterAll(() => {
  rmSync(unmarked, { force: true });
});

describe('typed events (test/types/typed-fire.ts)', () => {
  it('compiles with its markers, and without them fails on exactly the marked lines', () => {
    const lines = readFileSync(source, 'utf8').split('\n');
    const marked = lines.flatMap((line, index) =>
      line.trim().startsWith('// @ts-expect-error') ? [index + 2] : [],
    );
    expect(marked.length).toBeGreaterThan(5);
    expect(errorLines(source)).toEqual([]);
    // Each marker becomes an empty comment, so the lines keep their numbers.
    writeFileSync(unmarked, lines.map((line) => line.replace('// @ts-expect-error', '//')).join('\n'));
    expect([...new Set(errorLines(unmarked))]).toEqual(marked);
  }, 120_000);
});
