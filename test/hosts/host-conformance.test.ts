import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import type { Host } from '../../src/hosts/host.js';
import { registeredHosts } from '../../src/hosts/registry.js';
import { outcome } from '../support/outcome-builder.js';

/*
 * The host conformance suite, table-driven over every host in the registry (STYLE.md 16): a host added as
 * one folder and one registry row is covered here without a line of this file changing. These cases read
 * the contract directly; the cases through the real `run` path (a rewrite, context, Stop, init then undo)
 * are still per host (test/hosts/<host>/, test/cli/own-failure-property.test.ts).
 */

const hosts = registeredHosts().map((host) => [host.name, host] as const);

/** The catalogue events the host has a name for, with that name. */
function mappedEvents(host: Host): Array<readonly [string, string]> {
  return EVENT_NAMES.flatMap((event) => {
    const hostEvent = host.events.fromCatalogue(event);
    return hostEvent === undefined ? [] : [[event, hostEvent] as const];
  });
}

describe.each(hosts)('host %s', (_name, host) => {
  it('maps each of its events onto the catalogue and back', () => {
    // Several catalogue events may share one host name (Gemini's AfterTool: PostToolUse and its failure),
    // so the round trip starts from the host's names.
    const hostEvents = [...new Set(mappedEvents(host).map(([, hostEvent]) => hostEvent))];
    expect(hostEvents.length).toBeGreaterThan(0);
    const back = hostEvents.map((hostEvent) => host.events.fromCatalogue(host.events.toCatalogue(hostEvent)));
    expect(back).toEqual(hostEvents);
  });

  it('keeps an event it does not know under its own name, with its payload', () => {
    expect(host.events.toCatalogue('NoSuchEventAnywhere')).toBe('NoSuchEventAnywhere');
    const incoming = host.events.incoming('NoSuchEventAnywhere', { anything: 1 });
    expect(incoming.original).toEqual({ event: 'NoSuchEventAnywhere', payload: { anything: 1 } });
  });

  it('answers a deny of a tool call otherwise than an allow, where it has a tool event', () => {
    const preToolUse = host.events.fromCatalogue('PreToolUse');
    if (preToolUse === undefined) return;
    const incoming = host.events.incoming(preToolUse, { tool_name: 'Bash', tool_input: { command: 'ls' } });
    const allowed = host.answer.command(outcome({ event: 'PreToolUse' }), incoming);
    const denied = host.answer.command(
      outcome({ event: 'PreToolUse', decision: 'deny', reason: 'not here' }),
      incoming,
    );
    expect(denied).not.toEqual(allowed);
    expect(`${denied.stdout}${denied.stderr}`).toContain('not here');
    // hookwire never exits 1, which most hosts read as "go on".
    expect(denied.exitCode).not.toBe(1);
  });

  it('takes names --host can spell: its name and aliases, lowercase words', () => {
    expect([host.name, ...host.aliases].every((name) => /^[a-z][a-z0-9-]*$/.test(name))).toBe(true);
  });
});
