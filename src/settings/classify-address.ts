import { isIPv4, isIPv6 } from 'node:net';

/**
 * How the network guard treats an IP address:
 * - `metadata`: cloud instance metadata and the whole IPv4 link-local range; never reachable by an http hook.
 * - `private`: loopback, private, shared (CGNAT), unique-local, IPv6 link-local, unspecified, multicast and
 *   reserved addresses; reachable only when a user or managed setting allowed the URL.
 * - `public`: everything else.
 * - `invalid`: not an IP address at all; refused, since nothing can be said about where it leads.
 */
export type AddressClass = 'metadata' | 'private' | 'public' | 'invalid';

interface Range {
  readonly bytes: readonly number[];
  readonly prefixLength: number;
  readonly class: 'metadata' | 'private';
}

function ipv4Range(text: string, prefixLength: number, rangeClass: Range['class']): Range {
  return { bytes: text.split('.').map(Number), prefixLength, class: rangeClass };
}

function ipv6Range(text: string, prefixLength: number, rangeClass: Range['class']): Range {
  return { bytes: [...parseIpv6(text)!], prefixLength, class: rangeClass };
}

// Metadata ranges come first: an address in both lists is refused outright.
const IPV4_RANGES: readonly Range[] = [
  ipv4Range('169.254.0.0', 16, 'metadata'), // link-local: AWS/GCP/Azure 169.254.169.254, ECS 169.254.170.2
  ipv4Range('100.100.100.200', 32, 'metadata'), // Alibaba Cloud
  ipv4Range('0.0.0.0', 8, 'private'), // "this network": 0.0.0.0 reaches the local host on Linux
  ipv4Range('10.0.0.0', 8, 'private'),
  ipv4Range('100.64.0.0', 10, 'private'), // shared address space (CGNAT)
  ipv4Range('127.0.0.0', 8, 'private'),
  ipv4Range('172.16.0.0', 12, 'private'),
  ipv4Range('192.0.0.0', 24, 'private'), // IETF protocol assignments
  ipv4Range('192.168.0.0', 16, 'private'),
  ipv4Range('198.18.0.0', 15, 'private'), // benchmarking
  ipv4Range('224.0.0.0', 4, 'private'), // multicast
  ipv4Range('240.0.0.0', 4, 'private'), // reserved, including the broadcast address
];

const IPV6_RANGES: readonly Range[] = [
  ipv6Range('fd00:ec2::254', 128, 'metadata'), // AWS instance metadata over IPv6
  ipv6Range('::', 128, 'private'),
  ipv6Range('::1', 128, 'private'),
  ipv6Range('fc00::', 7, 'private'), // unique local
  ipv6Range('fe80::', 10, 'private'), // link-local
  ipv6Range('fec0::', 10, 'private'), // deprecated site-local
  ipv6Range('ff00::', 8, 'private'), // multicast
];

/**
 * The local-use NAT64 prefix leads to IPv4 hosts of the local network through the site's own translator,
 * wherever the IPv4 address inside it points: private as a whole, metadata when a placement carries one.
 */
const LOCAL_NAT64_RANGES: readonly Range[] = [ipv6Range('64:ff9b:1::', 48, 'private')];

function inRange(bytes: Uint8Array, range: Range): boolean {
  for (let bit = 0; bit < range.prefixLength; bit += 8) {
    const remaining = range.prefixLength - bit;
    const mask = remaining >= 8 ? 0xff : (0xff << (8 - remaining)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((range.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyBytes(bytes: Uint8Array, ranges: readonly Range[]): AddressClass {
  return ranges.find((range) => inRange(bytes, range))?.class ?? 'public';
}

/** Parses an IPv6 address (compressed, with an embedded dotted IPv4 tail, or with a zone) into 16 bytes. */
export function parseIpv6(text: string): Uint8Array | null {
  const address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  const groups: number[] = [];
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (piece.includes('.')) {
            const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
            return [(a << 8) | b, (c << 8) | d];
          }
          return [Number.parseInt(piece, 16)];
        });
  const [head = '', tail] = address.split('::');
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  groups.push(...headGroups, ...new Array(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups);
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/**
 * The IPv4 addresses an IPv6 address may carry, for the forms that reach an IPv4 host: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated for SIIT (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), the
 * well-known NAT64 prefix (64:ff9b::/96), 6to4 (2002::/16), and the local-use NAT64 prefix
 * (64:ff9b:1::/48, RFC 8215). A local-use translator may use any RFC 6052 prefix length from /48 to /96,
 * each placing the IPv4 address elsewhere (around the reserved byte 8), so every placement is returned.
 */
function embeddedIpv4(bytes: Uint8Array): Uint8Array[] {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  const pick = (...indexes: number[]) => Uint8Array.from(indexes.map((index) => bytes[index] ?? 0));
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return [bytes.subarray(12, 16)];
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return [bytes.subarray(12, 16)];
  if (zeros(0, 12)) return [bytes.subarray(12, 16)];
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(4, 12)) return [bytes.subarray(12, 16)];
    if (bytes[4] === 0x00 && bytes[5] === 0x01) {
      // /48, /56, /64 and /96: RFC 6052 section 2.2.
      return [pick(6, 7, 9, 10), pick(7, 9, 10, 11), pick(9, 10, 11, 12), pick(12, 13, 14, 15)];
    }
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return [bytes.subarray(2, 6)];
  return [];
}

/** The stricter of two classes: metadata over private over public. */
function stricter(left: AddressClass, right: AddressClass): AddressClass {
  const rank = { metadata: 3, private: 2, public: 1, invalid: 0 } as const;
  return rank[right] > rank[left] ? right : left;
}

/** Classifies an IP address as the network guard sees it. Brackets and IPv6 zones are accepted. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return classifyBytes(Uint8Array.from(bare.split('.').map(Number)), IPV4_RANGES);
  const bytes = parseIpv6(bare);
  if (bytes === null) return 'invalid';
  const own = classifyBytes(bytes, IPV6_RANGES);
  if (own !== 'public') return own;
  return embeddedIpv4(bytes)
    .map((carried) => classifyBytes(carried, IPV4_RANGES))
    .reduce(stricter, classifyBytes(bytes, LOCAL_NAT64_RANGES));
}
