import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@/domain/permissions';
import { missingReportSignatures } from '@/domain/pdf/report';
import type { User } from '@/domain/user';
import { currentLanguage } from '@/client/i18n';
import { useSettings } from '@/client/lib/session/settings-store';
import { saveBlob } from '@/client/lib/files/save-blob';
import type { ReportRecord } from './model';

export type PdfExcavator = { name: string; model: string; serialNumber: string } | null;

/** Why the PDF cannot be made now (translated), or null when it can. */
export function pdfBlocker(report: ReportRecord, me: User | null, t: (key: string) => string): string | null {
  if (!can(me, 'report:read')) return t('reports.pdf.forbidden');
  const missing = missingReportSignatures(report);
  if (missing.length === 2) return t('reports.pdf.missingBoth');
  if (missing[0] === 'operator') return t('reports.pdf.missingOperator');
  if (missing[0] === 'manager') return t('reports.pdf.missingManager');
  return null;
}

/** Builds the report PDF in the browser (lazy-loaded builder) and downloads it. */
export function useReportPdf(me: User) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [busy, setBusy] = useState(false);

  const download = async (report: ReportRecord, excavator: PdfExcavator) => {
    const blocker = pdfBlocker(report, me, t);
    if (blocker) {
      notifications.show({ color: 'red', message: blocker });
      return;
    }
    setBusy(true);
    try {
      const { reportPdfBlob, reportPdfFileName } = await import('./report-pdf');
      const blob = await reportPdfBlob({
        report,
        language: currentLanguage(),
        appName: settings.app.name,
        excavator,
      });
      saveBlob(blob, reportPdfFileName(report, excavator?.name ?? null));
    } catch (error) {
      console.error('Report PDF failed', error);
      notifications.show({ color: 'red', message: t('reports.pdf.failed') });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
