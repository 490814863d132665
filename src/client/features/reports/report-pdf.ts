import type { Language } from '@/domain/constants';
import { bytesToBase64, PDF_FONT_FILES, type PdfFonts } from '@/domain/pdf/fonts';
import { buildReportPdf } from '@/domain/pdf/report';
import type { Report, ReportExcavator } from '@/domain/report';

/*
 * Loaded on demand (jsPDF and the fonts are large): the report PDF built in the browser with the shared
 * builder, so it downloads offline too (the fonts are precached by the service worker).
 */

let fonts: Promise<PdfFonts> | null = null;

async function fontFile(name: string): Promise<string> {
  const response = await fetch(`/fonts/${name}`);
  if (!response.ok) throw new Error(`Font ${name} could not be loaded (${response.status})`);
  return bytesToBase64(new Uint8Array(await response.arrayBuffer()));
}

function loadFonts(): Promise<PdfFonts> {
  fonts ??= Promise.all([fontFile(PDF_FONT_FILES.regular), fontFile(PDF_FONT_FILES.bold)])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      fonts = null;
      throw error;
    });
  return fonts;
}

export interface ReportPdfRequest {
  report: Report;
  language: Language;
  appName: string;
  excavator: Pick<ReportExcavator, 'name' | 'model' | 'serialNumber'> | null;
}

/** The PDF as a Blob; throws ReportPdfSignaturesError when a signature is missing. */
export async function reportPdfBlob({
  report,
  language,
  appName,
  excavator,
}: ReportPdfRequest): Promise<Blob> {
  const bytes = buildReportPdf(report, {
    fonts: await loadFonts(),
    language,
    appName,
    generatedAt: new Date(),
    excavator,
  });
  return new Blob([bytes], { type: 'application/pdf' });
}

export function reportPdfFileName(report: Report, excavatorName: string | null): string {
  const name = (excavatorName ?? 'report').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `maintenance-report-${name || 'report'}-${report.reportDate}.pdf`;
}
