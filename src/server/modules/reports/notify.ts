import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@/domain/constants';
import type { NotificationEvent } from '@/domain/notification-channels';
import { formatDate } from '@/domain/pdf';
import type { Report } from '@/domain/report';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { WriteContext } from '../../plugins/write';

/*
 * Workflow notifications (issue 6 item 3): a submitted report → managers and admins; an approved or
 * rejected one → its author. The person acting is never told about their own step. Texts are written
 * in the app's default language (the server has no i18next); the `type` is the event name the
 * notification channels route to e-mail, push and chat.
 */

export type ReportEvent = Extract<
  NotificationEvent,
  'report.submitted' | 'report.approved' | 'report.rejected'
>;

/** The roles told about a submitted report. */
export const REPORT_REVIEWER_ROLES = ['manager', 'admin'];

interface EventTexts {
  title: string;
  message: string;
}

/** `{machine}`, `{date}`, `{actor}`, `{reason}`. */
export const REPORT_NOTIFICATION_TEXTS: Record<Language, Record<ReportEvent, EventTexts>> = {
  en: {
    'report.submitted': {
      title: 'Report awaiting approval: {machine}',
      message: '{actor} submitted the maintenance report of {date} for {machine}.',
    },
    'report.approved': {
      title: 'Report approved: {machine}',
      message: '{actor} approved your maintenance report of {date} for {machine}.',
    },
    'report.rejected': {
      title: 'Report rejected: {machine}',
      message: '{actor} rejected your maintenance report of {date} for {machine}: {reason}',
    },
  },
  de: {
    'report.submitted': {
      title: 'Bericht wartet auf Freigabe: {machine}',
      message: '{actor} hat den Wartungsbericht vom {date} für {machine} eingereicht.',
    },
    'report.approved': {
      title: 'Bericht freigegeben: {machine}',
      message: '{actor} hat Ihren Wartungsbericht vom {date} für {machine} freigegeben.',
    },
    'report.rejected': {
      title: 'Bericht abgelehnt: {machine}',
      message: '{actor} hat Ihren Wartungsbericht vom {date} für {machine} abgelehnt: {reason}',
    },
  },
  bg: {
    'report.submitted': {
      title: 'Доклад очаква одобрение: {machine}',
      message: '{actor} подаде доклада за поддръжка от {date} за {machine}.',
    },
    'report.approved': {
      title: 'Докладът е одобрен: {machine}',
      message: '{actor} одобри вашия доклад за поддръжка от {date} за {machine}.',
    },
    'report.rejected': {
      title: 'Докладът е отхвърлен: {machine}',
      message: '{actor} отхвърли вашия доклад за поддръжка от {date} за {machine}: {reason}',
    },
  },
  gr: {
    'report.submitted': {
      title: 'Αναφορά σε αναμονή έγκρισης: {machine}',
      message: 'Ο/Η {actor} υπέβαλε την αναφορά συντήρησης της {date} για το {machine}.',
    },
    'report.approved': {
      title: 'Η αναφορά εγκρίθηκε: {machine}',
      message: 'Ο/Η {actor} ενέκρινε την αναφορά συντήρησης της {date} για το {machine}.',
    },
    'report.rejected': {
      title: 'Η αναφορά απορρίφθηκε: {machine}',
      message: 'Ο/Η {actor} απέρριψε την αναφορά συντήρησης της {date} για το {machine}: {reason}',
    },
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

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
  const settings = await app.settingsStore.get(w.tx);
  const language = settings.app.defaultLanguage;
  const texts = (REPORT_NOTIFICATION_TEXTS[language] ?? REPORT_NOTIFICATION_TEXTS.en)[event];
  const values = {
    machine: report.excavator?.name ?? report.operatorName,
    date: formatDate(report.reportDate, language),
    actor: actor.name,
    reason: report.rejectionReason ?? '',
  };
  const pending = await app.notify(
    {
      userIds: recipients,
      type: event,
      title: fill(texts.title, values).slice(0, 200),
      message: fill(texts.message, values).slice(0, 2000),
      link: `/reports?id=${report.id}`,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}
