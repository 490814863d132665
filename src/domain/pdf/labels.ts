import type { Language } from '../constants';

/**
 * Texts printed in PDFs. They live in the domain because the same builders run on the server, which
 * has no i18next instance of the client; each document module adds its own block, in all four languages.
 */
export const pdfCommonLabels: Record<Language, { generated: string; page: string; yes: string; no: string }> =
  {
    en: { generated: 'Generated', page: 'Page {{page}} of {{pages}}', yes: 'Yes', no: 'No' },
    de: { generated: 'Erstellt', page: 'Seite {{page}} von {{pages}}', yes: 'Ja', no: 'Nein' },
    bg: { generated: 'Създаден', page: 'Страница {{page}} от {{pages}}', yes: 'Да', no: 'Не' },
    gr: { generated: 'Δημιουργήθηκε', page: 'Σελίδα {{page}} από {{pages}}', yes: 'Ναι', no: 'Όχι' },
  };
