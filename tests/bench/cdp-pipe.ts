// A minimal Chrome DevTools Protocol client over Chromium's --remote-debugging-pipe. The offline
// readiness bench needs what Playwright does not offer: network emulation applied to the service
// worker before its first request (Playwright resumes new workers itself, so throttling them through
// it would race their install).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium';

type Params = Record<string, unknown>;
type Listener = (params: Params, sessionId: string | undefined) => void;

export class CdpBrowser {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Params) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();
  private buffer = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    output: Readable,
    private readonly profileDir: string,
  ) {
    output.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      let end: number;
      while ((end = this.buffer.indexOf('\0')) !== -1) {
        const message = JSON.parse(this.buffer.slice(0, end)) as {
          id?: number;
          method?: string;
          params?: Params;
          result?: Params;
          error?: { message: string };
          sessionId?: string;
        };
        this.buffer = this.buffer.slice(end + 1);
        if (message.id !== undefined) {
          const waiter = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error) waiter?.reject(new Error(message.error.message));
          else waiter?.resolve(message.result ?? {});
        } else if (message.method) {
          for (const listener of this.listeners.get(message.method) ?? []) {
            listener(message.params ?? {}, message.sessionId);
          }
        }
      }
    });
  }

  static launch(extraArgs: string[]): CdpBrowser {
    const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-chromium-'));
    const child = spawn(
      CHROMIUM_LAUNCH.executablePath,
      [
        ...CHROMIUM_LAUNCH.args,
        '--headless',
        '--remote-debugging-pipe',
        `--user-data-dir=${profileDir}`,
        ...extraArgs,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new CdpBrowser(child, child.stdio[3] as Writable, child.stdio[4] as Readable, profileDir);
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.input.write(`${message}\0`);
    });
  }

  on(method: string, listener: Listener): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  /** Evaluates an expression in a page session and returns its value. */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const reply = (await this.send(
      'Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise: true },
      sessionId,
    )) as { result?: { value?: T }; exceptionDetails?: { text: string } };
    if (reply.exceptionDetails) throw new Error(`evaluate failed: ${reply.exceptionDetails.text}`);
    return reply.result?.value as T;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.send('Browser.close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    fs.rmSync(this.profileDir, { recursive: true, force: true });
  }
}
