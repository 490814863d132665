import type { SyncedRow } from '@/client/offline';
import { LOGBOOK_STATUSES, isOvernightShift, type LogbookEntry, type LogbookStatus } from '@/domain/logbook';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function isStatus(value: unknown): value is LogbookStatus {
  return typeof value === 'string' && (LOGBOOK_STATUSES as readonly string[]).includes(value);
}

/**
 * A mirrored row as a logbook entry. Rows made on this device before the server answered lack the
 * server's derived fields (overnight, names); they get their values here so lists, details and the
 * PDF treat both alike.
 */
export function toLogbookEntry(row: SyncedRow): LogbookEntry {
  const shiftStart = str(row.shiftStart) ?? '';
  const shiftEnd = str(row.shiftEnd) ?? '';
  const weather = row.weather as LogbookEntry['weather'] | undefined;
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt ?? '',
    updatedAt: row.updatedAt ?? '',
    createdBy: row.createdBy ?? null,
    updatedBy: row.updatedBy ?? null,
    deletedAt: row.deletedAt ?? null,
    date: str(row.date) ?? '',
    site: str(row.site),
    shiftStart,
    shiftEnd,
    overnight: shiftStart && shiftEnd ? isOvernightShift(shiftStart, shiftEnd) : false,
    weather: weather ?? null,
    conveyorChecks: Array.isArray(row.conveyorChecks)
      ? (row.conveyorChecks as LogbookEntry['conveyorChecks'])
      : [],
    specialChecks: Array.isArray(row.specialChecks)
      ? (row.specialChecks as LogbookEntry['specialChecks'])
      : [],
    generalNotes: str(row.generalNotes),
    status: isStatus(row.status) ? row.status : 'unsigned',
    creatorSignature: str(row.creatorSignature),
    signedAt: str(row.signedAt),
    reviewerSignature: str(row.reviewerSignature),
    approvedBy: str(row.approvedBy),
    approvedAt: str(row.approvedAt),
    createdByName: str(row.createdByName),
    approvedByName: str(row.approvedByName),
  };
}

/** Newest date first; on the same date the later shift first, then the newer record. */
export function compareEntries(a: LogbookEntry, b: LogbookEntry): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.shiftStart !== b.shiftStart) return a.shiftStart < b.shiftStart ? 1 : -1;
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** Other entries on the same date and site (the form warns: one per site and day is usual). */
export function findDuplicates(
  entries: readonly LogbookEntry[],
  candidate: { id?: string | null; date: string; site: string | null },
): LogbookEntry[] {
  const site = (candidate.site ?? '').trim().toLowerCase();
  return entries.filter(
    (e) =>
      e.id !== candidate.id &&
      !e.deletedAt &&
      e.date === candidate.date &&
      (e.site ?? '').trim().toLowerCase() === site,
  );
}
