import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import forge from 'node-forge';

const DAY_MS = 24 * 3600 * 1000;

export interface TestKeyPair {
  keyPem: string;
  forgeKey: forge.pki.rsa.PrivateKey;
  forgePublic: forge.pki.rsa.PublicKey;
}

function keyPair(): TestKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    keyPem,
    forgeKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

export interface TestAuthority {
  certPem: string;
  cert: forge.pki.Certificate;
  keys: TestKeyPair;
}

/** A throw-away certificate authority, as a company's own would be. */
export function makeAuthority(): TestAuthority {
  const keys = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + 3650 * DAY_MS);
  const subject = [{ name: 'commonName', value: 'Test authority' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  cert.sign(keys.forgeKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), cert, keys };
}

export interface ServerCertificate {
  certPem: string;
  keyPem: string;
  serial: string;
}

/** A server certificate for `names`, signed by `authority`, valid from `from` to `to`. */
export function makeServerCertificate(
  authority: TestAuthority,
  options: { names?: string[]; from?: Date; to?: Date } = {},
): ServerCertificate {
  const names = options.names ?? ['localhost', '127.0.0.1'];
  const keys = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  const serial = `01${randomBytes(8).toString('hex')}`;
  cert.serialNumber = serial;
  cert.validity.notBefore = options.from ?? new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = options.to ?? new Date(Date.now() + 90 * DAY_MS);
  cert.setSubject([{ name: 'commonName', value: names[0]! }]);
  cert.setIssuer(authority.cert.subject.attributes);
  cert.setExtensions([
    {
      name: 'subjectAltName',
      altNames: names.map((name) => (net.isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })),
    },
  ]);
  cert.sign(authority.keys.forgeKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.keyPem, serial: serial.toUpperCase() };
}

export const days = (n: number) => new Date(Date.now() + n * DAY_MS);

/** A directory for one test's files. */
export function tempDir(prefix = 'fleetpilot-tls-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes the chain (certificate, then the authority) and key where TLS_CERT_FILE and TLS_KEY_FILE point. */
export function writeCertificateFiles(dir: string, authority: TestAuthority, server: ServerCertificate) {
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  fs.writeFileSync(certFile, server.certPem + authority.certPem);
  fs.writeFileSync(keyFile, server.keyPem);
  return { certFile, keyFile };
}

export interface Handshake {
  /** Serial of the certificate the server presented, upper-case hex. */
  serial: string;
  authorized: boolean;
  error: string | null;
  alpn: string | false | null;
}

/**
 * A TLS handshake with 127.0.0.1:`port` that trusts only `ca` and checks the certificate for `name`
 * (a host name or an IP address) the way browsers do.
 */
export function handshake(port: number, ca: string, name: string): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      ca,
      ...(net.isIP(name) ? {} : { servername: name }),
      ALPNProtocols: ['h2', 'http/1.1'],
      rejectUnauthorized: false,
      checkServerIdentity: (_host, cert) => tls.checkServerIdentity(name, cert),
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      let identity: Error | undefined;
      if (socket.authorized) identity = tls.checkServerIdentity(name, cert);
      resolve({
        serial: cert.serialNumber.toUpperCase(),
        authorized: socket.authorized && !identity,
        error: identity?.message ?? (socket.authorizationError ? String(socket.authorizationError) : null),
        alpn: socket.alpnProtocol,
      });
      socket.end();
    });
    socket.once('error', reject);
  });
}
