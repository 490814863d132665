import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { backupArchiveSchema, backupProgressSchema } from '@/domain/backup';

/*
 * The local channel between `npm run backup` and a running FleetPilot on the embedded database. Only
 * the server process may open the embedded database (its lock file), so a backup while it runs must be
 * made by the server. The channel is a Unix socket in DATA_DIR (owner-only permissions) or, on Windows,
 * a named pipe: never reachable over the network. One request per connection, answered with JSON lines:
 * progress lines, then one `done` or `error` line.
 */

const requestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('ping') }),
  z.object({ command: z.literal('backup'), outDir: z.string().min(1) }),
]);
export type ControlRequest = z.infer<typeof requestSchema>;

export const controlMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong'), version: z.string() }),
  z.object({ type: z.literal('progress'), progress: backupProgressSchema }),
  z.object({
    type: z.literal('done'),
    archive: backupArchiveSchema,
    path: z.string(),
    files: z.number().int(),
    tables: z.record(z.string(), z.number()),
    snapshotAt: z.string(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;

/** Unix socket paths are limited to about 100 bytes; a long DATA_DIR falls back to the temp folder. */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\fleetpilot-${hash}`;
  const inDataDir = path.join(path.resolve(dataDir), 'fleetpilot.sock');
  return Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH
    ? inDataDir
    : path.join(os.tmpdir(), `fleetpilot-${hash}.sock`);
}

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export type ControlHandler = (
  request: ControlRequest,
  send: (message: ControlMessage) => void,
) => Promise<void>;

/**
 * Listens on the control socket. A socket file left by a process that died is replaced; one that
 * answers belongs to a live process, and this one does without the channel (returns null).
 */
export async function listenControlSocket(
  socketPath: string,
  handler: ControlHandler,
  log: { warn(obj: object, msg: string): void },
): Promise<net.Server | null> {
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let handled = false;
    const send = (message: ControlMessage) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      if (handled) return;
      buffer += chunk;
      if (buffer.length > 64 * 1024) return socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      handled = true;
      let request: ControlRequest;
      try {
        request = requestSchema.parse(JSON.parse(buffer.slice(0, newline)));
      } catch {
        send({ type: 'error', message: 'Not a FleetPilot control request.' });
        return socket.end();
      }
      handler(request, send)
        .catch((err: unknown) => send({ type: 'error', message: (err as Error).message }))
        .finally(() => socket.end());
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || process.platform === 'win32') throw err;
    if (await canConnect(socketPath)) {
      log.warn(
        { socketPath },
        'another process answers on the control socket; npm run backup will not reach this one',
      );
      return null;
    }
    fs.rmSync(socketPath, { force: true });
    await listen();
  }
  if (process.platform !== 'win32') fs.chmodSync(socketPath, 0o600);
  server.unref();
  return server;
}

/** Closes the listener and removes the socket file. */
export async function closeControlSocket(server: net.Server, socketPath: string): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (process.platform !== 'win32') fs.rmSync(socketPath, { force: true });
}

/**
 * Sends one request to a running FleetPilot and hands each answer line to `onMessage`. Resolves null
 * when no FleetPilot listens (no socket, or a stale one), else once the server closed the connection.
 */
export function sendControlRequest(
  socketPath: string,
  request: ControlRequest,
  onMessage: (message: ControlMessage) => void,
): Promise<'answered' | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let buffer = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const parsed = controlMessageSchema.safeParse(JSON.parse(line));
        if (parsed.success) onMessage(parsed.data);
      }
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(err.code ?? '')) resolve(null);
      else reject(err);
    });
    socket.once('close', () => {
      if (connected) resolve('answered');
    });
  });
}
