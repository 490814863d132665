import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/domain/constants';
import type { Assignment } from '@/domain/dispo/assignments';
import { currentLanguage } from '@/client/i18n';
import { saveBlob } from '@/client/lib/files/save-blob';
import { useSettings } from '@/client/lib/session/settings-store';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

/**
 * The driver sheet built in the browser with the shared builder (src/domain/pdf/dispo.ts, loaded on
 * demand) — the same document GET /api/containers/assignments/{id}/pdf makes, offline too.
 */
export async function buildDriverSheet(
  assignment: Assignment,
  options: { language: Language; appName: string },
): Promise<Blob> {
  const [{ buildAssignmentPdf }, { loadPdfFonts }] = await Promise.all([
    import('@/domain/pdf/dispo'),
    import('@/client/lib/files/pdf-fonts'),
  ]);
  const fonts = await loadPdfFonts();
  const bytes = buildAssignmentPdf(assignment, {
    ...options,
    fonts,
    generatedAt: new Date(),
    timeZone: currentSiteTimeZone(),
  });
  return new Blob([bytes], { type: 'application/pdf' });
}

export function driverSheetFileName(assignment: Pick<Assignment, 'date'>): string {
  return `driver-sheet-${assignment.date}.pdf`;
}

/** Downloads the driver sheet in the UI language, built on the device (works without signal). */
export function usePdfDownload() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [busy, setBusy] = useState(false);
  const download = async (assignment: Assignment) => {
    setBusy(true);
    try {
      const blob = await buildDriverSheet(assignment, {
        language: currentLanguage(),
        appName: settings.app.name,
      });
      saveBlob(blob, driverSheetFileName(assignment));
    } catch (error) {
      console.error('Driver sheet PDF failed', error);
      notifications.show({ color: 'red', message: t('dispo.errors.pdfFailed') });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
