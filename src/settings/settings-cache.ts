import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LoadedSettings } from './configured-hook.js';
import { type LoadSettingsOptions, loadSettings, type SourceReading } from './load-settings.js';
import { type PlannedSource, readSourceText } from './settings-sources.js';
import { readTrustStore } from './trust-store.js';

/** How many loadings a cache keeps by default: one per project and settings-file set a user works in. */
const DEFAULT_ENTRIES = 32;

/** One source as the loader read it: absent, a located failure, or its exact bytes. */
interface ReadSource {
  readonly source: PlannedSource;
  readonly reading: string | Buffer;
}

/** Everything a loading depended on, apart from its options (the cache key). */
interface Inputs {
  readonly sources: readonly ReadSource[];
  /** The real path of every path the trust rules resolve (the project, the home, each file and directory). */
  readonly realPaths: string;
  /** The trust store as the loader would read it now (ownership and mode checks included). */
  readonly store: string;
}

interface Entry {
  readonly settings: LoadedSettings;
  readonly inputs: Inputs;
}

/**
 * Loadings of settings kept between engines (the daemon's: one engine per event), each reused only while
 * everything it was made from is as it was: every source read again (its exact bytes compared, a missing
 * file still missing), the real path of every file and directory the trust rules resolve, and the trust
 * store read again as the loader reads it. What is saved is the parsing, checking and hashing, and the walks
 * the trust rules make; an edited, untrusted, re-trusted, created or removed file is seen by the next
 * loading. Sources whose loading reads more than files (plugins, inline objects) are never kept. At most
 * `entries` loadings are kept, the least recently used going first.
 */
export class SettingsCache {
  private readonly entries = new Map<string, Entry>();
  /** Loadings answered from the cache, and loadings made: for tests and the daemon's profile. */
  hits = 0;
  loads = 0;

  constructor(private readonly limit = DEFAULT_ENTRIES) {}

  /** `loadSettings(options)`, from the cache when nothing it was made from changed. */
  load(options: LoadSettingsOptions): LoadedSettings {
    if ((options.objects?.length ?? 0) > 0 || (options.plugins?.length ?? 0) > 0) return this.fresh(options);
    const key = keyOf(options);
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      this.entries.delete(key);
      if (sameInputs(kept.inputs, options)) {
        this.entries.set(key, kept);
        this.hits++;
        return kept.settings;
      }
    }
    // Taken before the loading: a change made meanwhile leaves these stale, and the next event reloads.
    const realPaths = realPathsOf(options, []);
    const store = storeOf(options);
    const sources: ReadSource[] = [];
    let keepable = true;
    const settings = this.fresh({
      ...options,
      onSource: (source, read) => {
        options.onSource?.(source, read);
        if (!isPlainFile(source)) keepable = false;
        else sources.push({ source, reading: readingOf(read) });
      },
    });
    if (!keepable) return settings;
    const files = sources.map(({ source }) => source.file);
    // The files' own paths join the set: the store and project directory were resolved above.
    const inputs = { sources, realPaths: realPathsOf(options, files, realPaths), store };
    this.entries.set(key, { settings, inputs });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    return settings;
  }

  private fresh(options: LoadSettingsOptions): LoadedSettings {
    this.loads++;
    return loadSettings(options);
  }
}

function keyOf(options: LoadSettingsOptions): string {
  return JSON.stringify([
    options.cwd,
    options.projectDir,
    options.homeDir,
    options.managedSettingsPath,
    options.deepAgentsPath,
    options.files ?? null,
    // Empty lists of objects and plugins load as none do; any other is never kept.
    options.objects === undefined ? 0 : 1,
    options.plugins === undefined ? 0 : 1,
    options.trustStore ?? null,
  ]);
}

/** A settings file read from disk, nothing else: a plugin's sources depend on more than their bytes. */
function isPlainFile(source: PlannedSource): boolean {
  return (
    source.object === undefined &&
    source.plugin === undefined &&
    source.problem === undefined &&
    source.enabledByUntrusted === undefined &&
    source.level !== 'plugin'
  );
}

function readingOf(read: SourceReading): string | Buffer {
  if (read === undefined) return 'absent';
  if ('diagnostic' in read) return `failed: ${read.diagnostic.message}`;
  return read.bytes ?? `text: ${read.text}`;
}

function sameInputs(inputs: Inputs, options: LoadSettingsOptions): boolean {
  for (const { source, reading } of inputs.sources) {
    const now = readingOf(readSourceText(source));
    const same =
      typeof reading === 'string' || typeof now === 'string' ? reading === now : reading.equals(now);
    if (!same) return false;
  }
  const files = inputs.sources.map(({ source }) => source.file);
  return realPathsOf(options, files) === inputs.realPaths && storeOf(options) === inputs.store;
}

/**
 * The real path (or `-`: none) of the project and home directories, the trust store and its directory, and
 * each file and its directory, one per line: `earlier` (the same computation without the files) is reused.
 */
function realPathsOf(options: LoadSettingsOptions, files: readonly string[], earlier?: string): string {
  const store = options.trustStore;
  const base =
    earlier ??
    [options.projectDir, options.homeDir, ...(store === undefined ? [] : [store, dirname(store)])]
      .map(realPathLine)
      .join('');
  return (
    base +
    files
      .flatMap((file) => [file, dirname(file)])
      .map(realPathLine)
      .join('')
  );
}

function realPathLine(path: string): string {
  try {
    return `${path}\0${realpathSync.native(path)}\n`;
  } catch {
    return `${path}\0-\n`;
  }
}

function storeOf(options: LoadSettingsOptions): string {
  return options.trustStore === undefined ? '' : JSON.stringify(readTrustStore(options.trustStore));
}
