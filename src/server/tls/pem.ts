import { X509Certificate, createHash, createPrivateKey, type KeyObject } from 'node:crypto';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM file, in file order (leaf first in a chain file). */
export function splitCertificates(pem: string): X509Certificate[] {
  return (pem.match(PEM_CERTIFICATE) ?? []).map((block) => new X509Certificate(block));
}

/** A private key from PEM; throws for anything else, encrypted keys included (no passphrase here). */
export function readPrivateKey(pem: string): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem' });
}

/** "AB:CD:…" — the SHA-256 fingerprint as browsers and certificate dialogs show it. */
export function fingerprint256(certificate: X509Certificate): string {
  return certificate.fingerprint256.toUpperCase();
}

/**
 * base64 of the SHA-256 of the certificate's public key (SubjectPublicKeyInfo): what Chromium's
 * --ignore-certificate-errors-spki-list and HTTP public-key pinning name a key by.
 */
export function spkiSha256(certificate: X509Certificate): string {
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

const DAY_MS = 24 * 3600 * 1000;

export function daysLeft(certificate: X509Certificate, now: Date): number {
  return (new Date(certificate.validTo).getTime() - now.getTime()) / DAY_MS;
}

/** yyyy-mm-dd of a certificate date, for messages. */
export function isoDay(date: string): string {
  return new Date(date).toISOString().slice(0, 10);
}
