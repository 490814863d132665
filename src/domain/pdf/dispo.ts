import type { Language } from '../constants';
import { createFormat } from '../format';
import { countContainers, type Assignment } from '../dispo/assignments';
import { describeDispoChanges } from '../dispo/changes';
import type { DispoOperation, DispoStatus } from '../dispo/constants';
import { formatDateTime, PdfDocument } from './document';
import type { PdfFonts } from './fonts';

interface AssignmentPdfLabels {
  title: string;
  overview: string;
  rounds: string;
  generalNotes: string;
  noRounds: string;
  round: string;
  done: string;
  open: string;
  notes: string;
  fields: Record<
    'date' | 'driver' | 'phone' | 'truck' | 'status' | 'issuedBy' | 'publishedAt' | 'lastChange' | 'summary',
    string
  >;
  columns: Record<'type' | 'volume' | 'quantity' | 'operation', string>;
  operation: Record<DispoOperation, string>;
  status: Record<DispoStatus, string>;
  /** `{placed}`, `{pickedUp}`. */
  summary: string;
}

export const assignmentPdfLabels: Record<Language, AssignmentPdfLabels> = {
  en: {
    title: 'Driver sheet',
    overview: 'Assignment',
    rounds: 'Rounds',
    generalNotes: 'General notes',
    noRounds: 'No rounds planned.',
    round: 'Round {n}',
    done: 'done',
    open: 'open',
    notes: 'Notes',
    fields: {
      date: 'Date',
      driver: 'Driver',
      phone: 'Phone',
      truck: 'Truck',
      status: 'Status',
      issuedBy: 'Issued by',
      publishedAt: 'Published',
      lastChange: 'Changed since publishing',
      summary: 'Containers',
    },
    columns: { type: 'Container type', volume: 'Volume', quantity: 'Quantity', operation: 'Operation' },
    operation: { pickup: 'Pick up', place: 'Place', swap: 'Swap' },
    status: { draft: 'Draft', published: 'Published' },
    summary: '{placed} to place, {pickedUp} to pick up',
  },
  de: {
    title: 'Fahrauftrag',
    overview: 'Einsatz',
    rounds: 'Touren',
    generalNotes: 'Allgemeine Hinweise',
    noRounds: 'Keine Touren geplant.',
    round: 'Tour {n}',
    done: 'erledigt',
    open: 'offen',
    notes: 'Hinweise',
    fields: {
      date: 'Datum',
      driver: 'Fahrer',
      phone: 'Telefon',
      truck: 'LKW',
      status: 'Status',
      issuedBy: 'Ausgestellt von',
      publishedAt: 'Veröffentlicht',
      lastChange: 'Geändert seit Veröffentlichung',
      summary: 'Container',
    },
    columns: { type: 'Containertyp', volume: 'Volumen', quantity: 'Anzahl', operation: 'Vorgang' },
    operation: { pickup: 'Abholen', place: 'Stellen', swap: 'Tauschen' },
    status: { draft: 'Entwurf', published: 'Veröffentlicht' },
    summary: '{placed} stellen, {pickedUp} abholen',
  },
  bg: {
    title: 'Пътен лист',
    overview: 'Задача',
    rounds: 'Курсове',
    generalNotes: 'Общи бележки',
    noRounds: 'Няма планирани курсове.',
    round: 'Курс {n}',
    done: 'изпълнен',
    open: 'предстои',
    notes: 'Бележки',
    fields: {
      date: 'Дата',
      driver: 'Шофьор',
      phone: 'Телефон',
      truck: 'Камион',
      status: 'Статус',
      issuedBy: 'Издадено от',
      publishedAt: 'Публикувано',
      lastChange: 'Променено след публикуване',
      summary: 'Контейнери',
    },
    columns: { type: 'Вид контейнер', volume: 'Обем', quantity: 'Брой', operation: 'Операция' },
    operation: { pickup: 'Вземане', place: 'Поставяне', swap: 'Замяна' },
    status: { draft: 'Чернова', published: 'Публикувана' },
    summary: '{placed} за поставяне, {pickedUp} за вземане',
  },
  gr: {
    title: 'Φύλλο οδηγού',
    overview: 'Ανάθεση',
    rounds: 'Δρομολόγια',
    generalNotes: 'Γενικές σημειώσεις',
    noRounds: 'Δεν έχουν προγραμματιστεί δρομολόγια.',
    round: 'Δρομολόγιο {n}',
    done: 'ολοκληρώθηκε',
    open: 'εκκρεμεί',
    notes: 'Σημειώσεις',
    fields: {
      date: 'Ημερομηνία',
      driver: 'Οδηγός',
      phone: 'Τηλέφωνο',
      truck: 'Φορτηγό',
      status: 'Κατάσταση',
      issuedBy: 'Εκδόθηκε από',
      publishedAt: 'Δημοσιεύθηκε',
      lastChange: 'Αλλαγές μετά τη δημοσίευση',
      summary: 'Κάδοι',
    },
    columns: { type: 'Τύπος κάδου', volume: 'Όγκος', quantity: 'Ποσότητα', operation: 'Εργασία' },
    operation: { pickup: 'Παραλαβή', place: 'Τοποθέτηση', swap: 'Αντικατάσταση' },
    status: { draft: 'Πρόχειρο', published: 'Δημοσιευμένη' },
    summary: '{placed} για τοποθέτηση, {pickedUp} για παραλαβή',
  },
};

export interface AssignmentPdfOptions {
  fonts: PdfFonts;
  language: Language;
  appName: string;
  generatedAt: Date;
  /** The site's zone for every time on the document (see PdfDocumentOptions). */
  timeZone?: string;
}

/** "Thursday, 12 March 2026": the weekday matters on a driver's sheet. */
const longDate = (value: string, language: Language) => createFormat(language).dateFull(value);

const number = (value: number, language: Language) => createFormat(language).number(value, 3);

/**
 * The printable driver sheet (/dispo/assignments/{id}): date, driver, truck, rounds with their
 * containers (type, quantity, operation) and notes, general notes, issued by. Built from the API row
 * alone, so the tablet prints it offline from its mirror.
 */
export function buildAssignmentPdf(assignment: Assignment, options: AssignmentPdfOptions): ArrayBuffer {
  const { language } = options;
  const l = assignmentPdfLabels[language];
  const driverName = assignment.driver?.name ?? '–';
  const doc = new PdfDocument({
    fonts: options.fonts,
    language,
    appName: options.appName,
    title: `${l.title}: ${driverName} — ${longDate(assignment.date, language)}`,
    generatedAt: options.generatedAt,
    timeZone: options.timeZone,
  });
  const truck = assignment.truck
    ? [assignment.truck.licensePlate, assignment.truck.type].filter(Boolean).join(' · ')
    : null;
  const { placed, pickedUp } = countContainers(assignment.rounds);

  doc.section(l.overview);
  doc.keyValues([
    [l.fields.date, longDate(assignment.date, language)],
    [l.fields.driver, driverName],
    [l.fields.phone, assignment.driver?.phone],
    [l.fields.truck, truck],
    [l.fields.status, l.status[assignment.status]],
    [l.fields.issuedBy, assignment.issuedByName],
    [
      l.fields.publishedAt,
      assignment.publishedAt
        ? formatDateTime(new Date(assignment.publishedAt), language, options.timeZone)
        : null,
    ],
    [l.fields.summary, l.summary.replace('{placed}', String(placed)).replace('{pickedUp}', String(pickedUp))],
    ...(assignment.lastChange && assignment.lastChange.changes.length > 0
      ? ([[l.fields.lastChange, describeDispoChanges(assignment.lastChange.changes, language)]] as const)
      : []),
  ]);

  if (assignment.rounds.length === 0) {
    doc.section(l.rounds);
    doc.paragraph(l.noRounds);
  }
  assignment.rounds.forEach((round, index) => {
    doc.section(`${l.round.replace('{n}', String(index + 1))} — ${round.done ? l.done : l.open}`);
    doc.table(
      [l.columns.type, l.columns.volume, l.columns.quantity, l.columns.operation],
      round.items.map((item) => [
        item.containerType?.name ?? '–',
        item.containerType ? `${number(item.containerType.volume, language)} m³` : '–',
        String(item.quantity),
        l.operation[item.operation],
      ]),
      {
        columnStyles: {
          1: { halign: 'right', cellWidth: 26 },
          2: { halign: 'right', cellWidth: 24 },
          3: { cellWidth: 44 },
        },
      },
    );
    if (round.notes) doc.paragraph(`${l.notes}: ${round.notes}`);
  });

  if (assignment.generalNotes) {
    doc.section(l.generalNotes);
    doc.paragraph(assignment.generalNotes);
  }
  return doc.finish();
}
