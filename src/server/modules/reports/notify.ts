import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotificationEvent } from '@/domain/notification-channels';
import type { Report } from '@/domain/report';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { WriteContext } from '../../plugins/write';

/*
 * Workflow notifications: a submitted report → managers and admins; an approved or
 * rejected one → its author. The person acting is never told about their own step. The message key
 * is the event (its texts live in domain/notification-texts); the `type` is the event name the
 * notification channels route to e-mail, push and chat.
 */

export type ReportEvent = Extract<
  NotificationEvent,
  'report.submitted' | 'report.approved' | 'report.rejected'
>;

/** The roles told about a submitted report. */
export const REPORT_REVIEWER_ROLES = ['manager', 'admin'];

/** Active managers and admins but `exceptId`. */
async function reviewers(executor: Executor, exceptId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        inArray(sql`lower(trim(${users.role}))`, REPORT_REVIEWER_ROLES),
        ne(users.id, exceptId),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Stores the event's notifications in the write's transaction and publishes them after its commit.
 * `actor` is the display name of the person acting.
 */
export async function notifyReportEvent(
  app: FastifyInstance,
  w: WriteContext,
  event: ReportEvent,
  report: Report,
  actor: { id: string; name: string },
): Promise<void> {
  const recipients =
    event === 'report.submitted'
      ? await reviewers(w.tx, actor.id)
      : report.createdBy && report.createdBy !== actor.id
        ? [report.createdBy]
        : [];
  if (recipients.length === 0) return;
  const pending = await app.notify(
    {
      userIds: recipients,
      type: event,
      key: event,
      params: {
        machine: report.excavator?.name ?? report.operatorName,
        date: report.reportDate,
        actor: actor.name,
        reason: report.rejectionReason ?? '',
      },
      link: `/reports?id=${report.id}`,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}
