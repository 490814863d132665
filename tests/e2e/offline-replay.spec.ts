import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { TOKEN_KEY } from './support/app';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { appDatabaseReady, countStore, queueInventoryCreates } from './support/outbox';

/*
 * The outbox's exactly-once promise under the failures a tablet meets: the server process is
 * killed (SIGKILL, no graceful shutdown) while a replay is under way and started again on the same data,
 * and two tabs of the app start replaying the same outbox at once. Each test runs its own server, so
 * killing it disturbs no other test; the browser reaches it through a relay, a stable origin across
 * restarts.
 */

const ADMIN_PASSWORD = 'Replay-Admin-Passw0rd';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

class OwnServer {
  private process: ChildProcess | null = null;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-e2e-replay-'));
  constructor(readonly port: number) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  private async healthy(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/health`)).ok;
    } catch {
      return false;
    }
  }

  /** Starts the server; after a kill the embedded database's lock goes stale first, so it retries. */
  async start(): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        stdio: 'ignore',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.homedir(),
          PORT: String(this.port),
          HOST: '127.0.0.1',
          DATA_DIR: this.dataDir,
          DATABASE_URL: '',
          ADMIN_USERNAME: 'admin',
          ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
          LOGIN_MAX_ATTEMPTS: '1000',
        },
      });
      let exited = false;
      child.on('exit', () => (exited = true));
      while (!exited && Date.now() < deadline) {
        if (await this.healthy()) {
          this.process = child;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error('the test server did not start');
  }

  /** Like a power cut of the server: no graceful shutdown, in-flight requests die with it. */
  async kill(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  async signIn(): Promise<{ token: string; userId: string }> {
    const response = await fetch(`${this.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: string } };
    return { token: body.token, userId: body.user.id };
  }

  /** Names of the server's live inventory items matching `prefix` (null while it is down). */
  async names(token: string, prefix: string): Promise<string[] | null> {
    const names: string[] = [];
    try {
      for (let page = 1; ; page++) {
        const response = await fetch(
          `${this.url}/api/inventory?limit=100&page=${page}&q=${encodeURIComponent(prefix)}`,
          { headers: { 'x-auth-token': token } },
        );
        if (!response.ok) return null;
        const body = (await response.json()) as { items: Array<{ name: string }>; total: number };
        names.push(...body.items.map((item) => item.name));
        if (body.items.length === 0 || names.length >= body.total) return names;
      }
    } catch {
      return null;
    }
  }
}

let server: OwnServer;
let relay: NetworkSwitch;
let context: BrowserContext;

async function openContext(browser: Browser, token: string): Promise<BrowserContext> {
  const created = await browser.newContext({ baseURL: relay.url, viewport: { width: 1280, height: 800 } });
  await created.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  return created;
}

/** Opens a same-origin page that runs no app code and queues `count` creates in the app's database. */
async function queueWithAppClosed(page: Page, userId: string, count: number, prefix: string) {
  await page.goto('/');
  // The app creates its database on start; leave it before writing to it directly.
  await expect.poll(() => appDatabaseReady(page), { timeout: 30_000 }).toBe(true);
  await page.goto('/api/health');
  await queueInventoryCreates(page, userId, count, prefix);
  expect(await countStore(page, 'outbox')).toBe(count);
}

/** Signs in on the test's server and queues `count` creates in a fresh context's first page. */
async function queuedPage(browser: Browser, label: string, count: number) {
  const { token, userId } = await server.signIn();
  context = await openContext(browser, token);
  const page = await context.newPage();
  const prefix = `${label} ${Date.now()}`;
  await queueWithAppClosed(page, userId, count, prefix);
  return { token, page, prefix };
}

/** True when the tab shows Chromium's own error page (no app, no access to the app's storage). */
async function onBrowserErrorPage(page: Page): Promise<boolean> {
  try {
    return await page.evaluate(() => location.protocol === 'chrome-error:');
  } catch {
    // The tab is between documents: ask again on the next poll.
    return false;
  }
}

/** The server holds `count` items named with `prefix`, each once. */
async function expectEachOnce(token: string, prefix: string, count: number) {
  const names = (await server.names(token, prefix)) ?? [];
  expect(names).toHaveLength(count);
  expect(new Set(names).size).toBe(count);
}

test.describe('the outbox under failures', () => {
  test.beforeEach(async () => {
    test.slow();
    server = new OwnServer(await freePort());
    await server.start();
    relay = await startNetworkSwitch(new URL(server.url));
  });

  test.afterEach(async () => {
    await context?.close();
    await relay.close();
    await server.stop();
  });

  test('the server is killed in the middle of a replay: after a restart nothing is lost or doubled', async ({
    browser,
  }) => {
    const count = 120;
    const { token, page, prefix } = await queuedPage(browser, 'Crash', count);

    // Start the app: it replays. Kill the server once part of the queue has arrived.
    await page.goto('/', { waitUntil: 'commit' });
    await expect
      .poll(async () => (await server.names(token, prefix))?.length ?? 0, {
        timeout: 60_000,
        intervals: [50],
      })
      .toBeGreaterThanOrEqual(10);
    await server.kill();
    // A route module the app had not loaded yet when the server died makes the router reload the page,
    // which lands on the browser's error page; the operator then presses Reload once the server is back.
    // (That reload may also come while the count runs: no count then.)
    const atKill = await countStore(page, 'outbox').catch(() => null);
    if (atKill !== null) expect(atKill).toBeGreaterThan(0);

    await server.start();
    await expect
      .poll(
        async () => {
          if (await onBrowserErrorPage(page)) {
            await page.goto('/', { waitUntil: 'commit' });
            return -1;
          }
          return countStore(page, 'outbox').catch(() => -1);
        },
        { timeout: 90_000 },
      )
      .toBe(0);

    await expectEachOnce(token, prefix, count);
    // The device still holds every item it queued.
    expect(await countStore(page, 'inventory')).toBeGreaterThanOrEqual(count);
  });

  // Every key once on the wire also catches a batch the server refuses whole: the entries then go
  // again one by one (each stored once, but sent twice).
  test('two tabs start at once: one replayer, every entry sent once', async ({ browser }) => {
    const count = 60;
    const { token, page: first, prefix } = await queuedPage(browser, 'Tabs', count);
    const second = await context.newPage();

    const posts: string[] = [];
    for (const [name, page] of [
      ['first', first],
      ['second', second],
    ] as const) {
      page.on('request', (request) => {
        if (request.method() !== 'POST') return;
        const { pathname } = new URL(request.url());
        if (pathname === '/api/inventory') posts.push(`${name} ${request.headers()['idempotency-key']}`);
        // Batched replay: every entry of a push names its key.
        if (pathname === '/api/sync/push') {
          const body = request.postDataJSON() as { entries: Array<{ idempotencyKey: string }> };
          for (const entry of body.entries) posts.push(`${name} ${entry.idempotencyKey}`);
        }
      });
    }
    await Promise.all([first.goto('/', { waitUntil: 'commit' }), second.goto('/', { waitUntil: 'commit' })]);
    await expect.poll(() => countStore(first, 'outbox'), { timeout: 60_000 }).toBe(0);

    await expectEachOnce(token, prefix, count);
    // Each entry's key went out exactly once (alone or in a batch), from whichever tab held the replay lock.
    const keys = posts.map((post) => post.split(' ')[1]);
    expect(keys).toHaveLength(count);
    expect(new Set(keys).size).toBe(count);
  });
});
