import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { useSyncEngine } from '../engine-context';
import { fileRowToBlob } from '../files';
import type { FileRow } from '../types';

export interface LocalFile {
  id: string;
  name: string;
  type: string;
  url: string;
}

/** Files of a record still waiting to upload, as object URLs (revoked when they change or unmount). */
export function useLocalFiles(recordId: string | null | undefined): LocalFile[] {
  const engine = useSyncEngine();
  const rows = useLiveQuery(
    (): Promise<FileRow[]> =>
      recordId ? engine.db.files.where('recordId').equals(recordId).toArray() : Promise.resolve([]),
    [engine, recordId],
  );
  const files = useMemo(
    () =>
      (rows ?? []).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        url: URL.createObjectURL(fileRowToBlob(row)),
      })),
    [rows],
  );
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file.url)), [files]);
  return files;
}
