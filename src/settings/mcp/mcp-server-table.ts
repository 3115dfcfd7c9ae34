import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isInsideDirectory } from '../../common/is-inside-directory.js';
import { isRecord } from '../../common/is-record.js';
import type { SourceLevel } from '../configured-hook.js';
import { type EnablingSettings, enabledPlugins } from '../enabled-plugins.js';
import { parseJsonDocument, propertyNode } from '../json-document.js';
import { pluginDataDirectory } from '../plugin-origin.js';
import { PLUGIN_MANIFEST, type PluginLoad } from '../read-plugin-directory.js';
import { CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE, SETTINGS_FILE } from '../settings-locations.js';
import {
  checkTrust,
  describeUntrustedReason,
  type TrustVerdict,
  type UntrustedReason,
  untrustedSource,
} from '../trust-check.js';
import { sourceNeedsTrust, trustStoreInsideProject } from '../trust-rule.js';
import { readTrustStore, type TrustStoreReading } from '../trust-store.js';
import { entryForProject, goneReason } from '../trusted-set.js';
import { type FoundServer, serverFromEntry } from './mcp-server-config.js';

/** The project's MCP servers file (Claude Code's project scope), relative to the project. */
export const PROJECT_MCP_FILE = '.mcp.json';
/** Claude Code's managed MCP file, beside the managed settings: while it exists, only its servers count. */
export const MANAGED_MCP_FILE = 'managed-mcp.json';

/** Where the MCP servers of an engine are found (docs/settings.md, "MCP servers"). */
export interface McpServerSources {
  readonly cwd: string;
  readonly projectDir: string;
  readonly homeDir: string;
  /** The managed settings file: `managedMcpServers` in it, `managed-mcp.json` beside it. */
  readonly managedSettingsPath: string;
  /** `--mcp-config` values: files (relative to cwd) or JSON text, later ones winning. */
  readonly configs: readonly string[];
  /** Plugin directories named by the caller (`--plugin`), besides the plugins Claude Code's settings enable. */
  readonly plugins: readonly string[];
  /** The trust store when trust is required (`.mcp.json` and other files a repository carries need it). */
  readonly trustStore: string | undefined;
}

/** Finds the server an mcp_tool hook names, with the environment of the event (for `${VAR}` expansion). */
export interface McpServerTable {
  find(name: string, environment: Readonly<NodeJS.ProcessEnv>): FoundServer;
  /** Where it looks (undefined: nowhere), for a detached background hook to look there too. */
  readonly sources: McpServerSources | undefined;
}

/** One scope's `mcpServers`, where they came from, and whether they may be started. */
interface Scope {
  readonly file: string;
  /** The JSON path of the server map in the file (`mcpServers`, `projects.<dir>.mcpServers`, ...). */
  readonly path: readonly string[];
  readonly servers: Readonly<Record<string, unknown>>;
  /** Names the hook uses: a plugin's servers are `plugin:<plugin>:<server>`, as Claude Code names them. */
  readonly prefix: string;
  /** Variables besides the event's: a plugin's `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA`. */
  readonly variables: Readonly<Record<string, string>>;
  /**
   * The managed settings' `managedMcpServers`: http and sse servers only, nothing expanded (Claude Code
   * takes nothing there that names a program to run, and no `${VAR}`).
   */
  readonly remoteOnly: boolean;
  readonly untrusted?: { readonly reason: UntrustedReason; readonly trustCommand: string };
}

/** The scopes in precedence order, and an `--mcp-config` that cannot be read (every server fails closed). */
interface Scopes {
  readonly ordered: readonly Scope[];
  readonly broken?: string;
}

const TRUSTED: TrustVerdict = { trusted: true };

/** A table that finds nothing: every server is "not connected". */
export const NO_MCP_SERVERS: McpServerTable = Object.freeze({
  find: (): FoundServer => ({ notConfigured: true }),
  sources: undefined,
});

/**
 * The MCP servers Claude Code would connect for this project, read when the first mcp_tool hook runs (an
 * event without one reads nothing) and kept for the table's life. Precedence as Claude Code 2.1.332's:
 * while `managed-mcp.json` exists it has exclusive control (its servers, then the managed settings'
 * `managedMcpServers`; nothing else, not even `--mcp-config`); otherwise `--mcp-config` (the last value
 * first), the managed settings' `managedMcpServers`, the project's entry in `~/.claude.json` (local scope),
 * the project's `.mcp.json`, the user's `~/.claude.json` (user scope), then the enabled plugins' servers as
 * `plugin:<plugin>:<server>`. Files a repository can carry (`.mcp.json`, a plugin the project enables, an
 * `--mcp-config` file inside the project) are trusted like the project's hooks: an untrusted definition is
 * passed over as Claude Code passes over an unapproved one, and a server defined only there is unusable,
 * failing closed with the file's position and the command that trusts it.
 */
export function mcpServerTable(sources: McpServerSources): McpServerTable {
  let scopes: Scopes | undefined;
  return {
    sources,
    find(name, environment) {
      scopes ??= readScopes(sources);
      // A configuration the caller named and hookwire cannot read may hold the server: no guess is safe.
      if (scopes.broken !== undefined) return { unusable: scopes.broken, failClosed: true };
      let untrusted: { scope: Scope; key: string } | undefined;
      for (const scope of scopes.ordered) {
        if (!name.startsWith(scope.prefix)) continue;
        const key = name.slice(scope.prefix.length);
        if (!Object.hasOwn(scope.servers, key)) continue;
        if (scope.untrusted !== undefined) {
          untrusted ??= { scope, key };
          continue;
        }
        const variables = scope.remoteOnly ? {} : { ...environment, ...scope.variables };
        const found = serverFromEntry(scope.servers[key], name, scope.file, variables);
        if (scope.remoteOnly && 'server' in found && found.server.transport === 'stdio') {
          const unusable = `MCP server '${name}' in ${scope.file}: managedMcpServers takes only http and sse servers`;
          return { unusable, failClosed: false };
        }
        return found;
      }
      if (untrusted === undefined) return { notConfigured: true };
      const { scope, key } = untrusted;
      const { reason, trustCommand } = scope.untrusted as NonNullable<Scope['untrusted']>;
      return {
        unusable: `MCP server '${name}' is defined in ${positionOf(scope, key)}, which is not trusted (${describeUntrustedReason(reason)}): review and trust it with \`${trustCommand}\``,
        failClosed: true,
      };
    },
  };
}

/** The MCP files of a plugin directory: its manifest's `mcpServers` paths, else its `.mcp.json`. */
export function pluginMcpFiles(root: string): string[] {
  const manifest = readJson(join(root, PLUGIN_MANIFEST))?.value;
  const declared = manifest?.mcpServers;
  if (isRecord(declared)) return [join(root, PLUGIN_MANIFEST)];
  const paths = (Array.isArray(declared) ? declared : [declared]).filter(
    (entry): entry is string => typeof entry === 'string' && entry !== '',
  );
  if (paths.length === 0) return [join(root, PROJECT_MCP_FILE)];
  return paths.map((entry) => resolve(root, entry)).filter((file) => isInsideDirectory(file, root));
}

function readScopes(sources: McpServerSources): Scopes {
  let store: TrustStoreReading | undefined;
  const verdictOf: VerdictOf = (file, level, bytes, trustAs) => {
    const storeFile = sources.trustStore;
    if (storeFile === undefined || !sourceNeedsTrust({ level, file, trustAs }, sources.projectDir))
      return TRUSTED;
    store ??=
      trustStoreInsideProject(storeFile, sources.projectDir, sources.homeDir) ?? readTrustStore(storeFile);
    // Gone (deleted, or no longer an object): a trust change when it was trusted for the project.
    if (bytes === undefined) {
      const entry = entryForProject(store, file, sources.projectDir);
      return entry === undefined ? TRUSTED : { trusted: false, reason: goneReason(entry, 'deleted') };
    }
    return checkTrust(store, storeFile, file, bytes, {
      projectDir: sources.projectDir,
      withinProject: level !== 'plugin',
    });
  };
  const managedDir = dirname(sources.managedSettingsPath);
  const managedMcpFile = join(managedDir, MANAGED_MCP_FILE);
  const managedSettings = readJson(sources.managedSettingsPath);
  const managed = scopeOf(sources.managedSettingsPath, ['managedMcpServers'], managedSettings?.value, {
    remoteOnly: true,
  });
  // While the file exists (even unreadable), it has exclusive control: nothing else is started.
  if (readBytes(managedMcpFile) !== undefined) {
    const enterprise = scopeOf(managedMcpFile, ['mcpServers'], readJson(managedMcpFile)?.value);
    return { ordered: [enterprise, managed].filter(isScope) };
  }
  const broken = sources.configs.flatMap((config) => {
    const problem = configProblem(config, sources.cwd);
    return problem === undefined ? [] : [problem];
  })[0];
  if (broken !== undefined) return { ordered: [], broken };
  const claudeJson = join(sources.homeDir, '.claude.json');
  const user = readJson(claudeJson)?.value;
  const projects = isRecord(user?.projects) ? user.projects : {};
  const ordered: Array<Scope | undefined> = [
    ...[...sources.configs].reverse().map((config, index) => configScope(config, index, sources, verdictOf)),
    managed,
    scopeOf(claudeJson, ['projects', sources.projectDir, 'mcpServers'], projects[sources.projectDir]),
    fileScope(join(sources.projectDir, PROJECT_MCP_FILE), 'project', sources, verdictOf),
    scopeOf(claudeJson, ['mcpServers'], user),
    ...pluginScopes(sources, verdictOf),
  ];
  return { ordered: ordered.filter(isScope) };
}

/** The verdict on a file's bytes (undefined: the file is gone), and the servers it held when trusted. */
type VerdictOf = (
  file: string,
  level: SourceLevel,
  bytes: Buffer | undefined,
  trustAs?: SourceLevel,
) => TrustVerdict;

/** An `--mcp-config` value: a file (trusted as an explicit settings file) or JSON text (the caller's own). */
function configScope(
  config: string,
  index: number,
  sources: McpServerSources,
  verdictOf: VerdictOf,
): Scope | undefined {
  if (config.trimStart().startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(config);
    } catch {
      return undefined;
    }
    return scopeOf(`<--mcp-config ${index + 1}>`, ['mcpServers'], value);
  }
  return fileScope(resolve(sources.cwd, config), 'explicit', sources, verdictOf);
}

/** Why an `--mcp-config` value cannot be read as `{"mcpServers": {...}}`; undefined when it can. */
function configProblem(config: string, cwd: string): string | undefined {
  const inline = config.trimStart().startsWith('{');
  const where = inline ? 'the --mcp-config JSON' : `the --mcp-config file ${resolve(cwd, config)}`;
  let value: unknown;
  try {
    value = JSON.parse(inline ? config : readFileSync(resolve(cwd, config), 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${where} cannot be read (${code ?? (error as Error).message}), so its MCP servers cannot be started`;
  }
  if (!isRecord(value) || !isRecord(value.mcpServers))
    return `${where} holds no "mcpServers" object, so its MCP servers cannot be started`;
  return undefined;
}

/** A file whose `mcpServers` may need trust: `.mcp.json`, an `--mcp-config` file. */
function fileScope(
  file: string,
  level: SourceLevel,
  sources: McpServerSources,
  verdictOf: VerdictOf,
): Scope | undefined {
  const bytes = readBytes(file);
  const verdict = verdictOf(file, level, bytes);
  const untrusted = verdict.trusted
    ? undefined
    : {
        reason: verdict.reason,
        trustCommand: untrustedSource({ file, level }, verdict.reason, sources.projectDir, []).trustCommand,
      };
  return untrustedScope(file, ['mcpServers'], readJson(file)?.value, untrusted, sources, {});
}

/**
 * The scope of an MCP file of the trusted set: as it reads now; untrusted (changed, `{}`, `{`, deleted, a
 * server renamed), it also holds the servers the store recorded when it was trusted, so that a hook naming
 * one of those fails closed rather than finding it "not connected" (docs/trust.md, "The trusted set").
 */
function untrustedScope(
  file: string,
  path: readonly string[],
  value: Record<string, unknown> | undefined,
  untrusted: Scope['untrusted'],
  sources: McpServerSources,
  extra: Partial<Pick<Scope, 'prefix' | 'variables'>>,
): Scope | undefined {
  const scope = scopeOf(file, path, value, { ...extra, untrusted });
  if (untrusted === undefined || sources.trustStore === undefined) return scope;
  const entry = entryForProject(readTrustStore(sources.trustStore), file, sources.projectDir);
  const recorded = entry?.settings?.mcpServers;
  const servers = { ...(isRecord(recorded) ? recorded : {}), ...(scope?.servers ?? {}) };
  return {
    file,
    path,
    servers,
    prefix: extra.prefix ?? '',
    variables: extra.variables ?? {},
    remoteOnly: false,
    untrusted,
  };
}

/**
 * The servers of the plugins Claude Code's settings enable (managed, user, project, local; trusted as the
 * level that enabled each) and of the plugin directories the caller named (trusted as explicit).
 */
function pluginScopes(sources: McpServerSources, verdictOf: VerdictOf): Array<Scope | undefined> {
  const enabling: EnablingSettings[] = [
    { file: sources.managedSettingsPath, level: 'managed' as const },
    { file: join(sources.homeDir, CLAUDE_DIRECTORY, SETTINGS_FILE), level: 'user' as const },
    { file: join(sources.projectDir, CLAUDE_DIRECTORY, SETTINGS_FILE), level: 'project' as const },
    { file: join(sources.projectDir, CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE), level: 'local' as const },
  ].map((settings) => {
    const read = readBytes(settings.file);
    if (read === undefined) return { ...settings, text: undefined };
    const verdict = verdictOf(settings.file, settings.level, read);
    return {
      ...settings,
      text: read.toString('utf8'),
      untrusted: verdict.trusted ? undefined : verdict.reason,
    };
  });
  const loads: PluginLoad[] = [
    ...sources.plugins.map((directory) => ({
      root: resolve(sources.cwd, directory),
      trustAs: 'explicit' as const,
      homeDir: sources.homeDir,
      missing: 'error' as const,
    })),
    ...enabledPlugins(enabling, sources.homeDir, sources.projectDir).loads,
  ];
  return loads.flatMap((load) => {
    const manifest = readJson(join(load.root, PLUGIN_MANIFEST))?.value;
    const name = typeof manifest?.name === 'string' ? manifest.name : basename(load.root);
    const id = `${name}@${load.marketplace ?? 'inline'}`;
    const plugin = {
      id,
      name,
      version: undefined,
      root: load.root,
      dataDir: pluginDataDirectory(load.homeDir, id),
    };
    const variables = { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.dataDir };
    return pluginMcpFiles(load.root).map((file) => {
      const read = readJson(file);
      const verdict: TrustVerdict =
        load.enabledByUntrusted === undefined
          ? verdictOf(file, 'plugin', readBytes(file), load.trustAs)
          : { trusted: false, reason: { kind: 'enabled-by-untrusted', ...load.enabledByUntrusted } };
      const untrusted = verdict.trusted
        ? undefined
        : {
            reason: verdict.reason,
            trustCommand: untrustedSource(
              { file, level: 'plugin', plugin, trustAs: load.trustAs },
              verdict.reason,
              sources.projectDir,
              [],
            ).trustCommand,
          };
      // A plugin's .mcp.json holds the map under `mcpServers`, or is the map itself; a manifest holds it inline.
      const inManifest = file.endsWith(PLUGIN_MANIFEST);
      const value = read?.value;
      const path = inManifest || isRecord(value?.mcpServers) ? ['mcpServers'] : [];
      const extra = { prefix: `plugin:${name}:`, variables };
      return untrustedScope(file, path, value, untrusted, sources, extra);
    });
  });
}

function scopeOf(
  file: string,
  path: readonly string[],
  container: unknown,
  extra: Partial<Pick<Scope, 'prefix' | 'variables' | 'remoteOnly' | 'untrusted'>> = {},
): Scope | undefined {
  const servers =
    path.length === 0 ? container : isRecord(container) ? container[path.at(-1) as string] : undefined;
  if (!isRecord(servers)) return undefined;
  return {
    file,
    path,
    servers,
    prefix: extra.prefix ?? '',
    variables: extra.variables ?? {},
    remoteOnly: extra.remoteOnly ?? false,
    ...(extra.untrusted === undefined ? {} : { untrusted: extra.untrusted }),
  };
}

function isScope(scope: Scope | undefined): scope is Scope {
  return scope !== undefined;
}

/** `FILE:LINE:COLUMN` of the server's key in its file (the file alone when it cannot be located). */
function positionOf(scope: Scope, key: string): string {
  const bytes = readBytes(scope.file);
  if (bytes === undefined) return scope.file;
  const document = parseJsonDocument(bytes.toString('utf8'));
  let node = document.root;
  for (const step of scope.path) node = node?.type === 'object' ? propertyNode(node, step) : undefined;
  const entry =
    node?.type === 'object' ? node.children?.find((child) => child.children?.[0]?.value === key) : undefined;
  if (entry === undefined) return scope.file;
  const position = document.positionOf(entry.offset);
  return `${scope.file}:${position.line}:${position.column}`;
}

function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A JSON object file and its bytes; undefined when it is missing or not a JSON object. */
function readJson(file: string): { value: Record<string, unknown>; bytes: Buffer } | undefined {
  const bytes = readBytes(file);
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return isRecord(value) ? { value, bytes } : undefined;
  } catch {
    return undefined;
  }
}
