import net from 'node:net';
import os from 'node:os';

/** A DNS name a certificate can carry: labels of letters, digits and hyphens, optionally `*.` first. */
const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function isCertificateName(value: string): boolean {
  return net.isIP(value) !== 0 || (value.length <= 253 && HOST_NAME.test(value.toLowerCase()));
}

/** TLS_HOSTNAMES: a comma list; blanks dropped, lower case. */
export function parseHostnames(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
}

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** Every address of this machine that other devices can reach (no loopback); IPv6 without its zone. */
export function interfaceAddresses(interfaces: Interfaces = os.networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flat()
    .filter((net) => net !== undefined && !net.internal)
    .map((net) => net!.address.replace(/%.*$/, '').toLowerCase());
}

export interface NameSources {
  hostname?: string;
  interfaces?: Interfaces;
  extra?: string[];
}

/**
 * The names the local server certificate covers: loopback, this machine's host name and its mDNS name
 * (`<host>.local`, which tablets on the same network resolve without a DNS server), every address of
 * the machine, and the names the administrator added. Sorted and without repeats, so two lists can be
 * compared to see whether the addresses changed.
 */
export function localCertificateNames({
  hostname = os.hostname(),
  interfaces,
  extra = [],
}: NameSources = {}): string[] {
  const names = new Set(['localhost', '127.0.0.1', '::1']);
  const host = hostname.trim().toLowerCase();
  if (host && isCertificateName(host) && net.isIP(host) === 0) {
    names.add(host);
    const short = host.split('.')[0]!;
    if (!short.endsWith('.local')) names.add(`${short}.local`);
  }
  for (const address of interfaceAddresses(interfaces)) names.add(address);
  for (const name of extra) if (isCertificateName(name)) names.add(name.toLowerCase());
  return [...names].sort();
}
