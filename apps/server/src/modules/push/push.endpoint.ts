/**
 * The SSRF guard of push endpoints (docs/api.md §22.4). An endpoint is a URL a user supplies and the
 * server later calls, so it must never reach inside the server's network:
 *
 * - at subscribe time, `checkEndpointUrl`: `https:` only, a host *name* (no IP literal, no
 *   `localhost`/`.local`/`.internal`/single-label names), no credentials in the URL; then
 *   `checkEndpoint` resolves the name and refuses it when any address is not public;
 * - at send time, the connection's `lookup` (`pinnedLookup`) resolves again, refuses any non-public
 *   address and hands the socket exactly the address it checked, so a name that changes its answer
 *   between the check and the connect (DNS rebinding) cannot reach anything else.
 *
 * Non-public: unspecified, loopback, private (10/8, 172.16/12, 192.168/16), CGNAT (100.64/10),
 * link-local (169.254/16 with the metadata address, fe80::/10), unique-local (fc00::/7 with
 * fd00:ec2::254), multicast, reserved and documentation ranges, and IPv4 inside IPv6 (mapped,
 * compatible, NAT64) by its IPv4 address.
 *
 * `PUSH_TEST_ENDPOINTS=1` (test servers only, refused in production by platform/config.ts) allows
 * `http:` and `https:` on the IP literal `127.0.0.1`, and nothing else that is not public (a name
 * resolving to 127.0.0.1 stays refused).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { InvalidRequest } from '../../platform/errors.js';

/** A name's addresses (`dns.lookup` with `all: true` by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface EndpointPolicy {
  /** `PUSH_TEST_ENDPOINTS=1`: `http:`/`https:` on 127.0.0.1 allowed */
  allowTestEndpoints: boolean;
  resolve: Resolver;
}

const TEST_HOST = '127.0.0.1';
/** A name that does not resolve within this is refused (a subscribe does not hang on DNS). */
const RESOLVE_TIMEOUT_MS = 5_000;

const notAllowed = () => new InvalidRequest({ endpoint: 'not_allowed' });

/** [first address, prefix length] of the IPv4 ranges that are not public. */
const blockedV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Blocked(address: string): boolean {
  const n = v4Number(address);
  return blockedV4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(first);
    return n >= start && n < start + size;
  });
}

/** The 16 bytes of an IPv6 address (a zone id dropped; an embedded dotted IPv4 read). */
export function v6Bytes(address: string): Uint8Array {
  let text = address.split('%')[0] ?? '';
  const bytes = new Uint8Array(16);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  groups.forEach((g, i) => {
    const v = Number.parseInt(g, 16);
    bytes[i * 2] = v >> 8;
    bytes[i * 2 + 1] = v & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: number[], bits: number): boolean => {
  for (let bit = 0; bit < bits; bit++) {
    const byte = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
};

function v6Blocked(address: string): boolean {
  const b = v6Bytes(address);
  const v4At = (offset: number) => `${b[offset]}.${b[offset + 1]}.${b[offset + 2]}.${b[offset + 3]}`;
  // IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96 (:: and ::1 among them), NAT64 64:ff9b::/96
  if (startsWith(b, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96)) return v4Blocked(v4At(12));
  if (startsWith(b, [], 96)) return true;
  if (startsWith(b, [0, 0x64, 0xff, 0x9b], 96)) return v4Blocked(v4At(12));
  return (
    startsWith(b, [0xfc], 7) || // unique-local (fd00:ec2::254, the metadata address, among them)
    startsWith(b, [0xfe, 0x80], 10) || // link-local
    startsWith(b, [0xfe, 0xc0], 10) || // site-local (deprecated)
    startsWith(b, [0xff], 8) || // multicast
    startsWith(b, [0x20, 0x01, 0x0d, 0xb8], 32) || // documentation
    startsWith(b, [0x01, 0, 0, 0, 0, 0, 0, 0], 64) || // discard-only
    startsWith(b, [0x20, 0x02], 16) || // 6to4 (tunnels to any IPv4)
    startsWith(b, [0x20, 0x01, 0, 0], 32) // Teredo
  );
}

/** True when an address may be called: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !v4Blocked(address);
  if (family === 6) return !v6Blocked(address);
  return false;
}

/** The URL of an endpoint when its form is allowed (no network asked); `request.invalid` `not_allowed` otherwise. */
export function checkEndpointUrl(endpoint: string, policy: Pick<EndpointPolicy, 'allowTestEndpoints'>): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw notAllowed();
  }
  if (url.username !== '' || url.password !== '') throw notAllowed();
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.allowTestEndpoints && host === TEST_HOST && (url.protocol === 'http:' || url.protocol === 'https:'))
    return url;
  if (url.protocol !== 'https:') throw notAllowed();
  if (isIP(host) !== 0) throw notAllowed();
  const name = host.replace(/\.$/, '');
  if (!name.includes('.')) throw notAllowed();
  if (/(^|\.)(localhost|local|internal|localdomain|home\.arpa|in-addr\.arpa|ip6\.arpa)$/.test(name)) throw notAllowed();
  return url;
}

/** The address to connect to for `host`: every address the name has must be allowed, the first is used. */
export async function resolveAllowed(
  host: string,
  policy: EndpointPolicy,
): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  // an IP literal: only the test servers' 127.0.0.1 (checkEndpointUrl refuses every other one)
  if (isIP(bare) !== 0) {
    if (!(policy.allowTestEndpoints && bare === TEST_HOST)) throw notAllowed();
    return { address: bare, family: 4 };
  }
  let addresses: { address: string; family: number }[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      policy.resolve(bare),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no DNS answer for ${bare}`)), RESOLVE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    throw notAllowed();
  } finally {
    clearTimeout(timer);
  }
  const [first] = addresses;
  // a name must resolve to public addresses only, test servers or not
  if (!first || addresses.some((a) => !isPublicAddress(a.address))) throw notAllowed();
  return first;
}

/** The full subscribe-time check: the URL's form, then its name's addresses. */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<URL> {
  const url = checkEndpointUrl(endpoint, policy);
  await resolveAllowed(url.hostname, policy);
  return url;
}

/**
 * The `lookup` of a send's connection: resolves the name, refuses when any address is not allowed,
 * and answers the one address it checked (the socket connects to nothing else).
 */
export function pinnedLookup(policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy).then(
      ({ address, family }) => {
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
