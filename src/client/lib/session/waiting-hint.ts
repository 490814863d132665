/**
 * How many changes wait on this device, per user, kept in localStorage so the login page can say so
 * without loading the offline engine (Dexie is left out of that page's first load). The engine
 * writes it whenever a signed-in user's outbox changes.
 */
const KEY = 'fleetpilot.waiting';

export interface WaitingHint {
  userId: string;
  username: string;
  count: number;
}

function readAll(): Record<string, WaitingHint> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, WaitingHint>) : {};
  } catch {
    return {};
  }
}

/** Users with changes waiting on this device, most first. */
export function readWaitingHints(): WaitingHint[] {
  return Object.values(readAll())
    .filter((hint) => typeof hint.username === 'string' && typeof hint.count === 'number' && hint.count > 0)
    .sort((a, b) => b.count - a.count);
}

export function writeWaitingHint(hint: WaitingHint): void {
  try {
    const all = readAll();
    if (hint.count > 0) all[hint.userId] = hint;
    else delete all[hint.userId];
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage unavailable (private mode quota): the login page simply says nothing.
  }
}
