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

/** The 1-based lines of the errors tsc reports in `file`, one of the program's roots. */
function errorLines(program: ts.Program, file: string): number[] {
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
    // Each marker becomes an empty comment, so the lines keep their numbers.
    writeFileSync(unmarked, lines.map((line) => line.replace('// @ts-expect-error', '//')).join('\n'));
    // One program for both files: the library's types are checked once, not once per file.
    const program = ts.createProgram([source, unmarked], { ...compilerOptions(), noEmit: true });
    expect(errorLines(program, source)).toEqual([]);
    expect([...new Set(errorLines(program, unmarked))]).toEqual(marked);
    // A compile in this process, which cannot hang: the limit only has to outlast a starved machine (the
    // previous 120 s, with two programs, ran out beside a load of 35 on 2 cores).
  }, 300_000);
});
