import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { addressRefusal, hostNameRefusal } from '../../settings/address-refusal.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. Injectable so tests can play a hostile DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo, so /etc/hosts counts), every address, in its order. */
export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Thrown inside a connection attempt, so the socket errors before a byte is sent; the runner reports it. */
export class ForbiddenAddressError extends Error {
  readonly code = 'EHOOKWIRE_FORBIDDEN_ADDRESS';
}

function familyNumber(family: number | 'IPv4' | 'IPv6' | undefined): 4 | 6 | undefined {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}

/**
 * A `lookup` for node:net that resolves, then refuses the connection when any resolved address is
 * forbidden. Because the socket connects to exactly the addresses this function returns, the address
 * checked is the address used: a DNS answer that changes between a check and the connection cannot slip
 * through. Refusing when any address is forbidden (not just the first) keeps a mixed answer from
 * reaching a forbidden address through Happy Eyeballs fallback.
 */
export function createGuardedLookup(allowPrivate: boolean, resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const nameRefusal = hostNameRefusal(hostname);
    if (nameRefusal !== null) {
      callback(new ForbiddenAddressError(nameRefusal), '', 4);
      return;
    }
    resolver(hostname).then(
      (resolved) => {
        const family = familyNumber(options.family);
        const wanted = resolved.filter((entry) => family === undefined || entry.family === family);
        const refusal = wanted
          .map((entry) => addressRefusal(entry.address, allowPrivate))
          .find((reason) => reason !== null);
        if (refusal) {
          callback(new ForbiddenAddressError(`${hostname} resolves to ${refusal}`), '', 4);
        } else if (wanted.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
        } else if (options.all) {
          callback(
            null,
            wanted.map((entry) => ({ address: entry.address, family: entry.family })),
          );
        } else {
          callback(null, wanted[0]!.address, wanted[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
