import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Host } from '../../hosts/host.js';
import { hostNamed } from '../../hosts/registry.js';
import { CommandInputError, mcpConfigValues } from '../command-input.js';

/** `hookwire run`'s command line, read and checked: what the event is answered with. */
export interface RunCommandLine {
  /** The EVENT argument, when one is given. */
  readonly eventArgument: string | undefined;
  readonly host: Host;
  readonly onConfigError: 'block' | 'allow';
  readonly onUntrusted: 'block' | 'skip';
  /** `--settings` files, absolute; undefined when none is given (every default source). */
  readonly settings: string[] | undefined;
  /** `--plugin` directories, absolute; undefined when none is given. */
  readonly plugins: string[] | undefined;
  readonly mcpConfig: string[];
  /** `--trace DIR` as given. */
  readonly trace: string | undefined;
  /** `--server URL`: a remote `hookwire serve` answers the event (its token from `serverTokenEnv`). */
  readonly server: string | undefined;
  /** `--token-env NAME`: the variable that holds the server's token. Default HOOKWIRE_SERVE_TOKEN. */
  readonly serverTokenEnv: string;
}

/**
 * The command line of `hookwire run`, against the cwd of the process the host started (not the daemon's own).
 * `onHost` is told the host as soon as it is known, so that a later failure is answered in its terms.
 */
export function readRunCommandLine(
  argv: string[],
  cwd: string,
  onHost: (host: Host) => void,
): RunCommandLine {
  const { values, positionals } = runArguments(argv);
  if (positionals.length > 1) throw new CommandInputError('expected at most one event name');
  const host = hostNamed(values.host);
  onHost(host);
  const onConfigError = values['on-config-error'] ?? 'block';
  if (onConfigError !== 'block' && onConfigError !== 'allow') {
    throw new CommandInputError(
      `--on-config-error must be block or allow, not ${JSON.stringify(onConfigError)}`,
    );
  }
  const onUntrusted = values['on-untrusted'] ?? 'block';
  if (onUntrusted !== 'block' && onUntrusted !== 'skip') {
    throw new CommandInputError(`--on-untrusted must be block or skip, not ${JSON.stringify(onUntrusted)}`);
  }
  return {
    eventArgument: positionals[0],
    host,
    onConfigError,
    onUntrusted,
    // A missing settings file is not refused here: the engine reports it as a located error and fails closed.
    settings: values.settings?.map((file) => resolve(cwd, file)),
    plugins: values.plugin?.map((directory) => resolve(cwd, directory)),
    mcpConfig: mcpConfigValues(values['mcp-config'], cwd),
    trace: values.trace,
    server: values.server,
    serverTokenEnv: values['token-env'] ?? 'HOOKWIRE_SERVE_TOKEN',
  };
}

/*
 * `[EVENT] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--trace DIR]`: the forms every configuration uses are read here; anything else (another
 * option, `--`, a value starting with `-`) goes to parseArgs, so that its errors and rules stay exactly
 * parseArgs' own. Loading parseArgs costs about a millisecond of every event.
 */
function runArguments(argv: string[]): {
  values: {
    settings?: string[];
    plugin?: string[];
    'mcp-config'?: string[];
    'on-config-error'?: string;
    'on-untrusted'?: string;
    trace?: string;
    host?: string;
    server?: string;
    'token-env'?: string;
  };
  positionals: string[];
} {
  const settings: string[] = [];
  const plugins: string[] = [];
  const mcpConfigs: string[] = [];
  const positionals: string[] = [];
  let onConfigError: string | undefined;
  let onUntrusted: string | undefined;
  let trace: string | undefined;
  let host: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    const next = argv[index + 1];
    if (token === '--settings' && next !== undefined && !next.startsWith('-')) {
      settings.push(next);
      index++;
    } else if (token.startsWith('--settings=')) settings.push(token.slice('--settings='.length));
    else if (token === '--plugin' && next !== undefined && !next.startsWith('-')) {
      plugins.push(next);
      index++;
    } else if (token.startsWith('--plugin=')) plugins.push(token.slice('--plugin='.length));
    else if (token === '--mcp-config' && next !== undefined && !next.startsWith('-')) {
      mcpConfigs.push(next);
      index++;
    } else if (token.startsWith('--mcp-config=')) mcpConfigs.push(token.slice('--mcp-config='.length));
    else if (token === '--on-config-error' && next !== undefined && !next.startsWith('-')) {
      onConfigError = next;
      index++;
    } else if (token.startsWith('--on-config-error='))
      onConfigError = token.slice('--on-config-error='.length);
    else if (token === '--on-untrusted' && next !== undefined && !next.startsWith('-')) {
      onUntrusted = next;
      index++;
    } else if (token.startsWith('--on-untrusted=')) onUntrusted = token.slice('--on-untrusted='.length);
    else if (token === '--trace' && next !== undefined && !next.startsWith('-')) {
      trace = next;
      index++;
    } else if (token.startsWith('--trace=')) trace = token.slice('--trace='.length);
    else if (token === '--host' && next !== undefined && !next.startsWith('-')) {
      host = next;
      index++;
    } else if (token.startsWith('--host=')) host = token.slice('--host='.length);
    else if (!token.startsWith('-')) positionals.push(token);
    else {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          settings: { type: 'string', multiple: true },
          plugin: { type: 'string', multiple: true },
          'mcp-config': { type: 'string', multiple: true },
          'on-config-error': { type: 'string' },
          'on-untrusted': { type: 'string' },
          trace: { type: 'string' },
          host: { type: 'string' },
          server: { type: 'string' },
          'token-env': { type: 'string' },
        },
      });
    }
  }
  return {
    values: {
      ...(settings.length > 0 ? { settings } : {}),
      ...(plugins.length > 0 ? { plugin: plugins } : {}),
      ...(mcpConfigs.length > 0 ? { 'mcp-config': mcpConfigs } : {}),
      ...(onConfigError === undefined ? {} : { 'on-config-error': onConfigError }),
      ...(onUntrusted === undefined ? {} : { 'on-untrusted': onUntrusted }),
      ...(trace === undefined ? {} : { trace }),
      ...(host === undefined ? {} : { host }),
    },
    positionals,
  };
}
