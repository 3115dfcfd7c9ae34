import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImportsOf, SOURCE, typeScriptFilesUnder } from './source-files.js';

/*
 * The engine's files form no import cycle, type-only imports included: a cycle of `import type` costs
 * nothing at run time, but it ties every file of the ring to every other, so none can be read, moved or
 * tested alone. Imports out of src/engine/ cannot close a ring through it (the layering test keeps them
 * pointing up), so the engine's own files are the whole graph.
 */
const engine = join(SOURCE, 'engine/');

/** Each engine file and the engine files it imports, as paths relative to src/engine/. */
function engineGraph(): Map<string, string[]> {
  const files = typeScriptFilesUnder(engine);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imports = relativeImportsOf(file)
      .map((target) => target.replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith(engine))
      .map((target) => relative(engine, target));
    graph.set(relative(engine, file), imports);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the files of the ring with the first repeated. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const at = path.indexOf(file);
    if (at !== -1) {
      cycles.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    path.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return cycles;
}

describe('the imports of src/engine/', () => {
  it('form no cycle, type-only imports included', () => {
    expect([...new Set(cyclesOf(engineGraph()).map((cycle) => cycle.join(' -> ')))]).toEqual([]);
  });

  it('are read by this test (a ring drawn by hand is found)', () => {
    const ring = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cyclesOf(ring)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(engineGraph().get('create-engine.ts')?.length).toBeGreaterThan(0);
  });
});
