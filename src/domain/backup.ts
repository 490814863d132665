import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/*
 * Backups (Settings → Backups, admin only): archives of the database and the uploads made on a
 * schedule, on request or by `npm run backup`. The API: GET /api/backups (status and archives), POST
 * /api/backups (make one now), POST /api/backups/{name}/download (a short-lived download address).
 */

/** "fleetpilot-2026-03-03-020000.tar.gz", "-2" etc. when two start within the same second. */
export const BACKUP_ARCHIVE_NAME = /^fleetpilot-\d{4}-\d{2}-\d{2}-\d{6}(-\d{1,3})?\.tar\.gz$/;

export const BACKUP_TRIGGERS = ['schedule', 'manual', 'command'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** What a running backup is doing: copying the data, dumping it (PostgreSQL), hashing, compressing. */
export const BACKUP_PHASES = ['snapshot', 'dump', 'hash', 'archive'] as const;
export type BackupPhase = (typeof BACKUP_PHASES)[number];

export const backupArchiveSchema = lazySchema(() =>
  z.object({
    name: z.string().regex(BACKUP_ARCHIVE_NAME),
    /** Bytes. */
    size: z.number().int().min(0),
    createdAt: z.iso.datetime(),
  }),
);
export type BackupArchive = z.infer<typeof backupArchiveSchema>;

export const backupProgressSchema = lazySchema(() =>
  z.object({
    trigger: z.enum(BACKUP_TRIGGERS),
    phase: z.enum(BACKUP_PHASES),
    /** 0–100, over the whole backup. */
    percent: z.number().min(0).max(100),
    startedAt: z.iso.datetime(),
  }),
);
export type BackupProgress = z.infer<typeof backupProgressSchema>;

export const backupRunSchema = lazySchema(() =>
  z.object({
    trigger: z.enum(BACKUP_TRIGGERS),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    ok: z.boolean(),
    /** The archive made, when it succeeded. */
    archive: z.string().nullable(),
    size: z.number().int().min(0).nullable(),
    /** Why it failed, in the server's words. */
    error: z.string().nullable(),
  }),
);
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = lazySchema(() =>
  z.object({
    engine: z.enum(['pglite', 'postgres']),
    /** How the database gets into an archive: a copy of the embedded data directory, or pg_dump. */
    method: z.enum(['data-directory', 'pg_dump']),
    /** False when backups cannot run here; `problem` says why (e.g. pg_dump missing). */
    available: z.boolean(),
    problem: z.string().nullable(),
    /** The dump program and its version ("pg_dump (PostgreSQL) 15.20") on PostgreSQL. */
    tool: z.string().nullable(),
    /** Where the archives are, on the server. */
    directory: z.string(),
    schedule: z.object({
      /** BACKUP_DIR is set. */
      enabled: z.boolean(),
      /** HH:MM site time. */
      at: z.string(),
      keep: z.number().int().min(1),
      timeZone: z.string(),
      nextRunAt: z.iso.datetime().nullable(),
    }),
    running: backupProgressSchema.nullable(),
    lastRun: backupRunSchema.nullable(),
    lastSuccessAt: z.iso.datetime().nullable(),
    archives: z.array(backupArchiveSchema),
  }),
);
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const backupNameParams = lazySchema(() => z.object({ name: z.string().regex(BACKUP_ARCHIVE_NAME) }));

export const backupDownloadLinkSchema = lazySchema(() =>
  z.object({
    /** Same-origin address that streams the archive once, within a minute. */
    url: z.string(),
  }),
);
export type BackupDownloadLink = z.infer<typeof backupDownloadLinkSchema>;

/** The last run failed and nothing has succeeded since: the dashboard tells admins. */
export function backupNeedsAttention(status: Pick<BackupStatus, 'lastRun'> | null | undefined): boolean {
  return !!status?.lastRun && !status.lastRun.ok;
}
