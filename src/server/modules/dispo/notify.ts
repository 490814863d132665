import type { FastifyInstance } from 'fastify';
import type { Language } from '@/domain/constants';
import { describeDispoChanges, type DispoChange } from '@/domain/dispo';
import { formatDate } from '@/domain/pdf';
import type { WriteContext } from '../../plugins/write';

/*
 * Notifications to drivers (issue 12 item 5): publishing tells the linked driver's account
 * ('dispo.published'); a later change tells it what changed, and withdrawing (deleting the assignment or
 * moving it to another driver) tells it too ('dispo.changed'). A driver without an account is told
 * nothing; the person acting is never told about their own step. Texts are in the app's default
 * language (the server has no i18next).
 */

export type DriverMessage = 'published' | 'changed' | 'withdrawn';

interface Texts {
  title: string;
  message: string;
}

/** `{date}`, `{actor}`, `{changes}`. */
export const DISPO_NOTIFICATION_TEXTS: Record<Language, Record<DriverMessage, Texts>> = {
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

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** Stores the notification in the write's transaction and publishes it after the commit. */
export async function notifyDriver(
  app: FastifyInstance,
  w: WriteContext,
  message: DriverMessage,
  assignment: { id: string; date: string },
  driverUserId: string | null | undefined,
  actor: { id: string; name: string },
  changes: readonly DispoChange[] = [],
): Promise<void> {
  if (!driverUserId || driverUserId === actor.id) return;
  const settings = await app.settingsStore.get(w.tx);
  const language = settings.app.defaultLanguage;
  const texts = (DISPO_NOTIFICATION_TEXTS[language] ?? DISPO_NOTIFICATION_TEXTS.en)[message];
  const values = {
    date: formatDate(assignment.date, language),
    actor: actor.name,
    changes: describeDispoChanges(changes, language),
  };
  const pending = await app.notify(
    {
      userIds: [driverUserId],
      type: message === 'published' ? 'dispo.published' : 'dispo.changed',
      title: fill(texts.title, values).slice(0, 200),
      message: fill(texts.message, values).slice(0, 2000),
      link: `/dispo/assignments/${assignment.id}`,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}
