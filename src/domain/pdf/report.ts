import { checklistLabel } from '../checklist';
import type { Language } from '../constants';
import { createFormat, STATUS_VOCABULARY } from '../format';
import { checklistSummary, type ChecklistState, type Report, type ReportExcavator } from '../report';
import { formatDate, formatDateTime, PdfDocument } from './document';
import type { PdfFonts } from './fonts';

/*
 * The maintenance report PDF, built the same way in the browser (offline download and
 * print) and on the server (GET /api/reports/{id}/pdf). A report PDF needs both signatures:
 * without them `buildReportPdf` throws ReportPdfSignaturesError, which both sides turn into the same
 * message.
 */

export const REPORT_PDF_SIGNATURES_MESSAGE = 'A report PDF requires both operator and manager signatures';

export type ReportSignatureRole = 'operator' | 'manager';

/** Thrown when a report lacks a signature; `missing` names which. */
export class ReportPdfSignaturesError extends Error {
  readonly code = 'REPORT_SIGNATURES_MISSING';
  constructor(readonly missing: ReportSignatureRole[]) {
    super(REPORT_PDF_SIGNATURES_MESSAGE);
    this.name = 'ReportPdfSignaturesError';
  }
}

/** The signatures a report still lacks for its PDF (empty: it can be printed). */
export function missingReportSignatures(
  report: Pick<Report, 'operatorSignature' | 'managerSignature'>,
): ReportSignatureRole[] {
  return [
    ...(report.operatorSignature ? [] : (['operator'] as const)),
    ...(report.managerSignature ? [] : (['manager'] as const)),
  ];
}

type FieldKey =
  | 'reportDate'
  | 'status'
  | 'excavator'
  | 'model'
  | 'serialNumber'
  | 'operatorName'
  | 'managerName'
  | 'createdBy'
  | 'operatingHours'
  | 'fuelLevel'
  | 'hoursUntilNextMaintenance'
  | 'serviceDate'
  | 'uvvInspectionDate'
  | 'submittedAt'
  | 'approvedBy'
  | 'approvedAt'
  | 'rejectedBy'
  | 'rejectedAt'
  | 'rejectionReason'
  | 'item'
  | 'result'
  | 'note'
  | 'operatorSignature'
  | 'managerSignature';

interface ReportPdfLabels {
  title: string;
  general: string;
  operating: string;
  description: string;
  checklist: string;
  notes: string;
  approval: string;
  rejection: string;
  signatures: string;
  /** `{{ok}}`, `{{notOk}}`, `{{na}}`, `{{open}}`. */
  summary: string;
  /** `{{open}}` of `{{total}}`: printed at the top when items were left unchecked. */
  unchecked: string;
  fields: Record<FieldKey, string>;
  states: Record<ChecklistState | 'open', string>;
}

export const reportPdfLabels: Record<Language, ReportPdfLabels> = {
  en: {
    title: 'Maintenance report',
    general: 'General',
    operating: 'Operating data',
    description: 'Description',
    checklist: 'Inspection checklist',
    notes: 'Notes',
    approval: 'Approval',
    rejection: 'Rejection',
    signatures: 'Signatures',
    unchecked: '{{open}} of {{total}} checklist items were not checked',
    summary: '✓ {{ok}} OK · ✗ {{notOk}} not OK · – {{na}} n/a · {{open}} not checked',
    fields: {
      reportDate: 'Report date',
      status: 'Status',
      excavator: 'Excavator',
      model: 'Model',
      serialNumber: 'Serial number',
      operatorName: 'Operator',
      managerName: 'Manager',
      createdBy: 'Created by',
      operatingHours: 'Operating hours',
      fuelLevel: 'Fuel level',
      hoursUntilNextMaintenance: 'Hours until next maintenance',
      serviceDate: 'Service date',
      uvvInspectionDate: 'UVV inspection date',
      submittedAt: 'Submitted',
      approvedBy: 'Approved by',
      approvedAt: 'Approved on',
      rejectedBy: 'Rejected by',
      rejectedAt: 'Rejected on',
      rejectionReason: 'Reason',
      item: 'Item',
      result: 'Result',
      note: 'Note',
      operatorSignature: 'Operator signature',
      managerSignature: 'Manager signature',
    },
    states: { ok: '✓ OK', not_ok: '✗ Not OK', na: '– N/A', open: 'Not checked' },
  },
  de: {
    title: 'Wartungsbericht',
    general: 'Allgemein',
    operating: 'Betriebsdaten',
    description: 'Beschreibung',
    checklist: 'Prüfliste',
    notes: 'Notizen',
    approval: 'Freigabe',
    rejection: 'Ablehnung',
    signatures: 'Unterschriften',
    unchecked: '{{open}} von {{total}} Prüfpunkten wurden nicht geprüft',
    summary: '✓ {{ok}} in Ordnung · ✗ {{notOk}} mangelhaft · – {{na}} entfällt · {{open}} nicht geprüft',
    fields: {
      reportDate: 'Berichtsdatum',
      status: 'Status',
      excavator: 'Bagger',
      model: 'Modell',
      serialNumber: 'Seriennummer',
      operatorName: 'Maschinenführer',
      managerName: 'Betriebsleiter',
      createdBy: 'Erstellt von',
      operatingHours: 'Betriebsstunden',
      fuelLevel: 'Kraftstoffstand',
      hoursUntilNextMaintenance: 'Stunden bis zur nächsten Wartung',
      serviceDate: 'Servicedatum',
      uvvInspectionDate: 'UVV-Prüfung',
      submittedAt: 'Eingereicht',
      approvedBy: 'Freigegeben von',
      approvedAt: 'Freigegeben am',
      rejectedBy: 'Abgelehnt von',
      rejectedAt: 'Abgelehnt am',
      rejectionReason: 'Begründung',
      item: 'Prüfpunkt',
      result: 'Ergebnis',
      note: 'Bemerkung',
      operatorSignature: 'Unterschrift Maschinenführer',
      managerSignature: 'Unterschrift Betriebsleiter',
    },
    states: { ok: '✓ In Ordnung', not_ok: '✗ Mangelhaft', na: '– Entfällt', open: 'Nicht geprüft' },
  },
  bg: {
    title: 'Доклад за поддръжка',
    general: 'Общи данни',
    operating: 'Експлоатационни данни',
    description: 'Описание',
    checklist: 'Контролен списък',
    notes: 'Бележки',
    approval: 'Одобрение',
    rejection: 'Отхвърляне',
    signatures: 'Подписи',
    unchecked: '{{open}} от {{total}} точки от контролния списък не са проверени',
    summary: '✓ {{ok}} изправни · ✗ {{notOk}} неизправни · – {{na}} неприложими · {{open}} непроверени',
    fields: {
      reportDate: 'Дата на доклада',
      status: 'Статус',
      excavator: 'Багер',
      model: 'Модел',
      serialNumber: 'Сериен номер',
      operatorName: 'Оператор',
      managerName: 'Ръководител',
      createdBy: 'Създаден от',
      operatingHours: 'Моточасове',
      fuelLevel: 'Ниво на горивото',
      hoursUntilNextMaintenance: 'Часове до следващата поддръжка',
      serviceDate: 'Дата на обслужване',
      uvvInspectionDate: 'Дата на проверка по UVV',
      submittedAt: 'Подаден',
      approvedBy: 'Одобрен от',
      approvedAt: 'Одобрен на',
      rejectedBy: 'Отхвърлен от',
      rejectedAt: 'Отхвърлен на',
      rejectionReason: 'Причина',
      item: 'Точка',
      result: 'Резултат',
      note: 'Бележка',
      operatorSignature: 'Подпис на оператора',
      managerSignature: 'Подпис на ръководителя',
    },
    states: { ok: '✓ Изправно', not_ok: '✗ Неизправно', na: '– Неприложимо', open: 'Непроверено' },
  },
  gr: {
    title: 'Αναφορά συντήρησης',
    general: 'Γενικά στοιχεία',
    operating: 'Λειτουργικά στοιχεία',
    description: 'Περιγραφή',
    checklist: 'Λίστα ελέγχου',
    notes: 'Σημειώσεις',
    approval: 'Έγκριση',
    rejection: 'Απόρριψη',
    signatures: 'Υπογραφές',
    unchecked: '{{open}} από {{total}} σημεία ελέγχου δεν ελέγχθηκαν',
    summary: '✓ {{ok}} εντάξει · ✗ {{notOk}} μη εντάξει · – {{na}} δεν ισχύει · {{open}} δεν ελέγχθηκαν',
    fields: {
      reportDate: 'Ημερομηνία αναφοράς',
      status: 'Κατάσταση',
      excavator: 'Εκσκαφέας',
      model: 'Μοντέλο',
      serialNumber: 'Σειριακός αριθμός',
      operatorName: 'Χειριστής',
      managerName: 'Υπεύθυνος',
      createdBy: 'Δημιουργήθηκε από',
      operatingHours: 'Ώρες λειτουργίας',
      fuelLevel: 'Στάθμη καυσίμου',
      hoursUntilNextMaintenance: 'Ώρες έως την επόμενη συντήρηση',
      serviceDate: 'Ημερομηνία σέρβις',
      uvvInspectionDate: 'Ημερομηνία ελέγχου UVV',
      submittedAt: 'Υποβλήθηκε',
      approvedBy: 'Εγκρίθηκε από',
      approvedAt: 'Ημερομηνία έγκρισης',
      rejectedBy: 'Απορρίφθηκε από',
      rejectedAt: 'Ημερομηνία απόρριψης',
      rejectionReason: 'Αιτιολογία',
      item: 'Σημείο ελέγχου',
      result: 'Αποτέλεσμα',
      note: 'Σημείωση',
      operatorSignature: 'Υπογραφή χειριστή',
      managerSignature: 'Υπογραφή υπευθύνου',
    },
    states: { ok: '✓ Εντάξει', not_ok: '✗ Μη εντάξει', na: '– Δεν ισχύει', open: 'Δεν ελέγχθηκε' },
  },
};

export interface ReportPdfOptions {
  fonts: PdfFonts;
  language: Language;
  appName: string;
  generatedAt: Date;
  /** The site's zone for every time on the document (see PdfDocumentOptions). */
  timeZone?: string;
  /** The machine when the report does not carry it (a report created offline and not yet synced). */
  excavator?: Pick<ReportExcavator, 'name' | 'model' | 'serialNumber'> | null;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    values[key] !== undefined ? String(values[key]) : whole,
  );

/**
 * The report PDF: general and operating data, description, checklist results by category with ✓ / ✗
 * marks and notes, notes, approval or rejection, and both signatures as images. Throws
 * ReportPdfSignaturesError when a signature is missing.
 */
export function buildReportPdf(report: Report, options: ReportPdfOptions): ArrayBuffer {
  const missing = missingReportSignatures(report);
  if (missing.length > 0) throw new ReportPdfSignaturesError(missing);

  const { language } = options;
  const l = reportPdfLabels[language];
  const excavator = report.excavator ?? options.excavator ?? null;
  const format = createFormat(language);
  const hours = (value: number | null) => (value === null ? null : format.hours(value));
  const percent = (value: number | null) => (value === null ? null : `${format.number(value)} %`);
  const dateTime = (value: string | null) =>
    value ? formatDateTime(new Date(value), language, options.timeZone) : null;

  const doc = new PdfDocument({
    fonts: options.fonts,
    language,
    appName: options.appName,
    title: `${l.title}: ${excavator?.name ?? '–'} — ${formatDate(report.reportDate, language)}`,
    generatedAt: options.generatedAt,
    timeZone: options.timeZone,
  });

  const counts = checklistSummary(report.checklist, report.checklistItems);
  if (counts.open > 0) {
    const total = counts.ok + counts.not_ok + counts.na + counts.open;
    doc.notice(fill(l.unchecked, { open: counts.open, total }));
  }
  doc.section(l.general);
  doc.keyValues([
    [l.fields.reportDate, formatDate(report.reportDate, language)],
    [l.fields.status, STATUS_VOCABULARY[language][report.status]],
    [l.fields.excavator, excavator?.name],
    [l.fields.model, excavator?.model],
    [l.fields.serialNumber, excavator?.serialNumber],
    [l.fields.operatorName, report.operatorName],
    [l.fields.managerName, report.managerName],
    [l.fields.createdBy, report.createdByName],
  ]);

  doc.section(l.operating);
  doc.keyValues([
    [l.fields.operatingHours, hours(report.operatingHours)],
    [l.fields.fuelLevel, percent(report.fuelLevel)],
    [l.fields.hoursUntilNextMaintenance, hours(report.hoursUntilNextMaintenance)],
    [l.fields.serviceDate, report.serviceDate ? formatDate(report.serviceDate, language) : null],
    [
      l.fields.uvvInspectionDate,
      report.uvvInspectionDate ? formatDate(report.uvvInspectionDate, language) : null,
    ],
  ]);

  if (report.description) {
    doc.section(l.description);
    doc.paragraph(report.description);
  }

  doc.section(l.checklist);
  doc.paragraph(fill(l.summary, { ok: counts.ok, notOk: counts.not_ok, na: counts.na, open: counts.open }));
  for (const category of report.checklistItems) {
    const results = report.checklist[category.key] ?? {};
    doc.table(
      [checklistLabel(category, language), l.fields.result, l.fields.note],
      category.items.map((item) => {
        const entry = results[item.key];
        return [checklistLabel(item, language), l.states[entry?.state ?? 'open'], entry?.note ?? ''];
      }),
      { columnStyles: { 0: { cellWidth: 70 }, 1: { cellWidth: 38 } } },
    );
  }

  if (report.notes) {
    doc.section(l.notes);
    doc.paragraph(report.notes);
  }

  if (report.status === 'approved' || report.approvedAt) {
    doc.section(l.approval);
    doc.keyValues([
      [l.fields.submittedAt, dateTime(report.submittedAt)],
      [l.fields.approvedBy, report.approvedByName],
      [l.fields.approvedAt, dateTime(report.approvedAt)],
    ]);
  } else if (report.status === 'rejected' || report.rejectionReason) {
    doc.section(l.rejection);
    doc.keyValues([
      [l.fields.submittedAt, dateTime(report.submittedAt)],
      [l.fields.rejectedBy, report.rejectedByName],
      [l.fields.rejectedAt, dateTime(report.rejectedAt)],
      [l.fields.rejectionReason, report.rejectionReason],
    ]);
  }

  // Keep the heading with the signature boxes.
  doc.ensureSpace(60);
  doc.section(l.signatures);
  doc.signatures([
    {
      label: l.fields.operatorSignature,
      image: { data: report.operatorSignature!, type: 'PNG' },
      caption: report.operatorName,
    },
    {
      label: l.fields.managerSignature,
      image: { data: report.managerSignature!, type: 'PNG' },
      caption: report.managerName ?? report.approvedByName ?? report.rejectedByName ?? undefined,
    },
  ]);
  return doc.finish();
}
