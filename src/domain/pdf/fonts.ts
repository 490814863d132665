import type { jsPDF } from 'jspdf';

/**
 * The embedded Unicode font (DejaVu Sans, public/fonts) as base64 TTF data. jsPDF's standard fonts cover
 * only Latin-1, so umlauts pass but Cyrillic and Greek would not: every document embeds this one.
 * The browser loads the files from /fonts (precached), the server reads them from public/fonts.
 */
export interface PdfFonts {
  regular: string;
  bold: string;
}

export const PDF_FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
export const PDF_FONT_FAMILY = 'DejaVuSans';

export function registerFonts(doc: jsPDF, fonts: PdfFonts): void {
  doc.addFileToVFS(PDF_FONT_FILES.regular, fonts.regular);
  doc.addFont(PDF_FONT_FILES.regular, PDF_FONT_FAMILY, 'normal');
  doc.addFileToVFS(PDF_FONT_FILES.bold, fonts.bold);
  doc.addFont(PDF_FONT_FILES.bold, PDF_FONT_FAMILY, 'bold');
  doc.setFont(PDF_FONT_FAMILY, 'normal');
}

/** Base64 of bytes without Node's Buffer, so the same code runs in the browser. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
