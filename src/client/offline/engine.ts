import { v7 as uuidv7 } from 'uuid';
import type { SyncCollection } from './collections';
import { createServerClock, type ServerClock } from './clock';
import type { EngineContext } from './context';
import type { OfflineDb } from './db';
import { compressImage } from './files';
import { connectivitySigns, isOnline, poorLinkStore, serverReachableStore } from './connectivity';
import { send } from './context';
import { browserLocks, createReplayLock, type LockManagerLike } from './lock';
import {
  DEFAULT_META_SOURCES,
  MIRROR_STATE_KEY,
  refreshMetaCache,
  runPull,
  type MetaSource,
  type PullResult,
} from './mirror';
import * as writes from './mutate';
import { PUSH_MAX_ENTRIES, runReplay, type ReplayResult } from './replay';
import * as resolutions from './resolve';
import { createStore, Emitter, type Store } from '@/client/lib/store';
import type { Transport } from './transport';
import { BATCH_META_PREFIX, type SyncUser } from './types';

export interface SyncStatus {
  /** A replay run is sending entries in this tab. */
  replaying: boolean;
  pulling: boolean;
  /** A 401 paused replay and pull: the user must sign in again (nothing is lost meanwhile). */
  authRequired: boolean;
  /** When the back-off lets the next attempt go (epoch ms), null when not backing off. */
  retryAt: number | null;
  /** The last transient failure's message (network, 5xx, 429), null after a clean run. */
  lastError: string | null;
  /** Epoch ms of the last pull that went through. */
  lastPulledAt: number | null;
}

export interface SyncEngineEvents {
  /** Replay or pull got a 401 for this user. */
  'auth-required': [userId: string];
  /** Entries were acknowledged by the server. */
  replayed: [count: number];
  /** An entry was queued (the app registers a background sync). */
  enqueued: [];
}

export interface SyncEngineOptions {
  db: OfflineDb;
  transport: Transport;
  getUser: () => SyncUser | null;
  getToken: () => string | null;
  now?: () => number;
  /** The server's time as the device can tell it; default: corrected from the answers this engine gets. */
  clock?: ServerClock;
  random?: () => number;
  newId?: () => string;
  /** Web Locks (one replayer across tabs); default `navigator.locks`, null for the in-tab mutex only. */
  locks?: LockManagerLike | null;
  compress?: (blob: Blob) => Promise<Blob>;
  /** How often a tab checks again while entries wait and nothing else triggers. @default 30000 */
  pollIntervalMs?: number;
  /** How often the reachability probe asks while the server was not reachable. @default 5000 */
  probeIntervalMs?: number;
  metaSources?: readonly MetaSource[];
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

/** A pull's outcome; `up-to-date`: a poke announced nothing the mirror lacks, no request was made. */
export type EnginePullResult = PullResult | { status: 'paused' } | { status: 'up-to-date' };

/** The reachability probe's deadline: a healthy server answers it in well under a second. */
export const PROBE_DEADLINE_MS = 5_000;
export const PROBE_INTERVAL_MS = 5_000;

const INITIAL_STATUS: SyncStatus = {
  replaying: false,
  pulling: false,
  authRequired: false,
  retryAt: null,
  lastError: null,
  lastPulledAt: null,
};

/** Runs at most one task at a time; calls while one runs share a single follow-up run. */
function serialized<T>(task: (force: boolean) => Promise<T>) {
  let running: Promise<T> | null = null;
  let queued: { promise: Promise<T>; force: boolean } | null = null;
  const run = (force: boolean): Promise<T> => {
    if (!running) {
      running = task(force).finally(() => {
        running = null;
      });
      return running;
    }
    if (queued) {
      queued.force ||= force;
      return queued.promise;
    }
    const next = { force, promise: null as unknown as Promise<T> };
    next.promise = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return run(next.force);
      });
    queued = next;
    return next.promise;
  };
  return run;
}

/**
 * The offline engine: the write path, the outbox replayer and the mirror around one Dexie database
 * and one transport. Triggers (online, visibility, socket, service worker) are wired by the app
 * (see instance.ts); tests drive `replay()` and `pull()` directly.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const now = options.now ?? Date.now;
  const ctx: EngineContext = {
    db: options.db,
    transport: options.transport,
    getUser: options.getUser,
    getToken: options.getToken,
    now,
    clock: options.clock ?? createServerClock({ wallNow: now, monoNow: now }),
    random: options.random ?? Math.random,
    newId: options.newId ?? uuidv7,
    compress: options.compress ?? compressImage,
    backoff: { streak: 0 },
    push: { supported: true, limit: PUSH_MAX_ENTRIES },
  };
  const status: Store<SyncStatus> = createStore(INITIAL_STATUS);
  const events = new Emitter<SyncEngineEvents>();
  const withLock = createReplayLock(options.locks === undefined ? browserLocks() : options.locks);
  const pollIntervalMs = options.pollIntervalMs ?? 30_000;
  const probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last replay stopped because requests got no answer (not a 5xx): the probe watches the link. */
  let stoppedOffline = false;
  let started = false;
  let unwatch: (() => void)[] = [];

  const patch = (changes: Partial<SyncStatus>) => status.set((s) => ({ ...s, ...changes }));

  function requireAuth(userId: string) {
    if (!status.get().authRequired) {
      patch({ authRequired: true });
      events.emit('auth-required', userId);
    }
  }

  async function scheduleNext(retryAt: number | null) {
    if (timer) clearTimeout(timer);
    timer = null;
    const user = ctx.getUser();
    if (!started || !user || status.get().authRequired) return;
    const waiting = await ctx.db.outbox
      .where('userId')
      .equals(user.id)
      .filter((e) => e.state === 'waiting' || e.state === 'sending')
      .count();
    if (waiting === 0) return;
    const delay = Math.max(250, (retryAt ?? ctx.now() + pollIntervalMs) - ctx.now());
    timer = setTimeout(() => {
      timer = null;
      void replay();
    }, delay);
  }

  /**
   * Asks `GET /api/health` with a short deadline. Any answer means the server is reachable (`send`
   * reports it to the indicator); neither the socket nor `navigator.onLine` can tell that on their own.
   */
  async function probe(): Promise<boolean> {
    try {
      await send(ctx, { method: 'GET', url: '/api/health', headers: {}, deadlineMs: PROBE_DEADLINE_MS });
      return true;
    } catch {
      return false;
    }
  }

  const needsProbe = () => started && (stoppedOffline || !isOnline() || poorLinkStore.get());

  /** While the link is down or poor, probe every few seconds: its return shows without waiting out the back-off. */
  function scheduleProbe() {
    if (probeTimer || !needsProbe()) return;
    probeTimer = setTimeout(() => {
      void probe().then((reached) => {
        probeTimer = null;
        if (reached && stoppedOffline && !poorLinkStore.get()) connectivityRestored();
        else scheduleProbe();
      });
    }, probeIntervalMs);
  }

  /** A sign that the network works (again): the back-off starts afresh and waiting entries go now. */
  function connectivityRestored() {
    ctx.backoff.streak = 0;
    stoppedOffline = false;
    patch({ retryAt: null });
    kick(true);
  }

  const replayTask = serialized(
    async (force: boolean): Promise<ReplayResult | { status: 'busy' | 'paused' }> => {
      if (status.get().authRequired) return { status: 'paused' };
      patch({ replaying: true });
      try {
        const run = await withLock(() => runReplay(ctx, force));
        if (!run.ran) {
          await scheduleNext(null);
          return { status: 'busy' };
        }
        const result = run.value;
        if (result.sent > 0) events.emit('replayed', result.sent);
        if (result.status === 'auth-required') requireAuth(result.userId);
        if (result.status === 'retry-later') patch({ retryAt: result.retryAt, lastError: result.error });
        else patch({ retryAt: null, lastError: null });
        stoppedOffline = result.status === 'retry-later' && result.offline;
        if (stoppedOffline) scheduleProbe();
        await scheduleNext(result.status === 'retry-later' ? result.retryAt : null);
        return result;
      } finally {
        patch({ replaying: false });
      }
    },
  );

  /**
   * What `sync` pokes announced: the newest cursor, and whether one came without a cursor since the
   * last pull began (then only a pull can tell what changed).
   */
  const poked = { cursor: 0, unknown: false };

  /** The mirror of the signed-in user already holds every change the pokes announced. */
  async function mirrorHasPoked(): Promise<boolean> {
    if (poked.unknown) return false;
    const user = ctx.getUser();
    const state = (await ctx.db.meta.get(MIRROR_STATE_KEY))?.value as
      { userId?: unknown; cursor?: unknown } | undefined;
    return (
      !!user && state?.userId === user.id && typeof state.cursor === 'number' && state.cursor >= poked.cursor
    );
  }

  /** `always`: pull whatever the pokes said (every trigger but a poke); else only when behind them. */
  const pullTask = serialized(async (always: boolean): Promise<EnginePullResult> => {
    if (status.get().authRequired) return { status: 'paused' };
    if (!always && (await mirrorHasPoked())) return { status: 'up-to-date' };
    // This pull's snapshot is taken after every poke received so far, so it sees their changes.
    poked.unknown = false;
    patch({ pulling: true });
    try {
      const result = await runPull(ctx);
      if (result.status === 'auth-required') requireAuth(ctx.getUser()?.id ?? '');
      if (result.status === 'done') patch({ lastPulledAt: ctx.now() });
      return result;
    } finally {
      patch({ pulling: false });
    }
  });

  /** Sends waiting entries now; `force` ignores the back-off (online again, Retry, background sync). */
  const replay = (opts: { force?: boolean } = {}) => replayTask(opts.force ?? false);

  // Every acknowledged write pokes every socket of the user, this tab's included. Pulling after each one
  // while a replay runs would fetch the tab's own writes back one by one and compete with the replay
  // for the server and the database; one pull after the run sees them all.
  let pullAfterReplay: Promise<EnginePullResult> | null = null;
  let pullAfterReplayAlways = false;
  const requestPull = (always: boolean): Promise<EnginePullResult> => {
    if (!status.get().replaying) return pullTask(always);
    pullAfterReplayAlways ||= always;
    pullAfterReplay ??= new Promise((resolve, reject) => {
      const unsubscribe = status.subscribe(() => {
        if (status.get().replaying) return;
        unsubscribe();
        const afterAlways = pullAfterReplayAlways;
        pullAfterReplay = null;
        pullAfterReplayAlways = false;
        pullTask(afterAlways).then(resolve, reject);
      });
    });
    return pullAfterReplay;
  };
  const pull = () => requestPull(true);

  /**
   * A `sync` poke: pull unless the mirror is already at the poke's cursor. A pull running meanwhile
   * takes in every poke that arrives during it with one follow-up pull at most, which is skipped when
   * the running pull already reached the newest cursor announced.
   */
  const pullPoked = (cursor?: number): Promise<EnginePullResult> => {
    if (cursor === undefined) poked.unknown = true;
    else poked.cursor = Math.max(poked.cursor, cursor);
    return requestPull(false);
  };

  /** After a write or a person's decision the replayer goes at once (once the app started it). */
  const kick = (force: boolean) => {
    if (started) void replay({ force });
  };

  async function afterWrite<T>(result: T): Promise<T> {
    events.emit('enqueued');
    kick(false);
    return result;
  }

  return {
    db: ctx.db,
    status,
    events,
    createRecord: (collection: SyncCollection, data: Record<string, unknown>, opts?: writes.WriteOptions) =>
      writes.createRecord(ctx, collection, data, opts).then(afterWrite),
    updateRecord: (
      collection: SyncCollection,
      id: string,
      data: Record<string, unknown>,
      opts?: writes.WriteOptions,
    ) => writes.updateRecord(ctx, collection, id, data, opts).then(afterWrite),
    deleteRecord: (collection: SyncCollection, id: string) =>
      writes.deleteRecord(ctx, collection, id).then(afterWrite),
    enqueueCall: (call: writes.CallOptions) => writes.enqueueCall(ctx, call).then(afterWrite),
    enqueueBatch: (batch: writes.BatchOptions) => writes.enqueueBatch(ctx, batch).then(afterWrite),
    /** The screen showed a batch's answer and the person closed it. */
    forgetBatch: (id: string) => ctx.db.meta.delete(`${BATCH_META_PREFIX}${id}`),
    pendingCountForUser: (userId: string) => writes.pendingCountForUser(ctx, userId),
    replay,
    pull,
    pullPoked,
    /** Replay, then pull: what every trigger does. */
    async sync(opts: { force?: boolean } = {}) {
      await replay(opts);
      await pull();
    },
    refreshMeta: () => refreshMetaCache(ctx, options.metaSources ?? DEFAULT_META_SOURCES),
    async retry(seq: number) {
      await resolutions.retryEntry(ctx, seq);
      kick(true);
    },
    discard: (seq: number) => resolutions.discardEntry(ctx, seq),
    async resolveConflict(seq: number, choices: Record<string, resolutions.FieldChoice>) {
      await resolutions.resolveConflict(ctx, seq, choices);
      kick(true);
    },
    async resolveDeleteConflict(seq: number, keep: resolutions.FieldChoice) {
      await resolutions.resolveDeleteConflict(ctx, seq, keep);
      kick(true);
    },
    /** A user signed in (again): a 401 pause ends; that user's entries go out. */
    async signedIn() {
      patch({ authRequired: false, retryAt: null });
      await replay({ force: true });
      await pull();
    },
    /** The network shows signs of life (online, tab visible, socket connected, a probe answered). */
    connectivityRestored,
    /** "Sync now": probe at once; an answer resets the back-off and sends, then the mirror pulls. */
    async syncNow() {
      if (await probe()) connectivityRestored();
      else scheduleProbe();
      await replay({ force: true });
      await pull();
    },
    probe,
    /** Starts timers after writes, back-off and probes (the app's triggers call `sync`). */
    start() {
      started = true;
      void scheduleNext(status.get().retryAt);
      unwatch = [
        connectivitySigns.on('sign', () => connectivityRestored()),
        serverReachableStore.subscribe(scheduleProbe),
        poorLinkStore.subscribe(scheduleProbe),
      ];
      scheduleProbe();
    },
    stop() {
      started = false;
      if (timer) clearTimeout(timer);
      if (probeTimer) clearTimeout(probeTimer);
      timer = null;
      probeTimer = null;
      unwatch.forEach((stop) => stop());
      unwatch = [];
    },
  };
}
