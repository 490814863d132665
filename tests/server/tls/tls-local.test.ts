import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@/domain/constants';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { listenHttpPort, type HttpPort } from '@/server/http-port';
import { ensureLocalAuthority, SERVER_CERT_DAYS } from '@/server/tls/local-authority';
import { localCertificateNames } from '@/server/tls/names';
import { localTlsDir } from '@/server/tls/setup';
import { ADMIN_PASSWORD, createTestDatabase } from '../support/helpers';
import { handshake, tempDir } from './tls-fixtures';

const DAY_MS = 24 * 3600 * 1000;

describe('the names of the local server certificate', () => {
  it('covers loopback, the host name, its .local name, every address and TLS_HOSTNAMES', () => {
    const names = localCertificateNames({
      hostname: 'Yard-Server',
      interfaces: {
        lo: [{ address: '127.0.0.1', internal: true, family: 'IPv4', netmask: '', mac: '', cidr: null }],
        eth0: [
          { address: '192.168.10.5', internal: false, family: 'IPv4', netmask: '', mac: '', cidr: null },
          {
            address: 'fe80::1%eth0',
            internal: false,
            family: 'IPv6',
            netmask: '',
            mac: '',
            cidr: null,
            scopeid: 2,
          },
        ],
      },
      extra: ['fleet.site.example'],
    });
    expect(names).toEqual(
      [
        '127.0.0.1',
        '192.168.10.5',
        '::1',
        'fe80::1',
        'fleet.site.example',
        'localhost',
        'yard-server',
        'yard-server.local',
      ].sort(),
    );
  });
});

describe('the local certificate authority', () => {
  it('is made once; the server certificate again when the names change or it runs out', async () => {
    const dir = tempDir();
    const names = ['127.0.0.1', 'localhost', 'yard.local'];
    const first = await ensureLocalAuthority(dir, names);
    expect(first.made).toBe('authority');
    expect(fs.statSync(path.join(dir, 'ca-key.pem')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'server-key.pem')).mode & 0o777).toBe(0o600);
    const span =
      new Date(first.serverCert.validTo).getTime() - new Date(first.serverCert.validFrom).getTime();
    expect(span).toBeLessThanOrEqual(SERVER_CERT_DAYS * DAY_MS);
    expect(first.serverCert.checkIssued(first.caCert)).toBe(true);
    expect(first.caCert.ca).toBe(true);

    const again = await ensureLocalAuthority(dir, names);
    expect(again.made).toBe('nothing');
    expect(again.serverCert.serialNumber).toBe(first.serverCert.serialNumber);

    const moved = await ensureLocalAuthority(dir, [...names, '10.0.0.9'].sort());
    expect(moved.made).toBe('server-certificate');
    expect(moved.fingerprint256).toBe(first.fingerprint256);
    expect(moved.serverCert.checkIP('10.0.0.9')).toBe('10.0.0.9');

    // 370 days on, fewer than 30 remain: a new server certificate, the same authority.
    const later = await ensureLocalAuthority(dir, moved.names, new Date(Date.now() + 370 * DAY_MS));
    expect(later.made).toBe('server-certificate');
    expect(later.fingerprint256).toBe(first.fingerprint256);
    expect(new Date(later.serverCert.validTo).getTime()).toBeGreaterThan(Date.now() + 700 * DAY_MS);
  });
});

describe('HTTPS=local', () => {
  let app: FastifyInstance;
  let httpPort: HttpPort;
  let port: number;
  let dataDir: string;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    dataDir = tempDir('fleetpilot-test-');
    const database = await createTestDatabase();
    closeDatabase = () => database.close();
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      HTTPS: 'local',
      TLS_HOSTNAMES: 'fleet.site.example,10.20.30.40',
    });
    app = await buildApp(config, { database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    httpPort = await listenHttpPort(app, { host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await httpPort?.close();
    await app?.close();
    await closeDatabase?.();
  });

  it('serves a chain that a client trusting only the local authority accepts for every name', async () => {
    const ca = fs.readFileSync(path.join(localTlsDir(dataDir), 'ca.pem'), 'utf8');
    const names = app.tls!.authority!.names;
    expect(names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '::1', 'fleet.site.example']));
    expect(names).toContain('10.20.30.40');
    for (const name of names) {
      const shake = await handshake(port, ca, name);
      expect(shake, name).toMatchObject({ authorized: true, error: null, alpn: 'h2' });
    }
    // A name outside the certificate is refused, as a browser would.
    expect((await handshake(port, ca, 'elsewhere.example')).authorized).toBe(false);
  });

  it('carries sign-in over HTTP/2 and live updates over a WebSocket on the same port', async () => {
    const ca = app.tls!.authority!.caCertPem;
    const session = http2.connect(`https://localhost:${port}`, { ca });
    const token = await new Promise<string>((resolve, reject) => {
      const stream = session.request({
        ':method': 'POST',
        ':path': '/api/auth/login',
        'content-type': 'application/json',
      });
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () => resolve((JSON.parse(text) as { token: string }).token));
      stream.on('error', reject);
      stream.end(JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }));
    });
    session.close();
    const socket = connectClient(`https://localhost:${port}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
      ca,
    });
    try {
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(`error: ${error.message}`));
      });
      expect(outcome).toBe('connected');
    } finally {
      socket.close();
    }
  });

  it('offers the authority on the setup page and at /setup/ca.crt over the plain HTTP port', async () => {
    const base = `http://127.0.0.1:${httpPort.port}`;
    const page = await fetch(`${base}/setup`, { headers: { 'accept-language': 'fr, el;q=0.8, en;q=0.5' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="el">');
    expect(html).toContain('Ρύθμιση tablet για το FleetPilot');
    expect(html).toContain(app.tls!.authority!.fingerprint256);
    for (const platform of ['android', 'ios', 'windows', 'macos', 'chromeos']) {
      expect(html).toContain(`data-platform="${platform}"`);
    }
    expect(html).toContain(`href="https://127.0.0.1:${port}/"`);
    expect(html).toMatch(/<div class="qr" role="img" aria-label="[^"]+"><svg /);

    const german = await (await fetch(`${base}/setup?lang=de`)).text();
    expect(german).toContain('Tablet für FleetPilot einrichten');

    const android = await (
      await fetch(`${base}/setup?lang=en`, {
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X200) Chrome/140 Safari/537.36' },
      })
    ).text();
    expect(android).toContain('<details data-platform="android" open>');

    const ca = await fetch(`${base}/setup/ca.crt`);
    expect(ca.status).toBe(200);
    expect(ca.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    const der = Buffer.from(await ca.arrayBuffer());
    const served = new X509Certificate(der);
    expect(served.fingerprint256).toBe(app.tls!.authority!.fingerprint256);
    expect(served.ca).toBe(true);
    // Nothing else of that directory is served, the authority's key least of all.
    expect(der.toString('latin1')).not.toContain('PRIVATE KEY');
    for (const guess of ['/setup/ca-key.pem', '/setup/../tls/ca-key.pem', '/tls/ca-key.pem']) {
      const response = await fetch(`https://localhost:${port}${guess}`).catch(() => null);
      if (response) expect(await response.text()).not.toContain('PRIVATE KEY');
      const plain = await fetch(`${base}${guess}`, { redirect: 'manual' });
      expect(await plain.text()).not.toContain('PRIVATE KEY');
    }
  });

  it('sends everything else on the plain HTTP port to HTTPS', async () => {
    const base = `http://127.0.0.1:${httpPort.port}`;
    // The name the tablet used stays (fetch cannot set Host, a plain request can).
    const page = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: httpPort.port,
            path: '/reports?status=open',
            headers: { host: `fleet.site.example:${httpPort.port}` },
          },
          (response) => resolve(response.resume()),
        )
        .on('error', reject);
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`https://fleet.site.example:${port}/reports?status=open`);
    const post = await fetch(`${base}/api/auth/login`, { method: 'POST', redirect: 'manual', body: '{}' });
    expect(post.status).toBe(307);
    expect(post.headers.get('location')).toBe(`https://127.0.0.1:${port}/api/auth/login`);
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe(`https://127.0.0.1:${port}/`);
  });
});

describe('the setup page without HTTPS', () => {
  let app: FastifyInstance;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    closeDatabase = () => database.close();
    app = await buildApp(
      loadConfig({ DATA_DIR: tempDir('fleetpilot-test-'), ADMIN_PASSWORD, LOG_LEVEL: 'silent' }),
      { database, logger: false },
    );
  });

  afterAll(async () => {
    await app?.close();
    await closeDatabase?.();
  });

  it('says that the server offers no HTTPS yet and has no authority to download', async () => {
    const page = await app.inject({ url: '/setup?lang=en' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This server does not offer HTTPS yet');
    expect(page.body).not.toContain('/setup/ca.crt');
    expect((await app.inject({ url: '/setup/ca.crt' })).statusCode).toBe(404);
  });
});
