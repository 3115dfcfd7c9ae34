import { join } from 'node:path';

/** Where `hookwire init` finds the project's hooks file unless `--hooks` names one, relative to the project. */
export const DEFAULT_HOOKS_FILE = join('.hookwire', 'hooks.json');
