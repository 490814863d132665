import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHANGES_RESET, type ChangeFeed } from '../db/changes';
import type { DatabaseHandle } from '../db/client';
import { findUserById, type UserRow } from '../modules/users/data';

/**
 * What every authenticated request needs before any work — the user behind the token (token version,
 * role, active flag) and the settings with the feature flags — held in memory instead of read from the
 * database each time. An entry goes the moment the database says its row changed (triggers notify
 * every instance, see db/changes.ts); while the notifications cannot be received, everything is read
 * from the database as before. Before answering from memory, the changes this process itself committed
 * are waited for, so a request that follows a write here sees it.
 */
export interface HotCache {
  /** The user row, as `findUserById` would return it now. */
  user(id: string): Promise<UserRow | undefined>;
  /**
   * The user row when `user(id)` would answer it from memory without waiting for anything; undefined
   * when that needs a wait or a read (then call `user`). Lets the hot path skip a promise per request.
   */
  userInMemory(id: string): UserRow | undefined;
  /** The value `load` reads from the database, kept until the settings change. */
  settings<T>(load: () => Promise<T>): Promise<T>;
  /** The settings value when `settings` would answer from memory without waiting; else undefined. */
  settingsInMemory<T>(): T | undefined;
  /**
   * A value read from `tables` only — a page of a mirrored list — kept until any of them changes.
   * `key` tells values of the same tables apart (route and query). The tables must notify their
   * changes (migrations 0012 and 0016): `users`, `app_settings`, `excavators`, `reports`,
   * `logbook_entries`, `inventory_items`.
   */
  memo<T>(tables: readonly string[], key: string, load: () => Promise<T>): Promise<T>;
  /** Verified token claims, so a token's signature is checked once, not on every request. */
  readonly claims: ClaimsMemo;
}

export interface TokenClaims {
  sub: string;
  tv: unknown;
  /** Seconds since the epoch. */
  exp: number;
}

/** Bounded: a flood of distinct tokens costs memory up to this many entries, then starts over. */
const MAX_USERS = 10_000;
const MAX_TOKENS = 10_000;
/** List pages are up to a few hundred kB each. */
const MAX_MEMOS = 200;

/**
 * Signature checks are pure functions of the token and the secret; only the expiry moves with the
 * clock, so it is checked on every use.
 */
export class ClaimsMemo {
  private readonly entries = new Map<string, TokenClaims>();
  get(token: string): TokenClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    if (claims.exp * 1000 <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return claims;
  }
  set(token: string, claims: TokenClaims) {
    if (this.entries.size >= MAX_TOKENS) this.entries.clear();
    this.entries.set(token, claims);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    hotCache: HotCache;
  }
}

export function createHotCache(handle: DatabaseHandle, feed: ChangeFeed): HotCache & { stop(): void } {
  const users = new Map<string, UserRow>();
  let settingsValue: { value: unknown } | null = null;
  const memos = new Map<string, { value: unknown; tables: readonly string[] }>();
  /** Per table, the keys of the memos read from it. */
  const memosOf = new Map<string, Set<string>>();
  const dropMemosOf = (table: string) => {
    for (const key of memosOf.get(table) ?? []) memos.delete(key);
    memosOf.delete(table);
  };
  const clearMemos = () => {
    memos.clear();
    memosOf.clear();
  };
  // Bumped by every invalidation: a load that overlapped one may have read the old row and is not kept.
  let generation = 0;

  const stop = feed.subscribe((payload) => {
    generation++;
    if (payload.startsWith('users:')) users.delete(payload.slice('users:'.length));
    else if (payload === 'users') users.clear();
    else if (payload === 'app_settings') settingsValue = null;
    else if (payload === CHANGES_RESET) {
      users.clear();
      settingsValue = null;
      clearMemos();
    }
    // The payload is the table's name, with `:<id>` for a user row.
    dropMemosOf(payload.split(':', 1)[0]!);
  });

  return {
    async user(id) {
      await feed.settle();
      const cached = users.get(id);
      if (cached && feed.live) return cached;
      const before = generation;
      const row = await findUserById(handle.db, id);
      if (row && feed.live && before === generation) {
        if (users.size >= MAX_USERS) users.clear();
        users.set(id, row);
      }
      return row;
    },
    userInMemory(id) {
      return feed.settled && feed.live ? users.get(id) : undefined;
    },
    settingsInMemory<T>() {
      return settingsValue && feed.settled && feed.live ? (settingsValue.value as T) : undefined;
    },
    async settings<T>(load: () => Promise<T>): Promise<T> {
      await feed.settle();
      if (settingsValue && feed.live) return settingsValue.value as T;
      const before = generation;
      const value = await load();
      if (feed.live && before === generation) settingsValue = { value };
      return value;
    },
    async memo<T>(tables: readonly string[], key: string, load: () => Promise<T>): Promise<T> {
      await feed.settle();
      const id = `${tables.join(',')}|${key}`;
      const cached = memos.get(id);
      if (cached && feed.live) return cached.value as T;
      const before = generation;
      const value = await load();
      if (feed.live && before === generation) {
        if (memos.size >= MAX_MEMOS) clearMemos();
        memos.set(id, { value, tables });
        for (const table of tables) {
          let keys = memosOf.get(table);
          if (!keys) memosOf.set(table, (keys = new Set()));
          keys.add(id);
        }
      }
      return value;
    },
    claims: new ClaimsMemo(),
    stop,
  };
}

export const hotCachePlugin = fp(
  async (app: FastifyInstance, opts: { handle: DatabaseHandle }) => {
    const feed = await opts.handle.watchChanges((err) =>
      app.log.warn({ err }, 'database change notifications interrupted; caches read the database'),
    );
    const cache = createHotCache(opts.handle, feed);
    app.decorate('hotCache', cache);
    app.addHook('onClose', async () => {
      cache.stop();
      await feed.close();
    });
  },
  { name: 'hot-cache' },
);
