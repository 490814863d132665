import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel the database's own triggers notify on (migration `change_notify`): `users:<id>` when a user
 * row changes, `users` when the table is truncated, `app_settings` when the settings change. Triggers,
 * not the application, send them: a change made by any process — another instance, a restore, a script
 * in psql — reaches every instance's caches.
 */
export const CHANGES_CHANNEL = 'fleetpilot_changes';
/** Sent to subscribers when notifications may have been missed (the listening connection dropped). */
export const CHANGES_RESET = '*';

export interface ChangeFeed {
  /** False while notifications cannot be received: caches must read the database then. */
  readonly live: boolean;
  /** Calls `fn` with every payload on the channel, and with CHANGES_RESET. Returns the unsubscribe. */
  subscribe(fn: (payload: string) => void): () => void;
  /**
   * Resolves once every notification of a change committed before the call has reached the subscribers.
   * Cheap when nothing was written through this process since the last call.
   */
  settle(): Promise<void>;
  /**
   * True when `settle()` has nothing to wait for (nothing written through this process since it last
   * settled, or notifications are down): what is in memory may then be used without waiting at all.
   */
  readonly settled: boolean;
  close(): Promise<void>;
}

class Subscribers {
  private readonly fns = new Set<(payload: string) => void>();
  add(fn: (payload: string) => void): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }
  emit(payload: string) {
    for (const fn of this.fns) fn(payload);
  }
}

/**
 * PGlite is one backend in this process: a trigger's notification reaches the listener before the
 * statement (or the COMMIT of its transaction) resolves, so the feed is always settled.
 */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  let unlisten: (() => Promise<void>) | null = await client.listen(CHANGES_CHANNEL, (payload) =>
    subscribers.emit(payload),
  );
  return {
    live: true,
    subscribe: (fn) => subscribers.add(fn),
    settle: async () => undefined,
    settled: true,
    async close() {
      const stop = unlisten;
      unlisten = null;
      if (!client.closed) await stop?.().catch(() => undefined);
    },
  };
}

/**
 * Counts what this process writes through the pool: a statement that may change rows (an UPDATE, an
 * INSERT, DDL...) and the COMMIT of a transaction that ran one make the next `settle()` wait for the
 * notifications they may have caused. A request that follows a write in this instance thus sees its
 * effect, exactly as when every request read the database.
 *
 * Reading needs no wait: plain SELECTs, and BEGIN, COMMIT and ROLLBACK of a transaction that only read
 * (every sync pull is one) are not counted. Counting those made every request after a pull wait for a
 * notification round trip, which on a fleet of pulling tablets was most of what a request waited for.
 */
export class WriteTracker {
  private writes = 0;
  get count(): number {
    return this.writes;
  }
  /** Wraps a pooled client's `query` so completed writes are counted before their caller continues. */
  track(client: pg.PoolClient) {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Whether the open transaction on this connection ran a statement that may have changed rows.
    let changed = false;
    const note = (result: unknown) => {
      const results = Array.isArray(result) ? result : [result];
      let counted = false;
      for (const r of results) {
        const command = (r as { command?: string } | undefined)?.command;
        if (command === 'SELECT' || command === 'SHOW') continue;
        if (command === 'BEGIN' || command === 'ROLLBACK') {
          changed = false;
          continue;
        }
        if (command === 'COMMIT') {
          if (changed) counted = true;
          changed = false;
          continue;
        }
        // Anything else may change rows (or is unknown): count it, and the COMMIT that makes it visible.
        changed = true;
        counted = true;
      }
      if (counted) this.writes++;
    };
    const wrapped = (...args: unknown[]): unknown => {
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, result: unknown) => {
          if (!err) note(result);
          (callback as (e: unknown, r: unknown) => void)(err, result);
        };
        return original(...args);
      }
      const returned = original(...args);
      if (returned instanceof Promise) {
        // Registered before the caller's own `then`, so the count is up when the caller resumes.
        returned.then(note, () => this.writes++);
      }
      return returned;
    };
    (client as unknown as { query: typeof wrapped }).query = wrapped;
  }
}

const RECONNECT_MS = 1000;

/**
 * A dedicated connection that LISTENs (pooled connections cannot: the pool hands them to other work).
 * `settle()` sends a NOTIFY of its own through it and waits for it to come back: PostgreSQL delivers
 * notifications in commit order, so every earlier change has been delivered by then. When the connection
 * drops, subscribers get CHANGES_RESET and `live` is false until it is back.
 */
export async function postgresChangeFeed(
  url: string,
  writes: WriteTracker,
  onError: (err: Error) => void,
): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let barrierSeq = 0;
  const barriers = new Map<string, () => void>();
  let settledAt = -1;
  let settling: Promise<void> | null = null;
  let settlingTarget = -1;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANGES_CHANNEL) return;
      const payload = msg.payload ?? '';
      const barrier = barriers.get(payload);
      if (barrier) {
        barriers.delete(payload);
        barrier();
      } else subscribers.emit(payload);
    });
    c.on('error', (err) => {
      onError(err);
      lost(c);
    });
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = c;
    live = true;
    // Anything may have changed while nobody listened.
    subscribers.emit(CHANGES_RESET);
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    live = false;
    subscribers.emit(CHANGES_RESET);
    for (const release of barriers.values()) release();
    barriers.clear();
    c.end().catch(() => undefined);
    if (!closed) setTimeout(retry, RECONNECT_MS).unref();
  };

  const retry = () => {
    if (closed) return;
    connect().catch((err: Error) => {
      onError(err);
      if (!closed) setTimeout(retry, RECONNECT_MS).unref();
    });
  };

  const barrier = async () => {
    const c = client;
    if (!c) return;
    const key = `settle:${process.pid}:${++barrierSeq}`;
    const arrived = new Promise<void>((resolve) => barriers.set(key, resolve));
    try {
      await c.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, key]);
    } catch {
      barriers.delete(key);
      return;
    }
    await arrived;
  };

  const settle = (): Promise<void> => {
    const target = writes.count;
    if (target === settledAt || !live) return Promise.resolve();
    if (settling) {
      // A barrier sent before this write committed proves nothing about it: wait for a newer one.
      return settlingTarget >= target ? settling : settling.then(() => settle());
    }
    settlingTarget = target;
    settling = barrier().finally(() => {
      settledAt = target;
      settling = null;
    });
    return settling;
  };

  await connect();

  return {
    get live() {
      return live;
    },
    get settled() {
      return !live || writes.count === settledAt;
    },
    subscribe: (fn) => subscribers.add(fn),
    settle,
    async close() {
      closed = true;
      const c = client;
      client = null;
      live = false;
      for (const release of barriers.values()) release();
      barriers.clear();
      await c?.end().catch(() => undefined);
    },
  };
}
