// Prints a shell script that runs, for the event named as its last argument, the catch-all command
// `hookwire init claude` writes for it (src/hosts/claude-code/install/catch-all-command.ts), with the scenario's hooks file:
// the differential's runner "as init writes it" (`HOOKWIRE_RUNNER='exec SCRIPT'`).
//
//   npx tsx compat/claude-code/init-runner.ts > /tmp/init-runner.sh && chmod +x /tmp/init-runner.sh
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { catchAllCommand } from '../../src/hosts/claude-code/install/catch-all-command.js';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const target = { hookwire: `node ${join(project, 'dist/cli.js')}`, hooksFile: '"$ORACLE_HOOKS_CONFIG"' };
const lines = ['#!/bin/sh', 'case "$1" in'];
for (const event of EVENT_NAMES) lines.push(`  ${event}) ${catchAllCommand(event, target)} ;;`);
lines.push(`  *) exec ${target.hookwire} run --settings ${target.hooksFile} "$1" ;;`, 'esac', '');
process.stdout.write(lines.join('\n'));
