import fs from 'node:fs/promises';
import path from 'node:path';
import { PDF_FONT_FILES, type PdfFonts } from '@/domain/pdf/fonts';

let cached: Promise<PdfFonts> | null = null;

/** The embedded PDF fonts read once from public/fonts (the same files the PWA serves at /fonts). */
export function loadPdfFonts(publicDir: string = path.resolve('public')): Promise<PdfFonts> {
  cached ??= (async () => {
    const read = (file: string) =>
      fs.readFile(path.join(publicDir, 'fonts', file)).then((b) => b.toString('base64'));
    return { regular: await read(PDF_FONT_FILES.regular), bold: await read(PDF_FONT_FILES.bold) };
  })();
  return cached;
}

/**
 * The PDF builders with jsPDF, loaded by the first PDF a server makes: most requests make none, and
 * jsPDF would be a large part of every start.
 */
export const loadPdfBuilders = () => import('@/domain/pdf');
