import fs from 'node:fs';
import type { X509Certificate } from 'node:crypto';
import { daysLeft, isoDay, readPrivateKey, splitCertificates } from './pem';

/** A certificate that runs out within this many days is announced at every start and reload. */
export const EXPIRY_WARNING_DAYS = 14;

export interface TlsFiles {
  /** The PEM chain as read: the server certificate first, then intermediates. */
  cert: string;
  key: string;
  leaf: X509Certificate;
}

export interface TlsFilesCheck {
  /** Reasons the files cannot be used; empty when they can. */
  problems: string[];
  /** Usable, but someone should act (renewal due soon). */
  warnings: string[];
  files: TlsFiles | null;
}

function readText(variable: string, file: string, problems: string[]): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'cannot be read (permission denied)'
          : code === 'EISDIR'
            ? 'is a directory, not a file'
            : `cannot be read (${code ?? String(error)})`;
    problems.push(`${variable}: ${file} ${reason}`);
    return null;
  }
}

/**
 * Reads and checks a certificate chain and its key the way the HTTPS server will use them: readable,
 * PEM, the key belongs to the first certificate, the certificate is valid now. Used at start (a problem
 * stops it) and on every reload (a problem keeps the previous certificate in use).
 */
export function checkTlsFiles(certFile: string, keyFile: string, now = new Date()): TlsFilesCheck {
  const problems: string[] = [];
  const warnings: string[] = [];
  const cert = readText('TLS_CERT_FILE', certFile, problems);
  const key = readText('TLS_KEY_FILE', keyFile, problems);

  let chain: X509Certificate[] = [];
  if (cert !== null) {
    try {
      chain = splitCertificates(cert);
      if (chain.length === 0) problems.push(`TLS_CERT_FILE: ${certFile} holds no PEM certificate`);
    } catch (error) {
      problems.push(`TLS_CERT_FILE: ${certFile} holds a certificate that cannot be read (${String(error)})`);
    }
  }
  let privateKey = null;
  if (key !== null) {
    try {
      privateKey = readPrivateKey(key);
    } catch {
      problems.push(
        `TLS_KEY_FILE: ${keyFile} holds no readable private key (PEM, not protected by a passphrase)`,
      );
    }
  }

  const leaf = chain[0];
  if (leaf) {
    if (privateKey && !leaf.checkPrivateKey(privateKey)) {
      problems.push(`TLS_KEY_FILE: ${keyFile} is not the key of the certificate in ${certFile}`);
    }
    const left = daysLeft(leaf, now);
    if (new Date(leaf.validFrom) > now) {
      problems.push(
        `TLS_CERT_FILE: the certificate in ${certFile} is valid only from ${isoDay(leaf.validFrom)} (check this machine's clock)`,
      );
    } else if (left <= 0) {
      problems.push(`TLS_CERT_FILE: the certificate in ${certFile} expired on ${isoDay(leaf.validTo)}`);
    } else if (left <= EXPIRY_WARNING_DAYS) {
      warnings.push(
        `TLS_CERT_FILE: the certificate in ${certFile} expires on ${isoDay(leaf.validTo)} (in ${Math.ceil(left)} days); renew it — FleetPilot picks up the new files without a restart`,
      );
    }
  }

  const files = problems.length === 0 && leaf && cert && key ? { cert, key, leaf } : null;
  return { problems, warnings, files };
}
