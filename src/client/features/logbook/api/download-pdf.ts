import type { Language } from '@/domain/constants';
import type { LogbookEntry } from '@/domain/logbook';

let fontsPromise: Promise<{ regular: string; bold: string }> | null = null;

async function fetchFont(file: string, toBase64: (bytes: Uint8Array) => string): Promise<string> {
  // The fonts are precached by the service worker, so this works offline after one visit.
  const response = await fetch(`/fonts/${file}`);
  if (!response.ok) throw new Error(`Font ${file}: HTTP ${response.status}`);
  return toBase64(new Uint8Array(await response.arrayBuffer()));
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
  const [{ buildLogbookPdf }, { bytesToBase64, PDF_FONT_FILES }] = await Promise.all([
    import('@/domain/pdf/logbook'),
    import('@/domain/pdf/fonts'),
  ]);
  fontsPromise ??= Promise.all([
    fetchFont(PDF_FONT_FILES.regular, bytesToBase64),
    fetchFont(PDF_FONT_FILES.bold, bytesToBase64),
  ]).then(([regular, bold]) => ({ regular, bold }));
  let fonts: { regular: string; bold: string };
  try {
    fonts = await fontsPromise;
  } catch (error) {
    fontsPromise = null;
    throw error;
  }
  const bytes = buildLogbookPdf(entry, {
    fonts,
    language: options.language,
    appName: options.appName,
    generatedAt: new Date(),
  });
  saveBlob(new Blob([bytes], { type: 'application/pdf' }), logbookPdfFileName(entry));
}
