import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@/domain/notification';
import { buildApp } from '@/server/app';
import { openPostgres, type DatabaseHandle } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { JWT_AUDIENCE, JWT_ISSUER } from '@/server/plugins/auth';
import type { SyncPoke } from '@/server/plugins/poke-throttle';
import { isAllowedOrigin } from '@/server/plugins/realtime';
import { createTestApp, createUser, testConfig, type TestApp } from '../support/helpers';

const JWT_SECRET = 'realtime-test-secret-with-32-chars!!';

let t: TestApp;
let base: string;
let ann: { id: string; token: string };
let bob: { id: string; token: string };
const open: ClientSocket[] = [];

function urlOf(app: FastifyInstance) {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function client(url: string, token: string | undefined, headers: Record<string, string> = {}) {
  const socket = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    ...(token !== undefined && { auth: { token } }),
    extraHeaders: headers,
  });
  open.push(socket);
  return socket;
}

/** Resolves 'connected' or the connect_error message. */
function outcome(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(`error: ${err.message}`));
  });
}

async function connected(url: string, token: string, headers?: Record<string, string>) {
  const socket = client(url, token, headers);
  expect(await outcome(socket)).toBe('connected');
  return socket;
}

function next<T>(socket: ClientSocket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

function signToken(sub: string, opts: { exp?: number; secret?: string } = {}) {
  return new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(opts.secret ?? JWT_SECRET));
}

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: JWT_SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = urlOf(t.app);
  ann = await createUser(t, { username: 'ann', role: 'operator' });
  bob = await createUser(t, { username: 'bob', role: 'Manager' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => t?.close());

describe('realtime handshake', () => {
  it('refuses a handshake without a token', async () => {
    expect(await outcome(client(base, undefined))).toBe('error: UNAUTHENTICATED');
  });

  it('refuses a bad, tampered, expired or foreign-secret token', async () => {
    const expired = await signToken(ann.id, { exp: Math.floor(Date.now() / 1000) - 10 });
    const foreign = await signToken(ann.id, { secret: 'another-secret-another-secret-123456' });
    const [head, , sig] = ann.token.split('.');
    const claims = Buffer.from(JSON.stringify({ sub: bob.id, tv: 0 })).toString('base64url');
    const tampered = `${head}.${claims}.${sig}`;
    for (const token of ['garbage', '', expired, foreign, tampered]) {
      expect(await outcome(client(base, token))).toBe('error: UNAUTHENTICATED');
    }
  });

  it('refuses a deactivated user’s token', async () => {
    const carl = await createUser(t, { username: 'carl', role: 'operator' });
    expect(await outcome(client(base, carl.token))).toBe('connected');
    await t.db.db.update(users).set({ active: false }).where(eq(users.id, carl.id));
    expect(await outcome(client(base, carl.token))).toBe('error: UNAUTHENTICATED');
  });

  it('refuses a foreign Origin even with a valid token, accepts the same origin', async () => {
    const foreign = await outcome(client(base, ann.token, { origin: 'http://evil.example' }));
    expect(foreign).toMatch(/^error: /);
    expect(foreign).not.toBe('error: UNAUTHENTICATED');
    expect(await outcome(client(base, ann.token, { origin: 'null' }))).toMatch(/^error: /);
    expect(await outcome(client(base, ann.token, { origin: base }))).toBe('connected');
  });

  it('accepts a valid token and joins the user and role rooms', async () => {
    await connected(base, bob.token);
    const managers = await t.app.realtime.in('role:manager').fetchSockets();
    expect(managers.map((s) => s.data.user.id)).toEqual([bob.id]);
    expect(await t.app.realtime.in(`user:${bob.id}`).fetchSockets()).toHaveLength(1);
  });

  it('drops the socket when its token expires', async () => {
    const token = await signToken(ann.id, { exp: Math.floor(Date.now() / 1000) + 2 });
    const socket = await connected(base, token);
    expect(await next<string>(socket, 'disconnect')).toBe('io server disconnect');
  });
});

describe('realtime events', () => {
  it('delivers notification:new to the recipient only', async () => {
    const annSocket = await connected(base, ann.token);
    const bobSocket = await connected(base, bob.token);
    const bobGot: string[] = [];
    bobSocket.on('notification:new', (n: Notification) => bobGot.push(n.title));

    const forAnn = next<Notification>(annSocket, 'notification:new');
    const pending = await t.app.notify({ userIds: [ann.id], type: 'info', title: 'For Ann', message: 'm' });
    const received = await forAnn;
    expect(received).toEqual(pending.items[0]!.notification);
    expect(received._id).toBe(received.id);

    // Messages to one socket arrive in order: once Bob has his own, Ann's would have arrived before it.
    const forBob = next<Notification>(bobSocket, 'notification:new');
    await t.app.notify({ roles: ['manager'], type: 'info', title: 'For managers', message: 'm' });
    await forBob;
    expect(bobGot).toEqual(['For managers']);
  });

  it('delivers sync to every authenticated socket on sync:changed', async () => {
    const a = await connected(base, ann.token);
    const b = await connected(base, bob.token);
    const got = Promise.all([next(a, 'sync'), next(b, 'sync')]);
    t.app.events.emit('sync:changed', ['excavators', 'reports']);
    expect(await got).toEqual([
      { collections: ['excavators', 'reports'] },
      { collections: ['excavators', 'reports'] },
    ]);
  });

  it('merges the pokes of writes within one window into one per socket, with the newest cursor', async () => {
    const a = await connected(base, ann.token);
    const b = await connected(base, bob.token);
    const seen = new Map<ClientSocket, SyncPoke[]>([
      [a, []],
      [b, []],
    ]);
    for (const [socket, list] of seen) socket.on('sync', (poke: SyncPoke) => list.push(poke));
    const newest = (socket: ClientSocket) =>
      new Promise<void>((resolve) => {
        const check = (poke: SyncPoke) => {
          if (poke.cursor !== 5_000_004) return;
          socket.off('sync', check);
          resolve();
        };
        socket.on('sync', check);
      });
    const done = Promise.all([newest(a), newest(b)]);
    // Five writes in a burst, finishing out of cursor order.
    for (const [collections, cursor] of [
      [['excavators'], 5_000_000],
      [['reports'], 5_000_003],
      [['excavators'], 5_000_001],
      [['inventory'], 5_000_004],
      [['reports'], 5_000_002],
    ] as const) {
      t.app.events.emit('sync:changed', [...collections], cursor);
    }
    await done;
    // Messages to a socket arrive in order: once this notification is there, every poke before it is.
    const marks = Promise.all([next(a, 'notification:new'), next(b, 'notification:new')]);
    await t.app.notify({ userIds: [ann.id, bob.id], type: 'info', title: 'Mark', message: 'm' });
    await marks;
    for (const pokes of seen.values()) {
      // The first may go at once (nothing was poked within the window before it); the rest wait together.
      expect(pokes.length).toBeLessThanOrEqual(2);
      expect(new Set(pokes.flatMap((p) => p.collections))).toEqual(
        new Set(['excavators', 'reports', 'inventory']),
      );
      expect(pokes.at(-1)?.cursor).toBe(5_000_004);
    }
  });

  it('pokes with the cursor of the write, the one a pull then answers with', async () => {
    const socket = await connected(base, ann.token);
    const poked = new Promise<SyncPoke>((resolve) =>
      socket.on('sync', (poke: SyncPoke) => {
        if (poke.collections.includes('excavators') && poke.cursor !== undefined && poke.cursor < 5_000_000)
          resolve(poke);
      }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      headers: { 'x-auth-token': bob.token },
      payload: { name: 'Poked', model: 'CAT 320', serialNumber: 'POKE-1', usageHours: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const poke = await poked;
    const pull = await t.app.inject({
      url: '/api/sync/pull?cursor=0&collections=excavators',
      headers: { 'x-auth-token': bob.token },
    });
    const page = pull.json() as { cursor: number; changes: Array<{ id: string }> };
    expect(page.changes.map((c) => c.id)).toContain((created.json() as { id: string }).id);
    expect(poke.cursor).toBe(page.cursor);
  });
});

describe('isAllowedOrigin', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('allows no Origin, the Host origin, a proxy’s forwarded host and PUBLIC_URL; refuses others', () => {
    expect(isAllowedOrigin(req({ host: 'app:3000' }), null)).toBe(true);
    expect(isAllowedOrigin(req({ host: 'app:3000', origin: 'http://app:3000' }), null)).toBe(true);
    expect(isAllowedOrigin(req({ host: 'app:3000', origin: 'http://APP:3000' }), null)).toBe(true);
    expect(isAllowedOrigin(req({ host: 'app:3000', origin: 'http://app:4000' }), null)).toBe(false);
    expect(isAllowedOrigin(req({ host: 'app:3000', origin: 'http://evil.example' }), null)).toBe(false);
    const proxied = req({
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'fleet.example.com',
      origin: 'https://fleet.example.com',
    });
    expect(isAllowedOrigin(proxied, null)).toBe(true);
    const pub = 'https://fleet.example.com';
    expect(isAllowedOrigin(req({ host: 'localhost:3000', origin: 'https://fleet.example.com' }), pub)).toBe(
      true,
    );
    expect(isAllowedOrigin(req({ host: 'localhost:3000', origin: 'http://fleet.example.com' }), pub)).toBe(
      false,
    );
    expect(isAllowedOrigin(req({ host: 'localhost:3000', origin: 'null' }), pub)).toBe(false);
    expect(isAllowedOrigin(req({ host: 'x', origin: 'chrome-extension://x' }), null)).toBe(false);
  });
});

describe('closing the app', () => {
  it('closes its sockets so that clients reconnect, and does not hang', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(other, { username: 'dora', role: 'dispo' });
    const socket = await connected(urlOf(other.app), user.token);
    const gone = next<string>(socket, 'disconnect');
    await other.close();
    // A transport close, not a server-side disconnect: clients reconnect (to another instance, on restart).
    expect(await gone).toBe('transport close');
  });
});

// Scale-out needs a PostgreSQL server: this part runs in the suite's PostgreSQL pass (DATABASE_URL set).
const pgUrl = process.env.DATABASE_URL;
if (pgUrl) {
  describe('scale-out over PostgreSQL', () => {
    const name = `fp_rt_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const dbUrl = Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString();
    const apps: FastifyInstance[] = [];
    const handles: DatabaseHandle[] = [];
    let userId: string;

    const pgAdmin = async (query: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(query);
      await c.end();
    };

    beforeAll(async () => {
      await pgAdmin(`CREATE DATABASE ${name}`);
      for (let i = 0; i < 2; i++) {
        const handle = await openPostgres(dbUrl);
        handles.push(handle);
        const config = testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET });
        const app = await buildApp(config, { database: handle, logger: false });
        await app.listen({ port: 0, host: '127.0.0.1' });
        apps.push(app);
      }
      const [row] = await apps[0]!.db.select({ id: users.id }).from(users);
      userId = row!.id;
    });
    afterAll(async () => {
      for (const s of open.splice(0)) s.disconnect();
      for (const app of apps) await app.close();
      for (const h of handles) await h.close();
      await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('fans notifications and sync out from one instance to sockets on another', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const token = await signToken(userId);
      const onOne = await connected(urlOf(one), token);
      const onTwo = await connected(urlOf(two), token);

      // The adapters discover each other by heartbeat; wait until instance one sees both sockets.
      const deadline = Date.now() + 20_000;
      while ((await one.realtime.fetchSockets()).length < 2) {
        if (Date.now() > deadline) throw new Error('the instances never found each other');
        await new Promise((r) => setTimeout(r, 250));
      }

      const both = Promise.all([
        next<Notification>(onOne, 'notification:new'),
        next<Notification>(onTwo, 'notification:new'),
      ]);
      await one.notify({ userIds: [userId], type: 'info', title: 'Across instances', message: 'm' });
      expect((await both).map((n) => n.title)).toEqual(['Across instances', 'Across instances']);

      const synced = next(onOne, 'sync');
      two.events.emit('sync:changed', ['inventory']);
      expect(await synced).toEqual({ collections: ['inventory'] });
    });

    it('carries a message above the NOTIFY payload limit through the attachments table', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const onTwo = await connected(urlOf(two), await signToken(userId));
      const got = next<Notification>(onTwo, 'notification:new');
      const big: Notification = {
        id: 'big',
        _id: 'big',
        type: 'info',
        title: 'Big',
        message: 'Ж'.repeat(6000),
        link: null,
        read: false,
        createdAt: new Date().toISOString(),
      };
      one.events.emit('notification:created', userId, big);
      expect(await got).toEqual(big);
    });
  });
}
