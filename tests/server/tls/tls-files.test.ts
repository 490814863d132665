import fs from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { ConfigError, loadConfig } from '@/server/config';
import { createTestDatabase, ADMIN_PASSWORD } from '../support/helpers';
import { startServer, stopServer, type ServerProcess } from '../support/server-process';
import {
  days,
  handshake,
  makeAuthority,
  makeServerCertificate,
  tempDir,
  writeCertificateFiles,
} from './tls-fixtures';

const authority = makeAuthority();

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('TLS_CERT_FILE and TLS_KEY_FILE are checked at start', () => {
  const dir = tempDir();
  const good = writeCertificateFiles(dir, authority, makeServerCertificate(authority));

  it('accepts a readable chain and its key', () => {
    const config = loadConfig({ TLS_CERT_FILE: good.certFile, TLS_KEY_FILE: good.keyFile });
    expect(config.tls).toEqual({ mode: 'files', certFile: good.certFile, keyFile: good.keyFile });
    expect(config.warnings).toEqual([]);
  });

  it('lists missing, unreadable, mismatched and expired files with the other problems', () => {
    const other = makeServerCertificate(authority);
    const mismatchedKey = path.join(dir, 'other-key.pem');
    fs.writeFileSync(mismatchedKey, other.keyPem);
    expect(problemsOf({ TLS_CERT_FILE: good.certFile, TLS_KEY_FILE: mismatchedKey, PORT: 'x' })).toEqual([
      'PORT: Invalid input: expected number, received NaN',
      `TLS_KEY_FILE: ${mismatchedKey} is not the key of the certificate in ${good.certFile}`,
    ]);

    const missing = path.join(dir, 'nope.pem');
    expect(problemsOf({ TLS_CERT_FILE: missing, TLS_KEY_FILE: good.keyFile })).toEqual([
      `TLS_CERT_FILE: ${missing} does not exist`,
    ]);

    const notPem = path.join(dir, 'not-pem.txt');
    fs.writeFileSync(notPem, 'hello');
    expect(problemsOf({ TLS_CERT_FILE: notPem, TLS_KEY_FILE: notPem })).toEqual([
      `TLS_CERT_FILE: ${notPem} holds no PEM certificate`,
      `TLS_KEY_FILE: ${notPem} holds no readable private key (PEM, not protected by a passphrase)`,
    ]);

    expect(problemsOf({ TLS_CERT_FILE: dir, TLS_KEY_FILE: good.keyFile })).toEqual([
      `TLS_CERT_FILE: ${dir} is a directory, not a file`,
    ]);

    const expired = writeCertificateFiles(
      tempDir(),
      authority,
      makeServerCertificate(authority, { from: days(-100), to: days(-1) }),
    );
    const [problem] = problemsOf({ TLS_CERT_FILE: expired.certFile, TLS_KEY_FILE: expired.keyFile });
    expect(problem).toMatch(
      new RegExp(`^TLS_CERT_FILE: the certificate in ${expired.certFile} expired on \\d{4}-\\d\\d-\\d\\d$`),
    );

    expect(problemsOf({ TLS_CERT_FILE: good.certFile })).toEqual([
      'TLS_KEY_FILE: must be set together with TLS_CERT_FILE',
    ]);
  });

  it('warns, but starts, when the certificate runs out within 14 days', () => {
    const soon = writeCertificateFiles(
      tempDir(),
      authority,
      makeServerCertificate(authority, { to: days(10) }),
    );
    const config = loadConfig({ TLS_CERT_FILE: soon.certFile, TLS_KEY_FILE: soon.keyFile });
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toMatch(/expires on \d{4}-\d\d-\d\d \(in 1[01] days\); renew it/);
  });

  it('refuses combinations that cannot work', () => {
    expect(problemsOf({ HTTPS: 'local', TLS_CERT_FILE: good.certFile, TLS_KEY_FILE: good.keyFile })).toEqual([
      'HTTPS: "local" makes its own certificate; unset TLS_CERT_FILE and TLS_KEY_FILE, or HTTPS',
    ]);
    expect(problemsOf({ HTTPS: 'local', PORT: '8443', HTTP_PORT: '8443' })).toEqual([
      'HTTP_PORT: must differ from PORT (both are 8443)',
    ]);
    expect(problemsOf({ HTTPS: 'local', HTTP_PORT: '3000' })).toEqual([
      'HTTP_PORT: must differ from PORT (both are 3000)',
    ]);
    expect(problemsOf({ HTTP_PORT: '8080' })).toEqual([
      'HTTP_PORT: sends browsers to HTTPS, so it needs HTTPS=local or TLS_CERT_FILE/TLS_KEY_FILE',
    ]);
    expect(problemsOf({ HTTPS: 'yes' })).toEqual(['HTTPS: must be "local" (or unset)']);
    expect(problemsOf({ HTTPS: 'local', TLS_HOSTNAMES: 'fleet.site, bad_name!' })).toEqual([
      'TLS_HOSTNAMES: not a host name or IP address: bad_name!',
    ]);
  });
});

describe('HTTPS from certificate files', () => {
  let app: FastifyInstance;
  let port: number;
  let files: { certFile: string; keyFile: string };
  let first: ReturnType<typeof makeServerCertificate>;
  const close: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const dir = tempDir();
    first = makeServerCertificate(authority);
    files = writeCertificateFiles(dir, authority, first);
    const database = await createTestDatabase();
    close.push(() => database.close());
    const config = loadConfig({
      DATA_DIR: tempDir('fleetpilot-test-'),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      TLS_CERT_FILE: files.certFile,
      TLS_KEY_FILE: files.keyFile,
    });
    app = await buildApp(config, { database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    for (const step of close.reverse()) await step();
  });

  it('serves the API over HTTP/2 with the certificate from the files', async () => {
    const shake = await handshake(port, authority.certPem, 'localhost');
    expect(shake).toMatchObject({ authorized: true, serial: first.serial, alpn: 'h2' });
    const session = http2.connect(`https://localhost:${port}`, { ca: authority.certPem });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/health' });
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (text += chunk));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
      expect(JSON.parse(body)).toMatchObject({ status: 'ok' });
    } finally {
      session.close();
    }
  });

  it('picks up renewed files without a restart and keeps open connections', async () => {
    const session = http2.connect(`https://localhost:${port}`, { ca: authority.certPem });
    const get = (p: string) =>
      new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': p });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
    try {
      expect(await get('/api/health')).toBe(200);

      // An unusable renewal (key of another certificate) is refused: the old certificate stays.
      const broken = makeServerCertificate(authority);
      fs.writeFileSync(files.certFile, broken.certPem + authority.certPem);
      expect(await app.tls!.reload('test')).toBe(false);
      expect((await handshake(port, authority.certPem, 'localhost')).serial).toBe(first.serial);

      // The renewal tool writes both files: the watcher sees it.
      const renewed = makeServerCertificate(authority);
      fs.writeFileSync(files.keyFile, renewed.keyPem);
      fs.writeFileSync(files.certFile, renewed.certPem + authority.certPem);
      const deadline = Date.now() + 20_000;
      let serial = first.serial;
      while (serial !== renewed.serial && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        serial = (await handshake(port, authority.certPem, 'localhost')).serial;
      }
      expect(serial).toBe(renewed.serial);
      // The connection opened before the renewal still works.
      expect(session.closed).toBe(false);
      expect(await get('/api/health')).toBe(200);
    } finally {
      session.close();
    }
  });
});

describe('starting FleetPilot with HTTPS', () => {
  let server: ServerProcess | undefined;
  afterAll(() => stopServer(server));

  it('refuses bad certificate files with the message', async () => {
    const dir = tempDir();
    const expired = writeCertificateFiles(
      dir,
      authority,
      makeServerCertificate(authority, { from: days(-30), to: days(-2) }),
    );
    const refused = startServer({
      DATA_DIR: path.join(dir, 'data'),
      TLS_CERT_FILE: expired.certFile,
      TLS_KEY_FILE: path.join(dir, 'missing-key.pem'),
    });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('Invalid configuration');
    expect(refused.stderr()).toContain(`- TLS_KEY_FILE: ${path.join(dir, 'missing-key.pem')} does not exist`);
    expect(refused.stderr()).toMatch(/- TLS_CERT_FILE: the certificate in .* expired on/);
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  }, 60_000);

  it('prints the HTTPS address and the setup page, and reloads on SIGHUP', async () => {
    const dir = tempDir();
    const files = writeCertificateFiles(dir, authority, makeServerCertificate(authority, { to: days(5) }));
    server = startServer({
      DATA_DIR: path.join(dir, 'data'),
      ADMIN_PASSWORD,
      TLS_CERT_FILE: files.certFile,
      TLS_KEY_FILE: files.keyFile,
      HTTP_PORT: '0',
    });
    const port = await server.running(90_000);
    const output = server.output();
    expect(output).toContain(`FleetPilot is running: open https://127.0.0.1:${port}`);
    expect(output).toMatch(/Set up tablets: open http:\/\/127\.0\.0\.1:\d+\/setup/);
    expect(output).toMatch(/expires on .* renew it/);
    server.child.kill('SIGHUP');
    const deadline = Date.now() + 20_000;
    while (!server.output().includes('TLS reload (SIGHUP)') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toContain('TLS reload (SIGHUP): the certificate is unchanged');
    expect(server.child.exitCode).toBe(null);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
