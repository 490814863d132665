import type { Language } from '@/domain/constants';
import type { LogbookEntry } from '@/domain/logbook';
import { saveBlob } from '@/client/lib/files/save-blob';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

export function logbookPdfFileName(entry: Pick<LogbookEntry, 'date' | 'site'>): string {
  const site = (entry.site ?? '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `betriebstagebuch-${entry.date}${site ? `-${site}` : ''}.pdf`;
}

/**
 * Builds the entry's PDF in the browser with the shared builder (src/domain/pdf, loaded on demand)
 * and downloads it — the same document the server makes, offline too.
 */
export async function downloadLogbookPdf(
  entry: LogbookEntry,
  options: { language: Language; appName: string },
): Promise<void> {
  const [{ buildLogbookPdf }, { loadPdfFonts }] = await Promise.all([
    import('@/domain/pdf/logbook'),
    import('@/client/lib/files/pdf-fonts'),
  ]);
  const fonts = await loadPdfFonts();
  const bytes = buildLogbookPdf(entry, {
    fonts,
    language: options.language,
    appName: options.appName,
    generatedAt: new Date(),
    timeZone: currentSiteTimeZone(),
  });
  saveBlob(new Blob([bytes], { type: 'application/pdf' }), logbookPdfFileName(entry));
}
