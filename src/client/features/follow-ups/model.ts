import { compareFollowUps, FOLLOW_UP_STATUSES, type FollowUp } from '@/domain/followup';
import type { SyncedRow } from '@/client/offline';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A mirrored row as the screens read it: a follow-up made on this device lacks the server's extras. */
export function toFollowUp(row: SyncedRow): FollowUp {
  const status = str(row.status);
  const labels = row.titleLabels;
  const source = row.source as FollowUp['source'] | undefined;
  return {
    id: row.id,
    version: row.version,
    createdAt: str(row.createdAt) ?? '',
    createdBy: str(row.createdBy),
    updatedAt: str(row.updatedAt) ?? '',
    updatedBy: str(row.updatedBy),
    deletedAt: str(row.deletedAt),
    excavatorId: str(row.excavatorId) ?? '',
    title: str(row.title) ?? '',
    titleLabels:
      labels && typeof labels === 'object' && !Array.isArray(labels)
        ? (labels as Record<string, string>)
        : null,
    note: str(row.note),
    photo: str(row.photo),
    assigneeId: str(row.assigneeId),
    assigneeName: str(row.assigneeName),
    dueDate: str(row.dueDate),
    status: (FOLLOW_UP_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as FollowUp['status'])
      : 'open',
    source: source && typeof source === 'object' ? source : null,
    closedAt: str(row.closedAt),
    closedBy: str(row.closedBy),
    closedByName: str(row.closedByName),
    closedByReportId: str(row.closedByReportId),
  };
}

/** Live follow-ups of the rows, in the order the lists show them. */
export function sortedFollowUps(rows: readonly SyncedRow[]): FollowUp[] {
  return rows
    .filter((row) => !row.deletedAt)
    .map(toFollowUp)
    .sort(compareFollowUps);
}
