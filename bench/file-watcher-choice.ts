/**
 * Why the file watcher (src/watch/) uses node:fs.watch rather than chokidar: both watch the same tree in the
 * same run, in turns, and the table gives each one's time to get ready, the longest it blocks the event
 * loop meanwhile, and the delay
 * from a write to its event, with chokidar's as ratios of fs.watch's (docs/host-helpers.md quotes a run).
 *
 *   npx tsx bench/file-watcher-choice.ts [directories=2000] [writes=40]
 *
 * chokidar is not a dependency of hookwire: the script uses it when node_modules has it (another package
 * brings it), and says so when it does not.
 */
import { watch as fsWatch, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Watching {
  close(): Promise<void> | void;
}
type Start = (root: string, onEvent: (path: string) => void) => Promise<Watching>;

const directories = Number(process.argv[2] ?? 2000);
const writes = Number(process.argv[3] ?? 40);

const root = mkdtempSync(join(tmpdir(), 'hookwire-watch-bench-'));
for (let index = 0; index < directories; index++) {
  const directory = join(root, `d${index % 50}`, `e${index}`);
  mkdirSync(directory, { recursive: true });
  for (let file = 0; file < 5; file++) writeFileSync(join(directory, `f${file}.txt`), 'x');
}

const nodeWatch: Start = async (path, onEvent) => {
  const watcher = fsWatch(path, { recursive: true }, (_type, name) => onEvent(String(name)));
  return { close: () => watcher.close() };
};

async function chokidarWatch(): Promise<Start | undefined> {
  try {
    const chokidar = (await import('chokidar' as string)) as {
      watch(
        path: string,
        options: object,
      ): {
        on(event: string, listener: (...args: unknown[]) => void): unknown;
        close(): Promise<void>;
      };
    };
    return (path, onEvent) =>
      new Promise((resolve) => {
        const watcher = chokidar.watch(path, { ignoreInitial: true });
        watcher.on('all', (_event, changed) => onEvent(String(changed)));
        watcher.on('ready', () => resolve(watcher));
      });
  } catch {
    return undefined;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(start: Start) {
  // The longest the event loop stood still while the watcher got ready: what the host's other work waits.
  let longestStallMs = 0;
  let tick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - tick);
    tick = now;
  }, 5);
  const startedAt = performance.now();
  let waiting: ((path: string) => void) | undefined;
  const watching = await start(root, (path) => waiting?.(path));
  const readyMs = performance.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  const delays: number[] = [];
  for (let index = 0; index < writes; index++) {
    const directory = (index * 37) % directories;
    const target = join(root, `d${directory % 50}`, `e${directory}`, 'f0.txt');
    const seen = new Promise<void>((resolve) => {
      waiting = (path) => {
        if (target.endsWith(path) || path === target) resolve();
      };
    });
    const writtenAt = performance.now();
    writeFileSync(target, String(index));
    await seen;
    delays.push(performance.now() - writtenAt);
  }
  waiting = undefined;
  await watching.close();
  return { readyMs, stallMs: longestStallMs, delayMs: median(delays) };
}

const chokidar = await chokidarWatch();
const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
// Two rounds each, interleaved, so neither one always runs on a warmer cache.
for (let round = 0; round < 2; round++) {
  rows.push(['node:fs.watch (recursive)', await measure(nodeWatch)]);
  if (chokidar !== undefined) rows.push(['chokidar', await measure(chokidar)]);
}
rmSync(root, { recursive: true, force: true });

const best = (name: string) => {
  const mine = rows.filter(([label]) => label === name).map(([, result]) => result);
  return {
    readyMs: Math.min(...mine.map((result) => result.readyMs)),
    stallMs: Math.min(...mine.map((result) => result.stallMs)),
    delayMs: Math.min(...mine.map((result) => result.delayMs)),
  };
};
const base = best('node:fs.watch (recursive)');
console.log(
  `${directories} directories, ${directories * 5} files; median delay over ${writes} writes; best of 2 rounds`,
);
console.log('| watcher | ready | longest event-loop stall | write → event |');
console.log('|---|---|---|---|');
for (const name of ['node:fs.watch (recursive)', ...(chokidar === undefined ? [] : ['chokidar'])]) {
  const result = best(name);
  const ratio = (value: number, of: number) => (name === 'chokidar' ? ` (×${(value / of).toFixed(1)})` : '');
  console.log(
    `| ${name} | ${result.readyMs.toFixed(0)} ms${ratio(result.readyMs, base.readyMs)} | ${result.stallMs.toFixed(0)} ms${ratio(result.stallMs, base.stallMs)} | ${result.delayMs.toFixed(1)} ms${ratio(result.delayMs, base.delayMs)} |`,
  );
}
if (chokidar === undefined) console.log('chokidar is not installed: only node:fs.watch was measured.');
