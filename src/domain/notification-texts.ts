import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import type { Language } from './constants';
import { DEVICE_OFFLINE_ALERT_DAYS, DEVICE_SILENT_TEXTS } from './devices';
import { describeDispoChanges, type DispoChange } from './dispo/changes';
import { createFormat } from './format';
import { STOCK_LOW_TEXTS } from './inventory';
import { CHANNEL_TEXTS, fillTemplate } from './notification-channels';

/*
 * Notifications are stored as a message key with parameters, never as finished text: the app shows
 * each in its reader's current language, and e-mail and push go out in the recipient's language.
 * Parameters hold raw values (ISO dates, numbers, change lists); they are formatted only here, in the
 * language asked for. This module is shared by the server (stored fallback, channels) and the app.
 */

export const NOTIFICATION_MESSAGE_KEYS = [
  'report.submitted',
  'report.approved',
  'report.rejected',
  'dispo.published',
  'dispo.changed',
  'dispo.withdrawn',
  'logbook.pending',
  'logbook.approved',
  'stock.low',
  'stock.lowMany',
  'maintenance.due',
  'backup.failed',
  'device.silent',
  'followup.opened',
  'followup.assigned',
] as const;
export type NotificationMessageKey = (typeof NOTIFICATION_MESSAGE_KEYS)[number];

export const notificationParamsSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type NotificationParams = Record<string, unknown>;

export interface NotificationTexts {
  title: string;
  message: string;
}

type ReportEvent = 'report.submitted' | 'report.approved' | 'report.rejected';
type DriverMessage = 'published' | 'changed' | 'withdrawn';

/** `{machine}`, `{date}`, `{actor}`, `{reason}`. */
const REPORT_TEXTS: Record<Language, Record<ReportEvent, NotificationTexts>> = {
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

/** `{date}`, `{actor}`, `{changes}`. */
const DISPO_TEXTS: Record<Language, Record<DriverMessage, NotificationTexts>> = {
  en: {
    published: {
      title: 'New assignment for {date}',
      message: '{actor} published your container rounds for {date}.',
    },
    changed: {
      title: 'Assignment changed: {date}',
      message: '{actor} changed your assignment for {date}: {changes}.',
    },
    withdrawn: {
      title: 'Assignment withdrawn: {date}',
      message: '{actor} withdrew your assignment for {date}.',
    },
  },
  de: {
    published: {
      title: 'Neuer Einsatz am {date}',
      message: '{actor} hat Ihre Containertouren für den {date} veröffentlicht.',
    },
    changed: {
      title: 'Einsatz geändert: {date}',
      message: '{actor} hat Ihren Einsatz am {date} geändert: {changes}.',
    },
    withdrawn: {
      title: 'Einsatz zurückgezogen: {date}',
      message: '{actor} hat Ihren Einsatz am {date} zurückgezogen.',
    },
  },
  bg: {
    published: {
      title: 'Нова задача за {date}',
      message: '{actor} публикува вашите курсове с контейнери за {date}.',
    },
    changed: {
      title: 'Променена задача: {date}',
      message: '{actor} промени вашата задача за {date}: {changes}.',
    },
    withdrawn: {
      title: 'Оттеглена задача: {date}',
      message: '{actor} оттегли вашата задача за {date}.',
    },
  },
  gr: {
    published: {
      title: 'Νέα ανάθεση για {date}',
      message: 'Ο/Η {actor} δημοσίευσε τα δρομολόγια κάδων σας για {date}.',
    },
    changed: {
      title: 'Η ανάθεση άλλαξε: {date}',
      message: 'Ο/Η {actor} άλλαξε την ανάθεσή σας για {date}: {changes}.',
    },
    withdrawn: {
      title: 'Η ανάθεση ανακλήθηκε: {date}',
      message: 'Ο/Η {actor} ανακάλεσε την ανάθεσή σας για {date}.',
    },
  },
};

/** `{placeholders}`: author, reviewer, date, site. */
interface LogbookTexts {
  pendingTitle: string;
  pendingMessage: string;
  approvedTitle: string;
  approvedMessage: string;
}

const LOGBOOK_TEXTS: Record<Language, LogbookTexts> = {
  en: {
    pendingTitle: 'Operations log awaiting approval: {date}',
    pendingMessage: '{author} signed the operations log of {date}{site}. Please review and approve it.',
    approvedTitle: 'Operations log approved: {date}',
    approvedMessage: '{reviewer} approved your operations log of {date}{site}.',
  },
  de: {
    pendingTitle: 'Betriebstagebuch wartet auf Freigabe: {date}',
    pendingMessage:
      '{author} hat das Betriebstagebuch vom {date}{site} unterschrieben. Bitte prüfen und freigeben.',
    approvedTitle: 'Betriebstagebuch freigegeben: {date}',
    approvedMessage: '{reviewer} hat Ihr Betriebstagebuch vom {date}{site} freigegeben.',
  },
  bg: {
    pendingTitle: 'Дневник на експлоатацията очаква одобрение: {date}',
    pendingMessage:
      '{author} подписа дневника на експлоатацията за {date}{site}. Моля, прегледайте и одобрете.',
    approvedTitle: 'Дневникът на експлоатацията е одобрен: {date}',
    approvedMessage: '{reviewer} одобри вашия дневник на експлоатацията за {date}{site}.',
  },
  gr: {
    pendingTitle: 'Ημερολόγιο λειτουργίας σε αναμονή έγκρισης: {date}',
    pendingMessage:
      'Ο/Η {author} υπέγραψε το ημερολόγιο λειτουργίας της {date}{site}. Παρακαλώ ελέγξτε και εγκρίνετε.',
    approvedTitle: 'Το ημερολόγιο λειτουργίας εγκρίθηκε: {date}',
    approvedMessage: 'Ο/Η {reviewer} ενέκρινε το ημερολόγιο λειτουργίας σας της {date}{site}.',
  },
};

/** `{machine}`, `{count}`, `{items}` (opened); `{machine}`, `{item}`, `{actor}`, `{due}` (assigned). */
interface FollowUpTexts {
  openedTitle: string;
  openedMessage: string;
  /** One follow-up opened by hand on the excavator, not from failed checks of a report. */
  openedByHandMessage: string;
  assignedTitle: string;
  assignedMessage: string;
  due: string;
}

const FOLLOW_UP_TEXTS: Record<Language, FollowUpTexts> = {
  en: {
    openedTitle: 'Follow-ups opened: {machine}',
    openedMessage: 'Failed checks on {machine} need attention ({count}): {items}.',
    openedByHandMessage: 'New follow-up on {machine}: {items}.',
    assignedTitle: 'Follow-up assigned to you: {machine}',
    assignedMessage: '{actor} assigned you "{item}" on {machine}{due}.',
    due: ', due {date}',
  },
  de: {
    openedTitle: 'Nacharbeiten eröffnet: {machine}',
    openedMessage: 'Fehlgeschlagene Prüfpunkte an {machine} brauchen Nacharbeit ({count}): {items}.',
    openedByHandMessage: 'Neue Nacharbeit an {machine}: {items}.',
    assignedTitle: 'Nacharbeit für Sie: {machine}',
    assignedMessage: '{actor} hat Ihnen „{item}“ an {machine} zugewiesen{due}.',
    due: ', fällig am {date}',
  },
  bg: {
    openedTitle: 'Открити последващи задачи: {machine}',
    openedMessage: 'Неуспешни проверки на {machine} изискват внимание ({count}): {items}.',
    openedByHandMessage: 'Нова последваща задача за {machine}: {items}.',
    assignedTitle: 'Възложена ви е последваща задача: {machine}',
    assignedMessage: '{actor} ви възложи „{item}“ за {machine}{due}.',
    due: ', срок {date}',
  },
  gr: {
    openedTitle: 'Ανοίχτηκαν εκκρεμότητες: {machine}',
    openedMessage: 'Αποτυχημένοι έλεγχοι στο {machine} χρειάζονται προσοχή ({count}): {items}.',
    openedByHandMessage: 'Νέα εκκρεμότητα στο {machine}: {items}.',
    assignedTitle: 'Σας ανατέθηκε εκκρεμότητα: {machine}',
    assignedMessage: 'Ο/Η {actor} σας ανέθεσε «{item}» στο {machine}{due}.',
    due: ', προθεσμία {date}',
  },
};

/** A follow-up's title as a notification parameter: its labels per language, or one plain title. */
export interface FollowUpTitleParam {
  title: string;
  labels?: Record<string, string> | null;
}

function followUpTitleIn(value: unknown, language: Language): string {
  if (!value || typeof value !== 'object') return text(value);
  const item = value as Partial<FollowUpTitleParam>;
  const own = item.labels?.[language]?.trim();
  return own || text(item.title);
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A `YYYY-MM-DD` day in the reader's language; anything else as it came. */
function day(value: unknown, language: Language): string {
  const raw = text(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? createFormat(language).date(raw) : raw;
}

function number(value: unknown, language: Language, digits = 1): string {
  return createFormat(language).number(count(value), digits);
}

const fill = (template: NotificationTexts, values: Record<string, string | number>): NotificationTexts => ({
  title: fillTemplate(template.title, values).slice(0, 200),
  message: fillTemplate(template.message, values).slice(0, 2000),
});

function isMessageKey(key: string): key is NotificationMessageKey {
  return (NOTIFICATION_MESSAGE_KEYS as readonly string[]).includes(key);
}

/**
 * Title and message of a stored notification in `language`; null for a key this version does not
 * know (the stored text is shown then).
 */
export function renderNotification(
  key: string | null | undefined,
  params: NotificationParams | null | undefined,
  language: Language,
): NotificationTexts | null {
  if (!key || !isMessageKey(key)) return null;
  const p = params ?? {};
  switch (key) {
    case 'report.submitted':
    case 'report.approved':
    case 'report.rejected':
      return fill((REPORT_TEXTS[language] ?? REPORT_TEXTS.en)[key], {
        machine: text(p.machine),
        date: day(p.date, language),
        actor: text(p.actor),
        reason: text(p.reason),
      });
    case 'dispo.published':
    case 'dispo.changed':
    case 'dispo.withdrawn': {
      const message = key.slice('dispo.'.length) as DriverMessage;
      const changes = Array.isArray(p.changes) ? (p.changes as DispoChange[]) : [];
      return fill((DISPO_TEXTS[language] ?? DISPO_TEXTS.en)[message], {
        date: day(p.date, language),
        actor: text(p.actor),
        changes: describeDispoChanges(changes, language),
      });
    }
    case 'logbook.pending':
    case 'logbook.approved': {
      const t = LOGBOOK_TEXTS[language] ?? LOGBOOK_TEXTS.en;
      const values = {
        date: day(p.date, language),
        site: p.site ? ` (${text(p.site)})` : '',
        author: text(p.actor),
        reviewer: text(p.actor),
      };
      return key === 'logbook.pending'
        ? fill({ title: t.pendingTitle, message: t.pendingMessage }, values)
        : fill({ title: t.approvedTitle, message: t.approvedMessage }, values);
    }
    case 'stock.low': {
      const t = STOCK_LOW_TEXTS[language] ?? STOCK_LOW_TEXTS.en;
      return fill(t, { item: text(p.item), quantity: count(p.quantity), minimum: count(p.minimum) });
    }
    case 'stock.lowMany': {
      const t = STOCK_LOW_TEXTS[language] ?? STOCK_LOW_TEXTS.en;
      return fill({ title: t.manyTitle, message: t.manyMessage }, { count: count(p.count) });
    }
    case 'maintenance.due': {
      const t = CHANNEL_TEXTS[language] ?? CHANNEL_TEXTS.en;
      const hoursUntil = count(p.hoursUntil);
      return fill(
        {
          title: p.threshold === 'urgent' ? t.maintenanceUrgentTitle : t.maintenanceSoonTitle,
          message: hoursUntil < 0 ? t.maintenanceOverdueMessage : t.maintenanceDueMessage,
        },
        {
          machine: text(p.machine),
          model: text(p.model),
          serial: text(p.serial),
          hours: number(Math.abs(hoursUntil), language),
        },
      );
    }
    case 'device.silent': {
      const t = DEVICE_SILENT_TEXTS[language] ?? DEVICE_SILENT_TEXTS.en;
      const lastSeen = text(p.lastSeen);
      return fill(t, {
        user: text(p.user) || '?',
        waiting: number(p.waiting, language, 0),
        lastSeen: lastSeen ? createFormat(language).date(lastSeen) : '',
        days: DEVICE_OFFLINE_ALERT_DAYS,
      });
    }
    case 'followup.opened': {
      const t = FOLLOW_UP_TEXTS[language] ?? FOLLOW_UP_TEXTS.en;
      const items = Array.isArray(p.items) ? p.items : [];
      return fill(
        { title: t.openedTitle, message: p.byHand === true ? t.openedByHandMessage : t.openedMessage },
        {
          machine: text(p.machine),
          count: count(p.count) || items.length,
          items: items.map((item) => followUpTitleIn(item, language)).join(', '),
        },
      );
    }
    case 'followup.assigned': {
      const t = FOLLOW_UP_TEXTS[language] ?? FOLLOW_UP_TEXTS.en;
      return fill(
        { title: t.assignedTitle, message: t.assignedMessage },
        {
          machine: text(p.machine),
          item: followUpTitleIn(p.item, language),
          actor: text(p.actor),
          due: p.due ? fillTemplate(t.due, { date: day(p.due, language) }) : '',
        },
      );
    }
    case 'backup.failed': {
      const t = CHANNEL_TEXTS[language] ?? CHANNEL_TEXTS.en;
      return fill(
        { title: t.backupFailedTitle, message: t.backupFailedMessage },
        { appName: text(p.appName), error: text(p.error) },
      );
    }
  }
}
