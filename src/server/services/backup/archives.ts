import fs from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_ARCHIVE_NAME, type BackupArchive } from '@/domain/backup';
import { zonedTime } from '../../site-time';

/** The folder archives go to: BACKUP_DIR, else DATA_DIR/backups. */
export function archiveDirectory(config: { backupDir: string | undefined; dataDir: string }): string {
  return config.backupDir ?? path.join(config.dataDir, 'backups');
}

/** "fleetpilot-2026-03-03-020000.tar.gz" in the site's time, made unique within `dir`. */
export async function archiveName(dir: string, at: Date, timeZone: string): Promise<string> {
  const local = zonedTime(at, timeZone);
  const seconds = String(at.getUTCSeconds()).padStart(2, '0');
  const hhmm = `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}${String(local.minutes % 60).padStart(2, '0')}`;
  const base = `fleetpilot-${local.date}-${hhmm}${seconds}`;
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? `${base}.tar.gz` : `${base}-${n}.tar.gz`;
    try {
      await fs.access(path.join(dir, name));
    } catch {
      return name;
    }
  }
}

/** The complete archives in `dir`, newest first (partial ones are hidden files and never listed). */
export async function listArchives(dir: string): Promise<BackupArchive[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    // Not made yet (no backup so far), or not a folder: nothing to list; a backup says why it fails.
    if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return [];
    throw err;
  }
  const out: BackupArchive[] = [];
  for (const name of names) {
    if (!BACKUP_ARCHIVE_NAME.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile()) out.push({ name, size: stat.size, createdAt: stat.mtime.toISOString() });
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/** Deletes the oldest archives beyond `keep`; returns the deleted names. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const archives = await listArchives(dir);
  const old = archives.slice(keep);
  for (const archive of old) await fs.rm(path.join(dir, archive.name), { force: true });
  return old.map((a) => a.name);
}

/** The path of a listed archive, or null for a name that is not one (never a path outside `dir`). */
export function archivePath(dir: string, name: string): string | null {
  return BACKUP_ARCHIVE_NAME.test(name) ? path.join(dir, name) : null;
}
