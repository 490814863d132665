import path from 'node:path';
import type { Config } from '../config';
import { checkTlsFiles } from './check-files';
import { ensureLocalAuthority, type LocalAuthority } from './local-authority';
import { localCertificateNames } from './names';
import type { TlsCredentials } from './secure-server';

export interface TlsLoad {
  /** What to serve, or null when nothing usable was found (the previous certificate stays). */
  credentials: TlsCredentials | null;
  problems: string[];
  warnings: string[];
  /** The local authority, in that mode. */
  authority: LocalAuthority | null;
}

export interface TlsSetup {
  mode: 'files' | 'local';
  /** Reads the certificate again: the files as they are now, or the local one checked against today's addresses. */
  load(): Promise<TlsLoad>;
  /** The files to watch for renewals (none for the local authority, which renews at start or SIGHUP). */
  watchFiles: string[];
}

/** Where HTTPS=local keeps its authority and server certificate. */
export function localTlsDir(dataDir: string): string {
  return path.join(dataDir, 'tls');
}

/** How the configured HTTPS gets its certificate, or null for plain HTTP. */
export function tlsSetup(config: Config): TlsSetup | null {
  const tls = config.tls;
  if (tls.mode === 'files') {
    return {
      mode: 'files',
      watchFiles: [tls.certFile, tls.keyFile],
      async load() {
        const check = checkTlsFiles(tls.certFile, tls.keyFile);
        const credentials = check.files ? { key: check.files.key, cert: check.files.cert } : null;
        return { credentials, problems: check.problems, warnings: check.warnings, authority: null };
      },
    };
  }
  if (tls.mode === 'local') {
    return {
      mode: 'local',
      watchFiles: [],
      async load() {
        const names = localCertificateNames({ extra: tls.hostnames });
        const authority = await ensureLocalAuthority(localTlsDir(config.dataDir), names);
        return {
          credentials: { key: authority.key, cert: authority.cert },
          problems: [],
          warnings: [],
          authority,
        };
      },
    };
  }
  return null;
}
