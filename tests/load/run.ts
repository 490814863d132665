// npm run load — 300 simulated tablets against two FleetPilot instances on one PostgreSQL database.
//
// Each tablet is a user with a socket.io connection to one of the instances (no stickiness: every HTTP
// request goes to either), pulls the sync feed in pages as large as the app asks for when poked unless it is already at the poke's cursor (one
// pull at a time, one follow-up queued — as the app's engine does), and every 30–60 s writes a report, a logbook entry or a stock change with
// an Idempotency-Key, retried with the same key until it gets an answer. A fifth of the tablets flap:
// now and then their socket drops and their requests in flight are cut off; writes made meanwhile wait
// and go out on reconnect. At the end every acknowledged write is looked up by its key in the database:
// none may be missing, none may be there twice. Prints one JSON document.
//
// Loopback only. Knobs: LOAD_SECONDS (default 180), LOAD_TABLETS (default 300), DATABASE_URL (the
// server; default postgres://postgres@127.0.0.1:5432/postgres — a fresh database is created on it and
// dropped after).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SYNC_PULL_MAX_LIMIT } from '@/domain/sync';
import { hashPassword } from '@/server/bootstrap';
import { startServer, stopServer, type ServerProcess } from '../server/support/server-process';
import { percentile } from '../bench/support';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 180);
const TABLETS = Number(process.env.LOAD_TABLETS ?? 300);
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'Load#Test-admin-2026';
const TABLET_PASSWORD = 'Load#Test-tablet-2026';
const INITIAL_STOCK = 100_000;
const GOALS = { writeP95Ms: 250, pullP95Ms: 250 };

type Kind = 'report' | 'logbook' | 'stock';
interface Write {
  key: string;
  kind: Kind;
  tablet: number;
  body: unknown;
  url: string;
  acked: boolean;
  attempts: number;
}

const stats = {
  status: {} as Record<string, number>,
  fiveXx: 0,
  networkErrors: 0,
  writeMs: [] as number[],
  writeMsByKind: { report: [], logbook: [], stock: [] } as Record<Kind, number[]>,
  pullMs: [] as number[],
  pulls: 0,
  pokes: 0,
  pokesSkipped: 0,
  reconnects: 0,
};
const count = (status: number | string) => {
  stats.status[status] = (stats.status[status] ?? 0) + 1;
  if (typeof status === 'number' && status >= 500) stats.fiveXx += 1;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;
const between = (min: number, max: number) => min + Math.random() * (max - min);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc; null where it cannot be read. */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving the load database, with the CPU each has used so far. */
async function postgresCpu(dbName: string): Promise<Map<number, number>> {
  const rows = await withClient(SERVER_URL, (c) =>
    c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]),
  );
  const used = new Map<number, number>();
  for (const { pid } of rows.rows) {
    const s = cpuSeconds(pid);
    if (s !== null) used.set(pid, s);
  }
  return used;
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function main() {
  const dbName = `fp_load_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const dbUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${dbName}` }).toString();
  await withClient(SERVER_URL, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-load-')));
  const servers: ServerProcess[] = [];
  const tablets: Tablet[] = [];
  try {
    // Started together on the empty database, each with its own DATA_DIR, as behind a load balancer.
    const env = (dataDir: string) => ({
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // 300 tablets sign in from one loopback address here; behind a real proxy they have their own.
      ANONYMOUS_RATE_LIMIT: '100000',
    });
    const jwt = randomBytes(32).toString('hex');
    const ports = await Promise.all(dataDirs.map(() => freePort()));
    servers.push(
      ...dataDirs.map((dir, i) => startServer({ ...env(dir), JWT_SECRET: jwt, PORT: String(ports[i]) })),
    );
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    // LOG_LEVEL=warn keeps 300 tablets' request lines out of the measurement, and with them the start line:
    // wait for the health check instead.
    await Promise.all(bases.map((base, i) => healthy(base, servers[i]!)));
    const anyBase = () => bases[Math.floor(Math.random() * bases.length)]!;

    const adminToken = await login(anyBase(), 'admin', ADMIN_PASSWORD);
    const fixtures = await setUp(dbUrl, anyBase, adminToken);
    console.error(`load: ${TABLETS} tablets for ${SECONDS} s against ${bases.join(' and ')}`);

    const tokens: string[] = [];
    for (let i = 0; i < TABLETS; i += 10) {
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, TABLETS - i) }, (_, j) =>
            login(anyBase(), `tablet-${i + j}`, TABLET_PASSWORD),
          ),
        )),
      );
    }
    // What the run costs in CPU, which on a shared machine says more than latencies do.
    const cpuAtStart = {
      generator: process.cpuUsage(),
      instances: servers.map((srv) => cpuSeconds(srv.child.pid)),
      postgres: await postgresCpu(dbName),
    };
    // The generator shares the machine and measures from its own event loop: how late that loop ran
    // says how much of a latency is the generator's own queueing rather than the server's.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const endAt = Date.now() + SECONDS * 1000;
    for (let i = 0; i < TABLETS; i++) {
      tablets.push(
        new Tablet(
          i,
          tokens[i]!,
          bases,
          fixtures.excavators[i % fixtures.excavators.length]!,
          fixtures.items[i]!,
        ),
      );
    }
    await Promise.all(tablets.map((t) => t.run(endAt)));
    loopDelay.disable();
    const generatorCpu = process.cpuUsage(cpuAtStart.generator);
    const instanceCpu = servers.map((srv, i) => {
      const now = cpuSeconds(srv.child.pid);
      const before = cpuAtStart.instances[i];
      return now !== null && before != null ? round1(now - before) : null;
    });
    let pgCpu = 0;
    for (const [pid, now] of await postgresCpu(dbName)) pgCpu += now - (cpuAtStart.postgres.get(pid) ?? 0);
    // Writes still unanswered when time was up (a tablet offline, a retry pending) go out now, so the
    // check below compares every write with what the database holds.
    await Promise.all(tablets.map((t) => t.drain()));

    const memory = servers.map((s, i) => ({ instance: i === 0 ? 'A' : 'B', rssMb: rssMb(s.child.pid) }));
    const check = await verify(dbUrl, tablets);
    stats.writeMs.sort((a, b) => a - b);
    stats.pullMs.sort((a, b) => a - b);
    const writeP95 = percentile(stats.writeMs, 95);
    const pullP95 = percentile(stats.pullMs, 95);
    const result = {
      seconds: SECONDS,
      tablets: TABLETS,
      flapping: tablets.filter((t) => t.flapping).length,
      instances: 2,
      writes: check.writes,
      fiveXx: stats.fiveXx,
      lostWrites: check.lost,
      doubledWrites: check.doubled,
      writeP50Ms: percentile(stats.writeMs, 50),
      writeP95Ms: writeP95,
      writeP95MsByKind: Object.fromEntries(
        Object.entries(stats.writeMsByKind).map(([kind, ms]) => [
          kind,
          percentile(
            ms.sort((a, b) => a - b),
            95,
          ),
        ]),
      ),
      pulls: stats.pulls,
      pullP50Ms: percentile(stats.pullMs, 50),
      pullP95Ms: pullP95,
      pokesReceived: stats.pokes,
      pokesSkipped: stats.pokesSkipped,
      reconnects: stats.reconnects,
      networkErrors: stats.networkErrors,
      statuses: stats.status,
      memory,
      generatorLoopDelayMs: {
        p50: round1(loopDelay.percentile(50) / 1e6),
        p99: round1(loopDelay.percentile(99) / 1e6),
        max: round1(loopDelay.max / 1e6),
      },
      // Over the tablets' run; PostgreSQL: its backends on the load database still open at the end.
      cpuSeconds: {
        generator: round1((generatorCpu.user + generatorCpu.system) / 1e6),
        instances: instanceCpu,
        postgres: round1(pgCpu),
      },
      goals: {
        noFiveXx: stats.fiveXx === 0,
        noLostOrDoubled: check.lost === 0 && check.doubled === 0,
        writeP95: writeP95 <= GOALS.writeP95Ms,
        pullP95: pullP95 <= GOALS.pullP95Ms,
      },
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
        node: process.version,
        postgres: await withClient(
          dbUrl,
          async (c) => (await c.query('show server_version')).rows[0].server_version,
        ),
      },
    };
    console.info(JSON.stringify(result, null, 2));
  } finally {
    for (const t of tablets) t.close();
    for (const s of servers) stopServer(s);
    await Promise.all(servers.map((s) => s.exited));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await withClient(SERVER_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function healthy(base: string, server: ServerProcess, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`instance exited:\n${server.output()}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`instance at ${base} not healthy in ${timeoutMs} ms:\n${server.output()}`);
}

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The tablets' accounts (straight into the database: one hash for all), machines and stock items. */
async function setUp(dbUrl: string, anyBase: () => string, adminToken: string) {
  const hash = await hashPassword(TABLET_PASSWORD);
  await withClient(dbUrl, async (c) => {
    for (let i = 0; i < TABLETS; i += 100) {
      const values: string[] = [];
      const params: string[] = [];
      for (let j = i; j < Math.min(i + 100, TABLETS); j++) {
        params.push(randomUUID(), `tablet-${j}`, hash);
        const n = params.length;
        values.push(`($${n - 2}, $${n - 1}, 'operator', $${n})`);
      }
      await c.query(
        `insert into users (id, username, role, password_hash) values ${values.join(', ')}`,
        params,
      );
    }
  });
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${anyBase()}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': adminToken },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  // In batches: one at a time would take minutes on a busy machine before the first tablet starts.
  const inBatches = async (n: number, make: (i: number) => Promise<string>) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 20) {
      ids.push(...(await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, j) => make(i + j)))));
    }
    return ids;
  };
  const excavators = await inBatches(Math.ceil(TABLETS / 10), (i) =>
    post('/api/excavators', {
      name: `Load ${i}`,
      model: 'CAT 320',
      serialNumber: `LOAD-${i}`,
      usageHours: 100,
    }),
  );
  const items = await inBatches(TABLETS, (i) =>
    post('/api/inventory', { name: `Load part ${i}`, quantity: INITIAL_STOCK }),
  );
  return { excavators, items };
}

class Tablet {
  readonly flapping: boolean;
  private socket: Socket | null = null;
  private online = true;
  private cursor = 0;
  private pulling: Promise<void> | null = null;
  private pullQueued: 'no' | 'poke' | 'always' = 'no';
  /** The newest cursor pokes announced; `pokedUnknown`: one came without a cursor since a pull began. */
  private pokedCursor = 0;
  private pokedUnknown = false;
  private readonly inFlight = new Set<AbortController>();
  private readonly outbox: Write[] = [];
  readonly writes: Write[] = [];
  private closed = false;

  constructor(
    readonly index: number,
    private readonly token: string,
    private readonly bases: string[],
    private readonly excavatorId: string,
    readonly itemId: string,
  ) {
    this.flapping = index % 5 === 0;
  }

  private base() {
    return this.bases[Math.floor(Math.random() * this.bases.length)]!;
  }

  private connect() {
    const socket = connectSocket(this.base(), {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: this.token },
    });
    socket.on('sync', (poke: { cursor?: number }) => {
      stats.pokes += 1;
      if (typeof poke?.cursor === 'number') this.pokedCursor = Math.max(this.pokedCursor, poke.cursor);
      else this.pokedUnknown = true;
      void this.pull('poke');
    });
    socket.on('connect', () => void this.pull('always'));
    this.socket = socket;
  }

  private async request(method: string, url: string, body?: unknown, key?: string) {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.base()}${url}`, {
        method,
        signal: controller.signal,
        headers: {
          'x-auth-token': this.token,
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(key && { 'idempotency-key': key }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      count(res.status);
      return { status: res.status, text, ms: performance.now() - t0 };
    } catch {
      stats.networkErrors += 1;
      return null;
    } finally {
      this.inFlight.delete(controller);
    }
  }

  private caughtUp() {
    return !this.pokedUnknown && this.cursor >= this.pokedCursor;
  }

  /**
   * One pull at a time; calls meanwhile make one more pull after it, and a poke none when the mirror is
   * already at the cursor it announced (as the app's engine).
   */
  private pull(why: 'poke' | 'always'): Promise<void> {
    if (this.closed || !this.online) return Promise.resolve();
    if (this.pulling) {
      if (this.pullQueued !== 'always') this.pullQueued = why;
      return this.pulling;
    }
    if (why === 'poke' && this.caughtUp()) {
      stats.pokesSkipped += 1;
      return Promise.resolve();
    }
    this.pulling = (async () => {
      for (;;) {
        this.pullQueued = 'no';
        this.pokedUnknown = false;
        let more = true;
        while (more && this.online && !this.closed) {
          const res = await this.request(
            'GET',
            `/api/sync/pull?cursor=${this.cursor}&limit=${SYNC_PULL_MAX_LIMIT}`,
          );
          if (!res) break;
          stats.pulls += 1;
          stats.pullMs.push(res.ms);
          if (res.status === 410) {
            this.cursor = 0;
            continue;
          }
          if (res.status !== 200) break;
          const page = JSON.parse(res.text) as { cursor: number; hasMore: boolean };
          this.cursor = page.cursor;
          more = page.hasMore;
        }
        if (this.pullQueued === 'no' || !this.online || this.closed) break;
        if (this.pullQueued === 'poke' && this.caughtUp()) {
          stats.pokesSkipped += 1;
          break;
        }
      }
    })().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  private newWrite(): Write {
    const key = randomUUID();
    const kind: Kind = (['report', 'logbook', 'stock'] as const)[Math.floor(Math.random() * 3)]!;
    const marker = `load ${key}`;
    const today = new Date().toISOString().slice(0, 10);
    const write = { key, kind, tablet: this.index, acked: false, attempts: 0 };
    if (kind === 'report')
      return {
        ...write,
        url: '/api/reports',
        body: {
          reportDate: today,
          excavatorId: this.excavatorId,
          operatorName: `Tablet ${this.index}`,
          description: marker,
          fuelLevel: 80,
          checklist: { exterior: { tracks: { state: 'ok' } } },
        },
      };
    if (kind === 'logbook')
      return {
        ...write,
        url: '/api/betriebstagebuch',
        body: {
          date: today,
          site: 'Recyclinghof Nord',
          shiftStart: '06:00',
          shiftEnd: '14:00',
          conveyorChecks: [{ key: 'aufgabeband', name: 'Aufgabeband', functional: true, notes: '' }],
          specialChecks: [],
          generalNotes: marker,
        },
      };
    return { ...write, url: `/api/inventory/${this.itemId}/adjust`, body: { delta: 1 } };
  }

  /** Sends a write until it is answered; same key every time. False: offline or time is up. */
  private async send(write: Write, until: number): Promise<boolean> {
    while (!this.closed && this.online && Date.now() < until) {
      write.attempts += 1;
      const res = await this.request('POST', write.url, write.body, write.key);
      if (res && (res.status === 200 || res.status === 201)) {
        write.acked = true;
        // Only a first answer is the write's latency; a retry's time includes the cut-off.
        if (write.attempts === 1) {
          stats.writeMs.push(res.ms);
          stats.writeMsByKind[write.kind].push(res.ms);
        }
        return true;
      }
      if (res && res.status < 500 && res.status !== 409 && res.status !== 429) {
        throw new Error(`write ${write.kind} refused: ${res.status} ${res.text.slice(0, 300)}`);
      }
      // 409: the same key is still running on the other instance; 5xx or cut off: try again.
      await sleep(between(200, 800));
    }
    return false;
  }

  private async flush(until: number) {
    while (this.outbox.length > 0 && this.online) {
      if (!(await this.send(this.outbox[0]!, until))) return;
      this.outbox.shift();
    }
  }

  async run(endAt: number) {
    await sleep(between(0, 5000));
    this.connect();
    const writer = (async () => {
      await sleep(between(0, 30_000));
      while (Date.now() < endAt && !this.closed) {
        const write = this.newWrite();
        this.writes.push(write);
        this.outbox.push(write);
        if (this.online) await this.flush(endAt);
        await sleep(between(30_000, 60_000));
      }
    })();
    const flapper = (async () => {
      if (!this.flapping) return;
      while (Date.now() < endAt - 5000 && !this.closed) {
        await sleep(between(10_000, 30_000));
        if (Date.now() >= endAt - 5000) break;
        // The connection drops: the socket goes, requests in flight are cut off mid-way.
        this.online = false;
        this.socket?.disconnect();
        for (const c of this.inFlight) c.abort();
        await sleep(between(1000, 5000));
        this.online = true;
        stats.reconnects += 1;
        this.connect();
        await this.flush(endAt);
      }
    })();
    await Promise.race([Promise.all([writer, flapper]), sleep(Math.max(0, endAt - Date.now()))]);
    await Promise.all([writer, flapper]);
  }

  async drain() {
    this.online = true;
    await this.flush(Date.now() + 60_000);
  }

  close() {
    this.closed = true;
    this.socket?.disconnect();
  }
}

/** Every write by its key: acknowledged and missing is lost; present more than once is doubled. */
async function verify(dbUrl: string, tablets: Tablet[]) {
  const all = tablets.flatMap((t) => t.writes);
  return withClient(dbUrl, async (c) => {
    const byMarker = new Map<string, number>();
    const reports = await c.query<{ m: string; n: number }>(
      "select description as m, count(*)::int as n from reports where description like 'load %' group by 1",
    );
    const entries = await c.query<{ m: string; n: number }>(
      "select general_notes as m, count(*)::int as n from logbook_entries where general_notes like 'load %' group by 1",
    );
    for (const row of [...reports.rows, ...entries.rows]) byMarker.set(row.m, row.n);
    let lost = 0;
    let doubled = 0;
    for (const w of all.filter((x) => x.kind !== 'stock')) {
      const n = byMarker.get(`load ${w.key}`) ?? 0;
      if (w.acked && n === 0) lost += 1;
      if (n > 1) doubled += n - 1;
      if (!w.acked && n > 0) doubled += n;
    }
    // Stock moves by +1 each: the item's quantity says how many of its moves were applied.
    const items = await c.query<{ id: string; quantity: number }>(
      'select id, quantity from inventory_items where id = any($1::uuid[])',
      [tablets.map((t) => t.itemId)],
    );
    const applied = new Map(items.rows.map((r) => [r.id, Number(r.quantity) - INITIAL_STOCK]));
    for (const t of tablets) {
      const acked = t.writes.filter((w) => w.kind === 'stock' && w.acked).length;
      const n = applied.get(t.itemId) ?? 0;
      if (n < acked) lost += acked - n;
      if (n > acked) doubled += n - acked;
    }
    return {
      writes: {
        total: all.length,
        acknowledged: all.filter((w) => w.acked).length,
        retried: all.filter((w) => w.attempts > 1).length,
        byKind: {
          report: all.filter((w) => w.kind === 'report').length,
          logbook: all.filter((w) => w.kind === 'logbook').length,
          stock: all.filter((w) => w.kind === 'stock').length,
        },
      },
      lost,
      doubled,
    };
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
