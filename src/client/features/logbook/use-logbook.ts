import { useMemo } from 'react';
import { META_KEYS, useLiveQuery, useMetaValue, useSyncEngine } from '@/client/offline';
import { useCurrentUser } from '@/client/lib/session/session-store';
import {
  DEFAULT_LOGBOOK_CONFIG,
  logbookConfigSchema,
  type LogbookConfig,
  type LogbookEntry,
} from '@/domain/logbook';
import { compareEntries, toLogbookEntry } from './model';

/** Every logbook entry on this device, newest first (undefined while the database opens). */
export function useLogbookEntries(): LogbookEntry[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    const rows = await engine.db.logbook.toArray();
    return rows
      .filter((row) => !row.deletedAt)
      .map(toLogbookEntry)
      .sort(compareEntries);
  }, [engine]);
}

/** One entry, live: undefined while loading, null when it is not (or no longer) on this device. */
export function useLogbookEntry(id: string | null | undefined): LogbookEntry | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!id) return null;
    const row = await engine.db.logbook.get(id);
    return row && !row.deletedAt ? toLogbookEntry(row) : null;
  }, [engine, id]);
}

/**
 * The cached logbook configuration (conveyors, special checks, site, default shift). Until the first
 * online start has cached it, the defaults the server also starts with.
 */
export function useLogbookConfig(): { config: LogbookConfig; cached: boolean } {
  const value = useMetaValue<unknown>(META_KEYS.logbookConfig);
  return useMemo(() => {
    const parsed = logbookConfigSchema.safeParse(value);
    return parsed.success
      ? { config: parsed.data, cached: true }
      : { config: DEFAULT_LOGBOOK_CONFIG, cached: false };
  }, [value]);
}

/**
 * The signature saved in the user's profile: the cached copy (kept while offline), else the session's.
 * Null when none is saved.
 */
export function useProfileSignature(): string | null {
  const user = useCurrentUser();
  const cached = useMetaValue<string | null>(META_KEYS.profileSignature);
  // The session's user is refreshed on every profile save; the cached copy covers an older user cache.
  if (user.signature !== undefined) return user.signature || null;
  return typeof cached === 'string' && cached ? cached : null;
}
