import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseLockedError } from './db/client';
import { listenHttpPort, type HttpPort } from './http-port';
import { SETUP_PATH } from '@/domain/setup';
import { loggerOptions } from './terminal-log';

/** A stuck request or database must not keep a stopping server alive forever. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

const formatHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Where people can open the app: PUBLIC_URL, else localhost plus this machine's network addresses —
 * with HTTPS also its `.local` name and TLS_HOSTNAMES, the names tablets use.
 */
function addresses(config: Config, scheme: 'http' | 'https', port: number): string[] {
  if (config.publicUrl) return [config.publicUrl];
  const url = (host: string) => `${scheme}://${formatHost(host)}:${port}`;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  if (!wildcard) return [url(config.host)];
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter((net) => net && net.family === 'IPv4' && !net.internal)
    .map((net) => net!.address);
  const names =
    scheme === 'https'
      ? [
          `${os.hostname().split('.')[0]!.toLowerCase()}.local`,
          ...(config.tls.mode === 'local' ? config.tls.hostnames : []),
        ]
      : [];
  return ['localhost', ...names, ...lan].map(url);
}

/** What an administrator needs at start: where to open the app and how to set up tablets. */
function announce(app: FastifyInstance, config: Config, port: number, httpPort: HttpPort | null) {
  const scheme = app.tls ? 'https' : 'http';
  const open = addresses(config, scheme, port);
  app.log.info(`FleetPilot is running: open ${open.join(' or ')}`);
  if (!app.tls) {
    app.log.info(
      'Tablets need HTTPS to work offline, install the app and get notifications: set HTTPS=local (see "Tablets on the site network" in the README).',
    );
    return;
  }
  const setupBase = httpPort ? addresses(config, 'http', httpPort.port) : open;
  app.log.info(`Set up tablets: open ${setupBase.map((base) => `${base}${SETUP_PATH}`).join(' or ')}`);
  const authority = app.tls.authority;
  if (authority) {
    app.log.info(`Local certificate authority SHA-256 fingerprint: ${authority.fingerprint256}`);
  }
}

function stopOnSignals(app: FastifyInstance, beforeClose: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl+C means "now".
      app.log.warn(`${signal} received again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await beforeClose();
      // Stops accepting connections, waits for running requests, then closes the database (onClose).
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Renewed certificate files (or, with HTTPS=local, changed addresses) without a restart.
  process.on('SIGHUP', () => void app.tls?.reload('SIGHUP'));
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: loggerOptions(config.logLevel) });
  } catch (err) {
    if (err instanceof DatabaseLockedError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  for (const warning of config.warnings) app.log.warn(warning);
  let httpPort: HttpPort | null = null;
  stopOnSignals(app, async () => {
    await httpPort?.close();
  });

  try {
    await app.listen({
      port: config.port,
      host: config.host,
      // Fastify cannot tell that the server it was handed speaks HTTPS.
      listenTextResolver: (address) =>
        `Server listening at ${app.tls ? address.replace(/^http:/, 'https:') : address}`,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} on ${config.host} is already in use. Stop the other program or set PORT.`,
      );
      await app.close();
      process.exit(1);
    }
    throw err;
  }
  if (config.httpPort !== undefined && app.tls) {
    try {
      httpPort = await listenHttpPort(app, { host: config.host, port: config.httpPort });
    } catch (err) {
      const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      console.error(
        inUse
          ? `HTTP_PORT ${config.httpPort} on ${config.host} is already in use. Stop the other program or set HTTP_PORT.`
          : `HTTP_PORT ${config.httpPort} cannot be opened: ${String(err)}`,
      );
      await app.close();
      process.exit(1);
    }
  }
  const { port } = app.server.address() as { port: number };
  announce(app, config, port, httpPort);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
