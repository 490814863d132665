import { useMemo } from 'react';
import { useLiveQuery, useLocalFiles, useSyncEngine, type OutboxEntry } from '@/client/offline';
import { uploadUrl } from '@/client/api/uploads';

export interface LocalImages {
  /** The newest profile photo still waiting to upload (object URL). */
  profile: string | null;
  /** Gallery photos still waiting to upload. */
  gallery: { id: string; url: string }[];
}

const EMPTY: OutboxEntry[] = [];

/** Photos of a record that are on this device only, sorted into profile image and gallery. */
export function useLocalImages(recordId: string | null | undefined): LocalImages {
  const engine = useSyncEngine();
  const files = useLocalFiles(recordId);
  const entries = useLiveQuery(
    () =>
      recordId
        ? engine.db.outbox.where('[collection+recordId]').equals(['excavators', recordId]).sortBy('seq')
        : Promise.resolve(EMPTY),
    [engine, recordId],
    EMPTY,
  );
  return useMemo(() => {
    const fieldOf = new Map<string, string>();
    for (const entry of entries) {
      if (entry.body.type !== 'multipart') continue;
      for (const part of entry.body.files) fieldOf.set(part.fileId, part.field);
    }
    const profiles = files.filter((f) => fieldOf.get(f.id) === 'profileImage');
    return {
      profile: profiles[profiles.length - 1]?.url ?? null,
      gallery: files.filter((f) => fieldOf.get(f.id) === 'gallery').map((f) => ({ id: f.id, url: f.url })),
    };
  }, [files, entries]);
}

/** The profile photo to show: a local one waiting to upload, else the stored one. */
export function useProfileImageUrl(recordId: string, stored: string | null, pending: boolean): string | null {
  const local = useLocalImages(pending ? recordId : null);
  return local.profile ?? uploadUrl(stored);
}
