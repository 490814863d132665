export { PdfDocument, formatDate, formatDateTime, type PdfDocumentOptions, type PdfImage } from './document';
export { PDF_FONT_FAMILY, PDF_FONT_FILES, bytesToBase64, registerFonts, type PdfFonts } from './fonts';
export { pdfCommonLabels } from './labels';
export {
  buildExcavatorPdf,
  excavatorPdfLabels,
  excavatorPdfName,
  type ExcavatorPdfOptions,
} from './excavator';
export {
  buildReportPdf,
  missingReportSignatures,
  REPORT_PDF_SIGNATURES_MESSAGE,
  ReportPdfSignaturesError,
  reportPdfLabels,
  type ReportPdfOptions,
  type ReportSignatureRole,
} from './report';
export { buildLogbookPdf, logbookPdfLabels, type LogbookPdfOptions } from './logbook';
export { assignmentPdfLabels, buildAssignmentPdf, type AssignmentPdfOptions } from './dispo';
