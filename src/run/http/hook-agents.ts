import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createGuardedLookup, type Resolver } from './network-guard.js';

/**
 * How long an idle pooled connection is kept. Below node:http's default server keep-alive timeout (5 s), so
 * the client usually closes first and a request rarely lands on a connection the server is closing.
 */
const IDLE_SOCKET_MS = 4_000;

/** Keep-alive connection pools for http hooks, each connecting only through the network guard. */
export interface HookAgents {
  /** The pool for a protocol and guard setting. Each pool keeps connections per origin. */
  agentFor(protocol: 'http:' | 'https:', allowPrivate: boolean): HttpAgent;
  /** Closes every pooled connection (for servers and tests that want a clean exit). */
  destroy(): void;
}

/**
 * Pools are split by whether private addresses are allowed: a connection opened for a URL that a user
 * setting allowed onto loopback must never be reused by a hook whose URL was not so allowed. Within a
 * pool, node:http keys idle connections by host and port, so each origin has its own connections.
 */
export function createHookAgents(resolver: Resolver): HookAgents {
  const agents = new Map<string, HttpAgent>();
  return {
    agentFor(protocol, allowPrivate) {
      const key = `${protocol}${allowPrivate ? 'private' : 'public'}`;
      let agent = agents.get(key);
      if (agent === undefined) {
        const options = {
          keepAlive: true,
          timeout: IDLE_SOCKET_MS,
          maxFreeSockets: 256,
          lookup: createGuardedLookup(allowPrivate, resolver),
        };
        agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
        agents.set(key, agent);
      }
      return agent;
    },
    destroy() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
