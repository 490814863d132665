import type { Language } from '@/domain/constants';

/** Notification texts the server writes in the app's default language. `{placeholders}`: author, reviewer, date, site. */
export interface LogbookNotificationTexts {
  pendingTitle: string;
  pendingMessage: string;
  approvedTitle: string;
  approvedMessage: string;
}

export const LOGBOOK_NOTIFICATION_TEXTS: Record<Language, LogbookNotificationTexts> = {
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
