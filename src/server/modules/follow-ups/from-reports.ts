import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { isLanguage, LANGUAGES, type Language } from '@/domain/constants';
import { failedChecklistItems, type FailedChecklistItem } from '@/domain/followup';
import type { FollowUpTitleParam } from '@/domain/notification-texts';
import { excavators, followUps, users } from '../../db/schema';
import { changedFields } from '../../plugins/audit';
import type { WriteContext } from '../../plugins/write';
import type { ReportRow } from '../reports/data';
import { followUpRecord, type FollowUpRow } from './data';

/*
 * What a submitted report does to follow-ups, inside the submit's own transaction: it closes the open
 * follow-ups it lists in `resolvesFollowUps` (on its machine), then opens one for each checklist item it
 * marks "not ok". Both are idempotent: a closed follow-up stays closed, and the unique index on
 * (report, category, item) holds one follow-up per failed item however often the report is submitted.
 */

/** The roles told about follow-ups opened from a report (besides an assignee). */
export const FOLLOW_UP_PLANNER_ROLES = ['manager', 'admin'];

/** The stored title: the label in the site's language, else any language's, else the item key. */
function titleOf(item: FailedChecklistItem, siteLanguage: Language): string {
  const labels = item.labels;
  return (
    labels[siteLanguage]?.trim() ||
    LANGUAGES.map((l) => labels[l]?.trim()).find((v): v is string => !!v) ||
    item.itemKey
  );
}

export async function closeFollowUpsByReport(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  report: ReportRow,
): Promise<FollowUpRow[]> {
  const ids = report.resolvesFollowUps ?? [];
  if (ids.length === 0) return [];
  const open = await w.tx
    .select()
    .from(followUps)
    .where(
      and(
        inArray(followUps.id, ids),
        eq(followUps.excavatorId, report.excavatorId),
        eq(followUps.status, 'open'),
        isNull(followUps.deletedAt),
      ),
    )
    .orderBy(followUps.id)
    .for('update');
  const closed: FollowUpRow[] = [];
  for (const existing of open) {
    const row = await setFollowUpStatus(app, request, w, existing, 'closed', report.id);
    closed.push(row);
  }
  return closed;
}

/**
 * Closes or reopens one follow-up at the write's time: the new status with who and when (and the report
 * that closed it, if one did), as the record's next version, audited. Shared by the close and reopen
 * routes and by a report that lists the follow-up as resolved.
 */
export async function setFollowUpStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  existing: FollowUpRow,
  status: 'open' | 'closed',
  byReportId: string | null = null,
): Promise<FollowUpRow> {
  const closing = status === 'closed';
  const changes = changedFields({ status: existing.status }, { status });
  return followUpRecord(app).update(
    w,
    request,
    existing,
    {
      status,
      closedAt: closing ? w.at : null,
      closedBy: closing ? request.user!.id : null,
      closedByReportId: closing ? byReportId : null,
    },
    {
      action: closing ? 'close' : 'reopen',
      changes: byReportId ? { ...changes, byReport: byReportId } : changes,
    },
  );
}

export async function openFollowUpsFromReport(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  report: ReportRow,
): Promise<FollowUpRow[]> {
  const failed = failedChecklistItems(report);
  if (failed.length === 0) return [];
  const settings = await app.settingsStore.get(w.tx);
  const siteLanguage: Language = isLanguage(settings.app.defaultLanguage)
    ? settings.app.defaultLanguage
    : 'de';
  // An item still open on this machine (from an earlier report) is not opened twice.
  const stillOpen = await w.tx
    .select({ category: followUps.sourceCategory, item: followUps.sourceItem })
    .from(followUps)
    .where(
      and(
        eq(followUps.excavatorId, report.excavatorId),
        eq(followUps.status, 'open'),
        isNull(followUps.deletedAt),
        ne(
          sql`coalesce(${followUps.sourceReportId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
          report.id,
        ),
      ),
    );
  const openKeys = new Set(stillOpen.map((r) => `${r.category}\u0000${r.item}`));
  // What this report opened before (a resubmission; deleted ones too) holds its item's unique key:
  // skipped here rather than left to the unique index, which would abort the submit's transaction.
  const earlier = await w.tx
    .select({ category: followUps.sourceCategory, item: followUps.sourceItem })
    .from(followUps)
    .where(eq(followUps.sourceReportId, report.id));
  const taken = new Set(earlier.map((r) => `${r.category}\u0000${r.item}`));
  const record = followUpRecord(app);
  const opened: FollowUpRow[] = [];
  for (const item of failed) {
    const key = `${item.categoryKey}\u0000${item.itemKey}`;
    if (openKeys.has(key) || taken.has(key)) continue;
    taken.add(key);
    const values = {
      excavatorId: report.excavatorId,
      title: titleOf(item, siteLanguage),
      titleLabels: item.labels,
      note: item.note,
      sourceReportId: report.id,
      sourceCategory: item.categoryKey,
      sourceItem: item.itemKey,
    };
    const row = await record.insert(
      w,
      request,
      { ...values, id: uuidv7(), status: 'open' },
      {
        action: 'create',
        changes: {
          ...changedFields(null, { title: values.title, note: values.note }),
          fromReport: report.id,
        },
      },
    );
    opened.push(row);
  }
  if (opened.length > 0) await notifyFollowUpsOpened(app, request, w, report.excavatorId, opened);
  return opened;
}

export const titleParam = (row: Pick<FollowUpRow, 'title' | 'titleLabels'>): FollowUpTitleParam => ({
  title: row.title,
  labels: row.titleLabels ?? null,
});

async function machineName(w: WriteContext, excavatorId: string): Promise<string> {
  const [machine] = await w.tx
    .select({ name: excavators.name })
    .from(excavators)
    .where(eq(excavators.id, excavatorId));
  return machine?.name ?? '';
}

/**
 * Managers and admins (and assignees) hear of new follow-ups; never the person who opened them. `byHand`:
 * opened on the excavator by a person, so the message does not speak of failed checks.
 */
export async function notifyFollowUpsOpened(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  excavatorId: string,
  rows: FollowUpRow[],
  byHand = false,
): Promise<void> {
  const actorId = request.user!.id;
  const planners = await w.tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        inArray(sql`lower(trim(${users.role}))`, FOLLOW_UP_PLANNER_ROLES),
        ne(users.id, actorId),
      ),
    );
  const assignees = rows.map((r) => r.assigneeId).filter((id): id is string => !!id && id !== actorId);
  const recipients = [...new Set([...planners.map((p) => p.id), ...assignees])];
  if (recipients.length === 0) return;
  const pending = await app.notify(
    {
      userIds: recipients,
      type: 'followup.opened',
      key: 'followup.opened',
      params: {
        machine: await machineName(w, excavatorId),
        count: rows.length,
        items: rows.map(titleParam),
        ...(byHand && { byHand: true }),
      },
      link: `/excavators?view=${excavatorId}`,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}

/** The new assignee of a follow-up hears of it (not when they assigned it to themselves). */
export async function notifyFollowUpAssigned(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  row: FollowUpRow,
  actorName: string,
): Promise<void> {
  if (!row.assigneeId || row.assigneeId === request.user!.id) return;
  const pending = await app.notify(
    {
      userIds: [row.assigneeId],
      type: 'followup.assigned',
      key: 'followup.assigned',
      params: {
        machine: await machineName(w, row.excavatorId),
        item: titleParam(row),
        actor: actorName,
        due: row.dueDate ?? '',
      },
      link: `/excavators?view=${row.excavatorId}`,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}
