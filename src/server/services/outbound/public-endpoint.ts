import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push endpoint must not reach: this machine, private and carrier-grade NAT networks,
 * link-local (cloud metadata services live there), multicast and reserved ranges. A push endpoint is
 * named by whoever subscribes — any signed-in user — so the server must not be made to post into the
 * network it stands in.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 address in disguise.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !NOT_PUBLIC.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

export type Resolver = (hostname: string) => Promise<string[]>;

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export const PUSH_ENDPOINT_REFUSED = 'Push endpoints must be https:// addresses of a public push service';

/**
 * Why `endpoint` may not receive pushes, or null when it may: it must be https, and its host — a
 * literal address or every address its name resolves to — must be public. Checked at subscription
 * and again before each send, since a name can be pointed elsewhere later.
 */
export async function refusePushEndpoint(
  endpoint: string,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_REFUSED;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return PUSH_ENDPOINT_REFUSED;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : PUSH_ENDPOINT_REFUSED;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'The push endpoint’s host name does not resolve';
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) return PUSH_ENDPOINT_REFUSED;
  return null;
}
