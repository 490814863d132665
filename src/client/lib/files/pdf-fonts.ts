import { bytesToBase64, PDF_FONT_FILES, type PdfFonts } from '@/domain/pdf/fonts';

/*
 * The fonts of every PDF built in the browser (excavators, reports, operations log, driver sheets).
 * Import this lazily, with the PDF builder: the fonts are large. They come from /fonts, precached by
 * the service worker, so PDFs are made offline too after one visit.
 */

let fonts: Promise<PdfFonts> | null = null;

async function fontFile(name: string): Promise<string> {
  const response = await fetch(`/fonts/${name}`);
  if (!response.ok) throw new Error(`Font ${name} could not be loaded (HTTP ${response.status})`);
  return bytesToBase64(new Uint8Array(await response.arrayBuffer()));
}

/** Both fonts as base64, loaded once; a failed load is tried again next time. */
export function loadPdfFonts(): Promise<PdfFonts> {
  fonts ??= Promise.all([fontFile(PDF_FONT_FILES.regular), fontFile(PDF_FONT_FILES.bold)])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      fonts = null;
      throw error;
    });
  return fonts;
}
