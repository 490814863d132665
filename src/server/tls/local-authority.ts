import { generateKeyPairSync, randomBytes, type X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import lockfile from 'proper-lockfile';
import { daysLeft, fingerprint256, readPrivateKey, spkiSha256, splitCertificates } from './pem';

/** Apple's platforms refuse server certificates that live longer than 398 days; stay a day under. */
export const SERVER_CERT_DAYS = 397;
/** A server certificate with fewer days left is replaced at start. */
export const SERVER_RENEW_DAYS = 30;
/** The authority is what tablets trust: it lives long, so it is installed once per device. */
const AUTHORITY_YEARS = 10;
const DAY_MS = 24 * 3600 * 1000;

const FILES = {
  caKey: 'ca-key.pem',
  caCert: 'ca.pem',
  serverKey: 'server-key.pem',
  serverCert: 'server.pem',
  serverNames: 'server-names.json',
} as const;

export interface LocalAuthority {
  /** The authority's certificate (PEM), the one devices install; its key never leaves `dir`. */
  caCertPem: string;
  caCert: X509Certificate;
  /** SHA-256 fingerprint of the authority's certificate, "AB:CD:…". */
  fingerprint256: string;
  /** base64 SHA-256 of the authority's public key (Chromium's SPKI pin format). */
  spkiSha256: string;
  /** The server's key and chain (server certificate, then the authority) for the HTTPS server. */
  key: string;
  cert: string;
  serverCert: X509Certificate;
  /** The names the server certificate covers. */
  names: string[];
  /** What this call had to make: nothing, a new server certificate, or a new authority as well. */
  made: 'nothing' | 'server-certificate' | 'authority';
}

function newKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}

/**
 * A random positive serial number: the top bit clear, so DER does not read it as negative, and a first
 * byte that is not zero. node-forge writes one leading zero byte fewer than it is given, so a serial
 * that began with two of them came out in a form OpenSSL refuses ("illegal padding"), and one that
 * began with one was read back as a different number.
 */
export function serialNumber(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(16);
  bytes[0] = bytes[0]! & 0x7f || 0x01;
  return bytes.toString('hex');
}

function writePrivate(file: string, content: string, mode: number) {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content, { mode });
  fs.renameSync(temp, file);
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function createAuthority(dir: string, now: Date) {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(now.getFullYear() + AUTHORITY_YEARS);
  // The host and the day make the name unique, so a tablet that trusts two sites can tell them apart.
  const attributes = [
    {
      name: 'commonName',
      value: `FleetPilot local authority ${os.hostname().slice(0, 24)} ${now.toISOString().slice(0, 10)}`,
    },
    { name: 'organizationName', value: 'FleetPilot' },
  ];
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privatePem), forge.md.sha256.create());
  writePrivate(path.join(dir, FILES.caKey), keys.privatePem, 0o600);
  writePrivate(path.join(dir, FILES.caCert), forge.pki.certificateToPem(cert), 0o644);
}

function issueServerCertificate(
  dir: string,
  caKeyPem: string,
  caCertPem: string,
  names: string[],
  now: Date,
) {
  const caCert = forge.pki.certificateFromPem(caCertPem);
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serialNumber();
  // A day of slack for tablets whose clock runs behind; the whole span stays within the limit.
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(cert.validity.notBefore.getTime() + SERVER_CERT_DAYS * DAY_MS);
  const host = names.find((name) => net.isIP(name) === 0 && name !== 'localhost') ?? 'localhost';
  cert.setSubject([
    { name: 'commonName', value: host },
    { name: 'organizationName', value: 'FleetPilot' },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: names.map((name) => (net.isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(caKeyPem), forge.md.sha256.create());
  // The chain names the authority too: clients that pin it by key find it in what the server sends.
  writePrivate(path.join(dir, FILES.serverKey), keys.privatePem, 0o600);
  writePrivate(path.join(dir, FILES.serverCert), forge.pki.certificateToPem(cert) + caCertPem, 0o644);
  writePrivate(path.join(dir, FILES.serverNames), `${JSON.stringify(names)}\n`, 0o644);
}

/** Why the stored server certificate cannot stay, or null when it can. */
function serverCertificateProblem(dir: string, ca: X509Certificate, names: string[], now: Date) {
  const chain = readIfExists(path.join(dir, FILES.serverCert));
  const key = readIfExists(path.join(dir, FILES.serverKey));
  const storedNames = readIfExists(path.join(dir, FILES.serverNames));
  if (!chain || !key || !storedNames) return 'missing';
  let leaf: X509Certificate | undefined;
  try {
    leaf = splitCertificates(chain)[0];
    if (!leaf || !leaf.checkPrivateKey(readPrivateKey(key))) return 'unusable';
  } catch {
    return 'unusable';
  }
  if (!leaf.checkIssued(ca) || !leaf.verify(ca.publicKey)) return 'from another authority';
  if (daysLeft(leaf, now) < SERVER_RENEW_DAYS) return 'due for renewal';
  let previous: unknown;
  try {
    previous = JSON.parse(storedNames);
  } catch {
    return 'unusable';
  }
  if (JSON.stringify(previous) !== JSON.stringify(names)) return 'addresses changed';
  return null;
}

/**
 * The local certificate authority under `dir` and a server certificate it signed for `names`: made on
 * the first call, the server certificate made again when it runs out within SERVER_RENEW_DAYS or the
 * names changed. A lock keeps two instances that share the directory from making two authorities.
 */
export async function ensureLocalAuthority(
  dir: string,
  names: string[],
  now = new Date(),
): Promise<LocalAuthority> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = await lockfile.lock(dir, {
    realpath: false,
    stale: 30_000,
    retries: { retries: 40, minTimeout: 100, maxTimeout: 1000 },
  });
  try {
    let made: LocalAuthority['made'] = 'nothing';
    if (!readIfExists(path.join(dir, FILES.caKey)) || !readIfExists(path.join(dir, FILES.caCert))) {
      createAuthority(dir, now);
      made = 'authority';
    }
    const caKeyPem = fs.readFileSync(path.join(dir, FILES.caKey), 'utf8');
    const caCertPem = fs.readFileSync(path.join(dir, FILES.caCert), 'utf8');
    const caCert = splitCertificates(caCertPem)[0];
    if (!caCert) throw new Error(`${path.join(dir, FILES.caCert)} holds no certificate`);
    if (serverCertificateProblem(dir, caCert, names, now) !== null) {
      issueServerCertificate(dir, caKeyPem, caCertPem, names, now);
      if (made === 'nothing') made = 'server-certificate';
    }
    const cert = fs.readFileSync(path.join(dir, FILES.serverCert), 'utf8');
    return {
      caCertPem,
      caCert,
      fingerprint256: fingerprint256(caCert),
      spkiSha256: spkiSha256(caCert),
      key: fs.readFileSync(path.join(dir, FILES.serverKey), 'utf8'),
      cert,
      serverCert: splitCertificates(cert)[0]!,
      names,
      made,
    };
  } finally {
    await release();
  }
}
