import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { DEFAULT_SITE_TIME_ZONE, type Language } from '../constants';
import { textDigest } from '../digest';
import { createFormat } from '../format';
import { PDF_FONT_FAMILY, registerFonts, type PdfFonts } from './fonts';
import { pdfCommonLabels } from './labels';

/** An image placed into a PDF: a data URL, or raw bytes with their type. */
export interface PdfImage {
  data: string | Uint8Array;
  type: 'JPEG' | 'PNG' | 'WEBP';
}

export interface PdfDocumentOptions {
  fonts: PdfFonts;
  language: Language;
  appName: string;
  title: string;
  /** Shown in the footer; injected so tests and both runtimes agree. */
  generatedAt: Date;
  /** The site's zone every time on the document is shown in; Europe/Berlin when not given. */
  timeZone?: string;
}

const MARGIN = 16;
const ACCENT: [number, number, number] = [25, 93, 155];
const MUTED: [number, number, number] = [90, 98, 110];

/**
 * A small layout helper over jsPDF shared by every FleetPilot document (excavator, report, logbook):
 * header, sections, key-value tables, tables, images, signatures, page numbers. It runs unchanged in the
 * browser (offline download) and on the server (/pdf endpoints).
 */
export class PdfDocument {
  readonly doc: jsPDF;
  private y: number;
  readonly width: number;
  readonly height: number;

  constructor(private readonly options: PdfDocumentOptions) {
    this.doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
    registerFonts(this.doc, options.fonts);
    this.doc.setProperties({ title: options.title, creator: options.appName });
    // jsPDF stamps the current time and a random file id by default; taken from the inputs instead, the
    // same record and time give the same bytes (a restored backup can be checked against the original).
    this.doc.setCreationDate(options.generatedAt);
    this.doc.setFileId(textDigest(`${options.title}\n${options.generatedAt.toISOString()}`));
    this.width = this.doc.internal.pageSize.getWidth();
    this.height = this.doc.internal.pageSize.getHeight();
    this.y = MARGIN;
    this.header();
  }

  get cursor(): number {
    return this.y;
  }

  private header(): void {
    const { doc } = this;
    doc.setFont(PDF_FONT_FAMILY, 'bold');
    doc.setFontSize(10);
    doc.setTextColor(...ACCENT);
    doc.text(this.options.appName, MARGIN, this.y);
    this.y += 9;
    doc.setFontSize(17);
    doc.setTextColor(20, 24, 30);
    const lines = doc.splitTextToSize(this.options.title, this.width - 2 * MARGIN) as string[];
    doc.text(lines, MARGIN, this.y);
    this.y += lines.length * 7 + 1;
    doc.setDrawColor(...ACCENT);
    doc.setLineWidth(0.6);
    doc.line(MARGIN, this.y, this.width - MARGIN, this.y);
    this.y += 6;
    doc.setFont(PDF_FONT_FAMILY, 'normal');
  }

  /** Starts a new page when fewer than `needed` millimetres are left. */
  ensureSpace(needed: number): void {
    if (this.y + needed > this.height - MARGIN - 8) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }

  section(title: string): void {
    this.ensureSpace(14);
    const { doc } = this;
    doc.setFont(PDF_FONT_FAMILY, 'bold');
    doc.setFontSize(12);
    doc.setTextColor(...ACCENT);
    doc.text(title, MARGIN, this.y);
    this.y += 6;
    doc.setFont(PDF_FONT_FAMILY, 'normal');
    doc.setTextColor(20, 24, 30);
  }

  paragraph(text: string): void {
    const { doc } = this;
    doc.setFontSize(10);
    const lines = doc.splitTextToSize(text, this.width - 2 * MARGIN) as string[];
    for (const line of lines) {
      this.ensureSpace(6);
      doc.text(line, MARGIN, this.y);
      this.y += 5;
    }
    this.y += 2;
  }

  /** A warning that must not be overlooked: bold, red, in a tinted box across the page. */
  notice(text: string): void {
    const { doc } = this;
    doc.setFont(PDF_FONT_FAMILY, 'bold');
    doc.setFontSize(11);
    const lines = doc.splitTextToSize(text, this.width - 2 * MARGIN - 8) as string[];
    const height = lines.length * 5 + 6;
    this.ensureSpace(height + 4);
    doc.setFillColor(253, 236, 234);
    doc.setDrawColor(201, 42, 42);
    doc.rect(MARGIN, this.y - 4, this.width - 2 * MARGIN, height, 'FD');
    doc.setTextColor(201, 42, 42);
    let y = this.y + 1.5;
    for (const line of lines) {
      doc.text(line, MARGIN + 4, y);
      y += 5;
    }
    this.y += height + 4;
    doc.setFont(PDF_FONT_FAMILY, 'normal');
    doc.setTextColor(20, 24, 30);
  }

  /** Label → value rows; empty values print as "–". */
  keyValues(rows: ReadonlyArray<readonly [label: string, value: string | number | null | undefined]>): void {
    this.table(
      [],
      rows.map(([label, value]) => [
        label,
        value === null || value === undefined || value === '' ? '–' : String(value),
      ]),
      { firstColumnBold: true },
    );
  }

  table(
    head: string[],
    body: string[][],
    opts: {
      firstColumnBold?: boolean;
      columnStyles?: Record<number, { cellWidth?: number; halign?: 'left' | 'right' | 'center' }>;
    } = {},
  ): void {
    autoTable(this.doc, {
      startY: this.y,
      head: head.length ? [head] : undefined,
      body,
      margin: { left: MARGIN, right: MARGIN },
      styles: {
        font: PDF_FONT_FAMILY,
        fontSize: 9.5,
        cellPadding: 1.8,
        textColor: [20, 24, 30],
        overflow: 'linebreak',
      },
      headStyles: { font: PDF_FONT_FAMILY, fontStyle: 'bold', fillColor: ACCENT, textColor: 255 },
      alternateRowStyles: { fillColor: [244, 246, 249] },
      columnStyles: {
        ...(opts.firstColumnBold ? { 0: { fontStyle: 'bold', cellWidth: 62 } } : {}),
        ...opts.columnStyles,
      },
      theme: 'grid',
    });
    const last = (this.doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable;
    this.y = (last?.finalY ?? this.y) + 6;
  }

  /** Places an image scaled into a box of at most maxWidth × maxHeight millimetres. */
  image(image: PdfImage, maxWidth: number, maxHeight: number, x: number = MARGIN): void {
    const props = this.doc.getImageProperties(image.data);
    const scale = Math.min(maxWidth / props.width, maxHeight / props.height);
    const w = props.width * scale;
    const h = props.height * scale;
    this.ensureSpace(h + 4);
    this.doc.addImage(image.data, image.type, x, this.y, w, h);
    this.y += h + 4;
  }

  /** Side-by-side signature boxes with a caption under each; a missing signature leaves the box empty. */
  signatures(items: ReadonlyArray<{ label: string; image: PdfImage | null; caption?: string }>): void {
    const boxHeight = 30;
    this.ensureSpace(boxHeight + 14);
    const gap = 8;
    const boxWidth = (this.width - 2 * MARGIN - gap * (items.length - 1)) / Math.max(items.length, 1);
    const top = this.y;
    items.forEach((item, i) => {
      const x = MARGIN + i * (boxWidth + gap);
      this.doc.setDrawColor(180, 186, 194);
      this.doc.setLineWidth(0.3);
      this.doc.rect(x, top, boxWidth, boxHeight);
      if (item.image) {
        const props = this.doc.getImageProperties(item.image.data);
        const scale = Math.min((boxWidth - 4) / props.width, (boxHeight - 4) / props.height);
        this.doc.addImage(
          item.image.data,
          item.image.type,
          x + 2,
          top + 2,
          props.width * scale,
          props.height * scale,
        );
      }
      this.doc.setFontSize(9);
      this.doc.setTextColor(...MUTED);
      this.doc.text(item.label + (item.caption ? ` — ${item.caption}` : ''), x, top + boxHeight + 5);
    });
    this.doc.setTextColor(20, 24, 30);
    this.y = top + boxHeight + 12;
  }

  /** Adds page footers and returns the PDF bytes. */
  finish(): ArrayBuffer {
    const labels = pdfCommonLabels[this.options.language];
    const pages = this.doc.getNumberOfPages();
    const generated = `${labels.generated}: ${formatDateTime(this.options.generatedAt, this.options.language, this.options.timeZone)}`;
    for (let page = 1; page <= pages; page++) {
      this.doc.setPage(page);
      this.doc.setFont(PDF_FONT_FAMILY, 'normal');
      this.doc.setFontSize(8);
      this.doc.setTextColor(...MUTED);
      this.doc.text(generated, MARGIN, this.height - 8);
      const pageText = labels.page.replace('{{page}}', String(page)).replace('{{pages}}', String(pages));
      this.doc.text(pageText, this.width - MARGIN, this.height - 8, { align: 'right' });
    }
    return this.doc.output('arraybuffer');
  }
}

/**
 * A timestamp on a document: in the site's zone and naming it ("26.11.2026, 19:33 MEZ"), since a PDF
 * outlives the device that made it and is read where nobody knows which zone that was.
 */
export function formatDateTime(
  date: Date,
  language: Language,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): string {
  return createFormat(language, { timeZone }).dateTimeZoned(date);
}

/** A `YYYY-MM-DD` date in the document's language; other input is returned as given. */
export function formatDate(value: string | null | undefined, language: Language): string {
  if (!value) return '–';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return day ? createFormat(language).date(day[0]) : value;
}
