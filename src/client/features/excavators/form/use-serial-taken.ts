import { useCallback } from 'react';
import { useLiveQuery, useSyncEngine } from '@/client/offline';

/**
 * Serial numbers are unique: the form checks the machines on this device before queueing a change
 * the server would refuse. (The server still decides; a clash with a machine not yet pulled fails in
 * the Sync panel with its message.)
 */
export function useSerialTaken(ownId: string | null): (serial: string) => boolean {
  const engine = useSyncEngine();
  const serials = useLiveQuery(async () => {
    const rows = await engine.db.excavators.toArray();
    return new Set(
      rows
        .filter((row) => row.id !== ownId && !row.deletedAt && typeof row.serialNumber === 'string')
        .map((row) => (row.serialNumber as string).trim().toLowerCase()),
    );
  }, [engine, ownId]);
  return useCallback((serial: string) => serials?.has(serial.trim().toLowerCase()) ?? false, [serials]);
}
