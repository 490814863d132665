import path from 'node:path';
import { checkTlsFiles } from './check-files';
import { isCertificateName, parseHostnames } from './names';

export type TlsConfig =
  | { mode: 'off' }
  | { mode: 'files'; certFile: string; keyFile: string }
  | { mode: 'local'; hostnames: string[] };

export interface TlsConfigCheck {
  config: TlsConfig;
  problems: string[];
  warnings: string[];
}

const PORT = /^\d+$/;

/**
 * The HTTPS part of the environment, checked as a whole: which mode, whether the combination makes
 * sense, and — for certificate files — whether the files can be used right now.
 */
export function checkTlsConfig(env: Record<string, string | undefined>, now = new Date()): TlsConfigCheck {
  const problems: string[] = [];
  const warnings: string[] = [];
  const { HTTPS, TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, HTTP_PORT, PORT: port } = env;
  const hostnames = parseHostnames(env.TLS_HOSTNAMES);

  let config: TlsConfig = { mode: 'off' };
  if (HTTPS === 'local' && (certFile || keyFile)) {
    problems.push('HTTPS: "local" makes its own certificate; unset TLS_CERT_FILE and TLS_KEY_FILE, or HTTPS');
  } else if (certFile || keyFile) {
    if (!certFile) problems.push('TLS_CERT_FILE: must be set together with TLS_KEY_FILE');
    if (!keyFile) problems.push('TLS_KEY_FILE: must be set together with TLS_CERT_FILE');
    if (certFile && keyFile) {
      const check = checkTlsFiles(path.resolve(certFile), path.resolve(keyFile), now);
      problems.push(...check.problems);
      warnings.push(...check.warnings);
      config = { mode: 'files', certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
    }
  } else if (HTTPS === 'local') {
    config = { mode: 'local', hostnames };
  }

  const badNames = hostnames.filter((name) => !isCertificateName(name));
  if (badNames.length > 0) {
    problems.push(`TLS_HOSTNAMES: not a host name or IP address: ${badNames.join(', ')}`);
  } else if (hostnames.length > 0 && HTTPS !== 'local') {
    warnings.push('TLS_HOSTNAMES: only used with HTTPS=local; ignored');
  }

  if (HTTP_PORT !== undefined && PORT.test(HTTP_PORT)) {
    if (config.mode === 'off' && problems.length === 0) {
      problems.push(
        'HTTP_PORT: sends browsers to HTTPS, so it needs HTTPS=local or TLS_CERT_FILE/TLS_KEY_FILE',
      );
    }
    const httpsPort = port ?? '3000';
    if (Number(HTTP_PORT) !== 0 && Number(HTTP_PORT) === Number(httpsPort)) {
      problems.push(`HTTP_PORT: must differ from PORT (both are ${httpsPort})`);
    }
  }
  return { config, problems, warnings };
}
