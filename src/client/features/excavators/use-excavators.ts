import { useMemo } from 'react';
import { serviceIntervalFromSettings } from '@/domain/maintenance';
import { useLiveQuery, useSyncEngine } from '@/client/offline';
import { useSettings } from '@/client/lib/session/settings-store';
import { compareByName, toExcavator, type ExcavatorRecord } from './model';

/** The service interval in effect (settings `maintenance.serviceIntervalHours`, default 500 h). */
export function useServiceInterval(): number {
  const { settings } = useSettings();
  return serviceIntervalFromSettings(settings);
}

/** Every excavator on this device by name, tombstones left out (undefined while IndexedDB loads). */
export function useAllExcavators(): ExcavatorRecord[] | undefined {
  const engine = useSyncEngine();
  const interval = useServiceInterval();
  const rows = useLiveQuery(() => engine.db.excavators.toArray(), [engine]);
  return useMemo(
    () =>
      rows === undefined
        ? undefined
        : rows
            .filter((row) => !row.deletedAt)
            .map((row) => toExcavator(row, interval))
            .sort(compareByName),
    [rows, interval],
  );
}

/** One excavator from the mirror (undefined while loading, null when absent or deleted). */
export function useExcavator(id: string | null | undefined): ExcavatorRecord | null | undefined {
  const engine = useSyncEngine();
  const interval = useServiceInterval();
  const row = useLiveQuery(
    async () => (id ? ((await engine.db.excavators.get(id)) ?? null) : null),
    [engine, id],
  );
  return useMemo(() => {
    if (row === undefined) return undefined;
    if (row === null || row.deletedAt) return null;
    return toExcavator(row, interval);
  }, [row, interval]);
}
