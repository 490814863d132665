import { z } from 'zod';
import { backupRunSchema, type BackupRun } from '@/domain/backup';
import type { Executor } from '../../db/client';
import { readConfigDocument, writeConfigDocument } from '../../services/config-documents';

/** Kept in the database so every instance (and a restart) knows the last run and the last day done. */
const STATE_KEY = 'backups.state';

const stateSchema = z.object({
  lastRun: backupRunSchema.nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  /** The site date of the last daily slot that ran (successfully or not). */
  lastScheduledDay: z.string().nullable(),
});
export type BackupState = z.infer<typeof stateSchema>;

const EMPTY: BackupState = { lastRun: null, lastSuccessAt: null, lastScheduledDay: null };

export function readBackupState(executor: Executor): Promise<BackupState> {
  return readConfigDocument(executor, STATE_KEY, stateSchema, EMPTY);
}

/** Records a finished run (and, for a scheduled one, its day). */
export async function recordBackupRun(
  executor: Executor,
  run: BackupRun,
  scheduledDay?: string,
): Promise<BackupState> {
  const current = await readBackupState(executor);
  const next: BackupState = {
    lastRun: run,
    lastSuccessAt: run.ok ? run.finishedAt : current.lastSuccessAt,
    lastScheduledDay: scheduledDay ?? current.lastScheduledDay,
  };
  await writeConfigDocument(executor, STATE_KEY, next, null);
  return next;
}
