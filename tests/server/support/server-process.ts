import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  output(): string;
  /** What was written to stderr alone. */
  stderr(): string;
  /** Resolves with the exit code (signals count as failure). */
  exited: Promise<number>;
  /** Resolves with the listening port once the start-up line was logged; rejects if the process exits first. */
  running(timeoutMs?: number): Promise<number>;
}

/**
 * `node --import tsx src/server/main.ts` as `npm start` runs it, with the given environment on top of a
 * clean one (the test runner's own DATABASE_URL does not leak in unless passed).
 */
export function startServer(env: Record<string, string>): ServerProcess {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    err += chunk.toString();
  });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));

  const running = (timeoutMs = 45_000) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const match = /FleetPilot is running: open https?:\/\/[^:\s]+:(\d+)/.exec(out);
        if (match) {
          cleanup();
          resolve(Number(match[1]));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
      }, timeoutMs);
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`server exited (${code}) before it was running:\n${out}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        child.off('exit', onExit);
      };
      child.stdout!.on('data', check);
      child.on('exit', onExit);
      check();
      if (child.exitCode !== null) onExit(child.exitCode);
    });

  return { child, output: () => out, stderr: () => err, exited, running };
}

/** Stops a process the test started, if it still runs. */
export function stopServer(server: ServerProcess | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
}
