import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseLockedError } from './db/client';
import { loggerOptions } from './terminal-log';

/** A stuck request or database must not keep a stopping server alive forever. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** Where people can open the app: PUBLIC_URL, else localhost plus this machine's network addresses. */
function addresses(config: Config, port: number): string[] {
  if (config.publicUrl) return [config.publicUrl];
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  if (!wildcard) return [`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`];
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter((net) => net && net.family === 'IPv4' && !net.internal)
    .map((net) => `http://${net!.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

function stopOnSignals(app: FastifyInstance) {
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
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  stopOnSignals(app);

  try {
    await app.listen({ port: config.port, host: config.host });
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
  const { port } = app.server.address() as { port: number };
  app.log.info(`FleetPilot is running: open ${addresses(config, port).join(' or ')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
