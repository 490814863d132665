import type { Language } from '../constants';

/*
 * One vocabulary of record states, so a report reads "Draft" in the list, on the dashboard, in
 * analytics and on its PDF alike. The client speaks these words through i18next (`status.*`, kept equal
 * to this table by a test); the PDFs, which have no i18next, read the table directly.
 */
export const STATUS_WORDS = [
  'unsigned',
  'signed',
  'pending',
  'approved',
  'rejected',
  'draft',
  'published',
] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

export const STATUS_VOCABULARY: Record<Language, Record<StatusWord, string>> = {
  en: {
    unsigned: 'Draft',
    signed: 'Signed',
    pending: 'Pending approval',
    approved: 'Approved',
    rejected: 'Rejected',
    draft: 'Draft',
    published: 'Published',
  },
  de: {
    unsigned: 'Entwurf',
    signed: 'Unterschrieben',
    pending: 'Wartet auf Freigabe',
    approved: 'Freigegeben',
    rejected: 'Abgelehnt',
    draft: 'Entwurf',
    published: 'Veröffentlicht',
  },
  bg: {
    unsigned: 'Чернова',
    signed: 'Подписан',
    pending: 'Очаква одобрение',
    approved: 'Одобрен',
    rejected: 'Отхвърлен',
    draft: 'Чернова',
    published: 'Публикуван',
  },
  gr: {
    unsigned: 'Πρόχειρο',
    signed: 'Υπογράφηκε',
    pending: 'Σε αναμονή έγκρισης',
    approved: 'Εγκρίθηκε',
    rejected: 'Απορρίφθηκε',
    draft: 'Πρόχειρο',
    published: 'Δημοσιεύτηκε',
  },
};

/** The i18next key of a state's word. */
export const statusKey = (status: StatusWord) => `status.${status}` as const;
