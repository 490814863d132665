import { useCallback, useEffect, useRef, useState } from 'react';
import type { BackupRun, BackupStatus } from '@/domain/backup';
import { useOnlineStatus } from '@/client/lib/use-online-status';
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
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  const wasRunning = useRef(false);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchBackupStatus(controller.signal).then(
      (next) => {
        if (wasRunning.current && !next.running) finished.current?.(next.lastRun);
        wasRunning.current = !!next.running;
        setStatus(next);
        setError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setError(err);
      },
    );
    return () => controller.abort();
  }, [online, version]);

  const running = !!status?.running;
  useEffect(() => {
    if (!running || !online) return;
    const timer = setTimeout(() => setVersion((v) => v + 1), BACKUP_POLL_MS);
    return () => clearTimeout(timer);
  }, [running, online, status]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const start = useCallback(async () => {
    const progress = await startBackup();
    wasRunning.current = true;
    setStatus((current) => (current ? { ...current, running: progress } : current));
  }, []);

  return { status, error, online, reload, start };
}
