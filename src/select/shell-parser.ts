import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';

/** Why a command line has no syntax tree. */
export interface Unparsed {
  readonly unparsed:
    | 'syntax error'
    | 'too complex'
    | 'group or process substitution'
    | 'parser not loaded'
    | 'parser unavailable';
}

/**
 * The state of the one Bash parser of the process: tree-sitter's Bash grammar on web-tree-sitter, loaded on
 * first need only (about 100 ms of WebAssembly compilation: an event whose `if` rules never need to split a
 * command never pays it). `undefined` until a load was asked for.
 */
let loading: Promise<Parser | null> | undefined;
let loaded: Parser | null | undefined;
let baselineCompilerOnly = false;

/**
 * For a process that lives for one event (`hookwire run`, `fire`): compile the grammar with V8's baseline
 * WebAssembly compiler only. Otherwise V8 goes on optimising the 1.3 MB grammar on background threads after
 * the parse, and the process cannot exit until that is done: measured 5 to 20 s on a loaded 2-core machine,
 * during which the host waits for the hook. Not the default for the library, since the V8 flag holds for
 * every module the process compiles later, and a long-lived host may want its own WebAssembly optimised.
 */
export function compileShellParserForShortLivedProcess(): void {
  baselineCompilerOnly = true;
}

/**
 * Loads the parser once per process; resolves when it is usable (or known to be unavailable: the optional
 * `tree-sitter-bash` package missing, or its grammar failing to load). Never rejects.
 */
export function loadShellParser(): Promise<void> {
  loading ??= loadParser().then(
    (parser) => {
      loaded = parser;
      return parser;
    },
    () => {
      loaded = null;
      return null;
    },
  );
  return loading.then(() => undefined);
}

/** Whether `loadShellParser` has finished (with or without a parser): parsing is then synchronous. */
export function shellParserSettled(): boolean {
  return loaded !== undefined;
}

async function loadParser(): Promise<Parser> {
  // `node:v8` is imported only here: loading it costs more than an event that needs no parser may spend.
  if (baselineCompilerOnly) (await import('node:v8')).setFlagsFromString('--liftoff-only');
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const grammar = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  const language = await Language.load(grammar);
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/**
 * Parses a command line with the loaded parser and gives its syntax tree's root to `read` (the tree is freed
 * after: it lives in the parser's WebAssembly memory). tree-sitter recovers from errors rather than failing,
 * so a tree with an error or a missing node (an unclosed quote, `ls &&`) is a syntax error: callers fail
 * closed on it rather than guess what the shell would run.
 */
export function readShell<T>(text: string, read: (root: Node) => T): T | Unparsed {
  if (loaded === undefined) return { unparsed: 'parser not loaded' };
  if (loaded === null) return { unparsed: 'parser unavailable' };
  const tree = loaded.parse(text);
  if (tree === null) return { unparsed: 'syntax error' };
  try {
    return tree.rootNode.hasError ? { unparsed: 'syntax error' } : read(tree.rootNode);
  } finally {
    tree.delete();
  }
}
