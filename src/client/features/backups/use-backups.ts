import { useCallback, useEffect, useRef, useState } from 'react';
import type { BackupRun, BackupStatus } from '@/domain/backup';
import { useOnlineStatus } from '@/client/lib/use-online-status';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { fetchBackupStatus, startBackup } from './api';

/** How often the status is asked while a backup runs (its progress bar). */
export const BACKUP_POLL_MS = 1000;

export interface Backups {
  /** The last status; kept while a newer one loads or the connection is gone. */
  status: BackupStatus | null;
  /** The failure of the latest load, null once one succeeded. */
  error: unknown;
  online: boolean;
  reload(): void;
  /** Starts a backup; rejects with the server's refusal (busy, unavailable). */
  start(): Promise<void>;
}

/**
 * The backups status from the server: loaded once, then every second while a backup runs (this page's
 * or the schedule's), so its progress moves. `onFinished` hears each run that ends while the page is
 * open.
 */
export function useBackups(onFinished?: (run: BackupRun | null) => void): Backups {
  const online = useOnlineStatus();
  // A run this page started shows at once, laid over the answer it was started from, until the next
  // answer of the server.
  const [started, setStarted] = useState<{ from: BackupStatus; running: BackupStatus['running'] } | null>(
    null,
  );
  // Whether the last answer showed a run: kept as state because it chooses the refresh of the very
  // request whose answer tells it.
  const [polling, setPolling] = useState(false);
  const remote = useRemoteData(online ? 'backups-status' : null, (signal) => fetchBackupStatus(signal), {
    refreshMs: polling ? BACKUP_POLL_MS : undefined,
  });
  const status =
    remote.data && started?.from === remote.data ? { ...remote.data, running: started.running } : remote.data;
  const running = !!status?.running;
  if (polling !== running) setPolling(running);

  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!remote.data) return;
    if (wasRunning.current && !remote.data.running) finished.current?.(remote.data.lastRun);
    wasRunning.current = !!remote.data.running;
  }, [remote.data]);

  const { reload } = remote;
  const current = remote.data;
  const start = useCallback(async () => {
    const progress = await startBackup();
    wasRunning.current = true;
    if (current) setStarted({ from: current, running: progress });
  }, [current]);

  return { status, error: remote.error, online, reload, start };
}
