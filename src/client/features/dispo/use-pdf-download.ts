import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/domain/constants';
import type { Assignment } from '@/domain/dispo';
import type { PdfFonts } from '@/domain/pdf/fonts';
import { currentLanguage } from '@/client/i18n';
import { useSettings } from '@/client/shell/session/settings-store';

let fontsPromise: Promise<PdfFonts> | null = null;

async function fetchFont(file: string, toBase64: (bytes: Uint8Array) => string): Promise<string> {
  // The fonts are precached by the service worker: this works offline after one visit.
  const response = await fetch(`/fonts/${file}`);
  if (!response.ok) throw new Error(`Font ${file}: HTTP ${response.status}`);
  return toBase64(new Uint8Array(await response.arrayBuffer()));
}

/**
 * The driver sheet built in the browser with the shared builder (src/domain/pdf/dispo.ts, loaded on
 * demand) — the same document GET /api/containers/assignments/{id}/pdf makes, offline too.
 */
export async function buildDriverSheet(
  assignment: Assignment,
  options: { language: Language; appName: string },
): Promise<Blob> {
  const [{ buildAssignmentPdf }, { bytesToBase64, PDF_FONT_FILES }] = await Promise.all([
    import('@/domain/pdf/dispo'),
    import('@/domain/pdf/fonts'),
  ]);
  fontsPromise ??= Promise.all([
    fetchFont(PDF_FONT_FILES.regular, bytesToBase64),
    fetchFont(PDF_FONT_FILES.bold, bytesToBase64),
  ]).then(([regular, bold]) => ({ regular, bold }));
  let fonts: PdfFonts;
  try {
    fonts = await fontsPromise;
  } catch (error) {
    fontsPromise = null;
    throw error;
  }
  const bytes = buildAssignmentPdf(assignment, { ...options, fonts, generatedAt: new Date() });
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
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = driverSheetFileName(assignment);
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error('Driver sheet PDF failed', error);
      notifications.show({ color: 'red', message: t('dispo.errors.pdfFailed') });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
