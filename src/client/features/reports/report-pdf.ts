import type { Language } from '@/domain/constants';
import { buildReportPdf } from '@/domain/pdf/report';
import type { Report, ReportExcavator } from '@/domain/report';
import { loadPdfFonts } from '@/client/lib/files/pdf-fonts';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

/*
 * Loaded on demand (jsPDF and the fonts are large): the report PDF built in the browser with the shared
 * builder, so it downloads offline too (the fonts are precached by the service worker).
 */

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
    fonts: await loadPdfFonts(),
    language,
    appName,
    generatedAt: new Date(),
    timeZone: currentSiteTimeZone(),
    excavator,
  });
  return new Blob([bytes], { type: 'application/pdf' });
}

export function reportPdfFileName(report: Report, excavatorName: string | null): string {
  const name = (excavatorName ?? 'report').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `maintenance-report-${name || 'report'}-${report.reportDate}.pdf`;
}
