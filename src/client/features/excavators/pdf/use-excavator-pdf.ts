import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/client/i18n';
import { saveBlob } from '@/client/lib/files/save-blob';
import { useSettings } from '@/client/lib/session/settings-store';
import type { ExcavatorRecord } from '../model';

/** Builds and downloads the machine's PDF on the device (offline too). */
export function useExcavatorPdf() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [busy, setBusy] = useState(false);
  const download = async (excavator: ExcavatorRecord, photoUrl: string | null) => {
    setBusy(true);
    try {
      const { excavatorPdfBlob, excavatorPdfName } = await import('./excavator-pdf');
      const blob = await excavatorPdfBlob({
        excavator,
        language: currentLanguage(),
        appName: settings.app.name,
        photoUrl,
      });
      saveBlob(blob, excavatorPdfName(excavator));
    } catch {
      notifications.show({ color: 'red', message: t('excavators.errors.pdfFailed') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
