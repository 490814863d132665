/** The part of the Web Locks API the replayer uses (injectable for tests). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
}

export const OUTBOX_LOCK_NAME = 'fleetpilot:outbox-replay';

export function browserLocks(): LockManagerLike | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: unknown }).locks;
  return locks ? (locks as LockManagerLike) : null;
}

/**
 * Runs `task` only if no other replayer runs: across tabs through `navigator.locks`, or, where the
 * browser lacks it, within this tab. Returns `busy` when someone else holds the lock (idempotency keys
 * keep a double send harmless even then).
 */
export function createReplayLock(locks: LockManagerLike | null) {
  let local = false;
  return async function withLock<T>(
    task: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    if (local) return { ran: false };
    local = true;
    try {
      if (!locks) return { ran: true, value: await task() };
      return await locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock) =>
        lock ? { ran: true as const, value: await task() } : { ran: false as const },
      );
    } finally {
      local = false;
    }
  };
}
