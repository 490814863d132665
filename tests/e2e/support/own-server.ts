import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A FleetPilot server of one spec file's own, for what the shared server cannot show (HTTPS, a server
 * that stops): `node --import tsx src/server/main.ts` as `npm start` runs it, on free ports and a
 * temporary DATA_DIR, on the build that exists.
 */
export interface OwnServer {
  port: number;
  dataDir: string;
  adminPassword: string;
  /** Everything the server printed. */
  output(): string;
  /** Sends the server process a signal (e.g. SIGUSR2 for the e2e clock, see server-clock.mjs). */
  signal(name: NodeJS.Signals): void;
  /** Stops it (SIGTERM, graceful) and waits until it has exited. */
  stop(): Promise<void>;
  /** Stops it if needed and removes its data directory. */
  dispose(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startOwnServer(
  env: Record<string, string> = {},
  /** Node options before the entry point, e.g. `['--import', './tests/e2e/support/server-clock.mjs']`. */
  nodeArgs: readonly string[] = [],
): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-e2e-own-'));
  const adminPassword = 'own-Admin-Passw0rd';
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.homedir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'info',
        LOGIN_MAX_ATTEMPTS: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const check = () => {
      if (out.includes('FleetPilot is running')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was running:\n${out}`));
    });
    check();
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return {
    port,
    dataDir,
    adminPassword,
    output: () => out,
    signal: (name) => void child.kill(name),
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
