import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo';
import { currentLanguage } from '@/client/i18n';
import { downloadAssignmentPdf } from './api/assignments';
import { dispoErrorMessage } from './api/errors';

/** Downloads the driver sheet (server-built PDF, the shared jsPDF builder) in the UI language. */
export function usePdfDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async (assignment: Assignment) => {
    setBusy(true);
    try {
      const blob = await downloadAssignmentPdf(assignment.id, currentLanguage());
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `driver-sheet-${assignment.date}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notifications.show({ color: 'red', message: dispoErrorMessage(error, t, t('dispo.errors.pdfFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
