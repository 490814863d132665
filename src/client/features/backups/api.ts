import type { BackupDownloadLink, BackupProgress, BackupStatus } from '@/domain/backup';
import { apiFetch } from '@/client/api/client';

export function fetchBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return apiFetch<BackupStatus>('/backups', { signal });
}

/** Starts a backup on the server; its progress then shows in the status. */
export async function startBackup(): Promise<BackupProgress> {
  const body = await apiFetch<{ running: BackupProgress }>('/backups', { method: 'POST' });
  return body.running;
}

/** A one-minute address that streams the archive to the browser's own download. */
export function backupDownloadLink(name: string): Promise<BackupDownloadLink> {
  return apiFetch<BackupDownloadLink>(`/backups/${encodeURIComponent(name)}/download`, { method: 'POST' });
}

/** Hands the address to the browser as a download (no page change, no copy in memory). */
export function downloadFrom(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
