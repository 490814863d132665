import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { serialNumber } from '@/server/tls/local-authority';

/** A random source that returns `first` and then the given bytes, padded to `size`. */
const fixed =
  (...first: number[]) =>
  (size: number) =>
    Buffer.from([...first, ...Array<number>(size - first.length).fill(0x11)]);

/** A self-signed certificate with `serial`, read back by Node (OpenSSL) as the server reads its files. */
function certificateWith(serial: string): X509Certificate {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600 * 1000);
  cert.setSubject([{ name: 'commonName', value: 'serial test' }]);
  cert.setIssuer([{ name: 'commonName', value: 'serial test' }]);
  cert.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forge.md.sha256.create(),
  );
  return new X509Certificate(forge.pki.certificateToPem(cert));
}

describe('certificate serial numbers', () => {
  it('are 16 bytes, positive, and never start with a zero byte', () => {
    for (const first of [[0x00, 0x10], [0x80, 0x00], [0xff], [0x7f], [0x01]]) {
      const serial = serialNumber(fixed(...first));
      expect(serial).toHaveLength(32);
      const top = Number.parseInt(serial.slice(0, 2), 16);
      expect(top).toBeGreaterThanOrEqual(0x01);
      expect(top).toBeLessThanOrEqual(0x7f);
    }
  });

  it('can be read back when the random bytes start with zeros', () => {
    for (const first of [
      [0x00, 0x10],
      [0x00, 0x00, 0x10],
    ]) {
      const serial = serialNumber(fixed(...first));
      expect(certificateWith(serial).serialNumber.toLowerCase()).toBe(serial);
    }
  });
});
