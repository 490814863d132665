import type { Language } from '../constants';
import { createFormat } from '../format';
import type { Excavator } from '../excavator';
import { formatDate, PdfDocument, type PdfImage } from './document';
import type { PdfFonts } from './fonts';

interface ExcavatorPdfLabels {
  title: string;
  identity: string;
  operational: string;
  maintenance: string;
  specifications: string;
  description: string;
  notes: string;
  photo: string;
  fields: Record<
    | 'name'
    | 'model'
    | 'serialNumber'
    | 'year'
    | 'engineNumber'
    | 'status'
    | 'usageHours'
    | 'location'
    | 'purchaseDate'
    | 'lastServiceDate'
    | 'lastServiceHours'
    | 'nextInspectionHours'
    | 'hoursUntil'
    | 'dueLabel'
    | 'specName'
    | 'specValue',
    string
  >;
  status: Record<Excavator['status'], string>;
  due: Record<Excavator['maintenance']['label'], string>;
}

export const excavatorPdfLabels: Record<Language, ExcavatorPdfLabels> = {
  en: {
    title: 'Excavator',
    identity: 'Identity',
    operational: 'Operational and service data',
    maintenance: 'Maintenance due',
    specifications: 'Specifications',
    description: 'Description',
    notes: 'Notes',
    photo: 'Photo',
    fields: {
      name: 'Name',
      model: 'Model',
      serialNumber: 'Serial number',
      year: 'Year',
      engineNumber: 'Engine number',
      status: 'Status',
      usageHours: 'Usage hours',
      location: 'Location',
      purchaseDate: 'Purchase date',
      lastServiceDate: 'Last service date',
      lastServiceHours: 'Hours at last service',
      nextInspectionHours: 'Next inspection at (h)',
      hoursUntil: 'Hours until next maintenance',
      dueLabel: 'Assessment',
      specName: 'Specification',
      specValue: 'Value',
    },
    status: { operational: 'Operational', maintenance: 'In maintenance', out_of_service: 'Out of service' },
    due: { urgent: 'Urgent', soon: 'Soon', ok: 'OK' },
  },
  de: {
    title: 'Bagger',
    identity: 'Identität',
    operational: 'Betriebs- und Servicedaten',
    maintenance: 'Fällige Wartung',
    specifications: 'Technische Daten',
    description: 'Beschreibung',
    notes: 'Notizen',
    photo: 'Foto',
    fields: {
      name: 'Name',
      model: 'Modell',
      serialNumber: 'Seriennummer',
      year: 'Baujahr',
      engineNumber: 'Motornummer',
      status: 'Status',
      usageHours: 'Betriebsstunden',
      location: 'Standort',
      purchaseDate: 'Kaufdatum',
      lastServiceDate: 'Letzter Service',
      lastServiceHours: 'Stunden beim letzten Service',
      nextInspectionHours: 'Nächste Inspektion bei (h)',
      hoursUntil: 'Stunden bis zur nächsten Wartung',
      dueLabel: 'Einstufung',
      specName: 'Merkmal',
      specValue: 'Wert',
    },
    status: { operational: 'Betriebsbereit', maintenance: 'In Wartung', out_of_service: 'Außer Betrieb' },
    due: { urgent: 'Dringend', soon: 'Bald', ok: 'In Ordnung' },
  },
  bg: {
    title: 'Багер',
    identity: 'Идентификация',
    operational: 'Експлоатационни и сервизни данни',
    maintenance: 'Предстояща поддръжка',
    specifications: 'Технически характеристики',
    description: 'Описание',
    notes: 'Бележки',
    photo: 'Снимка',
    fields: {
      name: 'Име',
      model: 'Модел',
      serialNumber: 'Сериен номер',
      year: 'Година',
      engineNumber: 'Номер на двигателя',
      status: 'Статус',
      usageHours: 'Моточасове',
      location: 'Местоположение',
      purchaseDate: 'Дата на покупка',
      lastServiceDate: 'Последно обслужване',
      lastServiceHours: 'Часове при последното обслужване',
      nextInspectionHours: 'Следващ преглед при (ч)',
      hoursUntil: 'Часове до следващата поддръжка',
      dueLabel: 'Оценка',
      specName: 'Характеристика',
      specValue: 'Стойност',
    },
    status: {
      operational: 'В експлоатация',
      maintenance: 'В поддръжка',
      out_of_service: 'Извън експлоатация',
    },
    due: { urgent: 'Спешно', soon: 'Скоро', ok: 'Наред' },
  },
  gr: {
    title: 'Εκσκαφέας',
    identity: 'Ταυτότητα',
    operational: 'Λειτουργικά στοιχεία και σέρβις',
    maintenance: 'Επερχόμενη συντήρηση',
    specifications: 'Τεχνικά χαρακτηριστικά',
    description: 'Περιγραφή',
    notes: 'Σημειώσεις',
    photo: 'Φωτογραφία',
    fields: {
      name: 'Όνομα',
      model: 'Μοντέλο',
      serialNumber: 'Σειριακός αριθμός',
      year: 'Έτος',
      engineNumber: 'Αριθμός κινητήρα',
      status: 'Κατάσταση',
      usageHours: 'Ώρες λειτουργίας',
      location: 'Τοποθεσία',
      purchaseDate: 'Ημερομηνία αγοράς',
      lastServiceDate: 'Τελευταίο σέρβις',
      lastServiceHours: 'Ώρες στο τελευταίο σέρβις',
      nextInspectionHours: 'Επόμενος έλεγχος στις (h)',
      hoursUntil: 'Ώρες έως την επόμενη συντήρηση',
      dueLabel: 'Αξιολόγηση',
      specName: 'Χαρακτηριστικό',
      specValue: 'Τιμή',
    },
    status: {
      operational: 'Σε λειτουργία',
      maintenance: 'Σε συντήρηση',
      out_of_service: 'Εκτός λειτουργίας',
    },
    due: { urgent: 'Επείγον', soon: 'Σύντομα', ok: 'Εντάξει' },
  },
};

export interface ExcavatorPdfOptions {
  fonts: PdfFonts;
  language: Language;
  appName: string;
  generatedAt: Date;
  /** The site's zone for every time on the document (see PdfDocumentOptions). */
  timeZone?: string;
  /** The profile photo's bytes, when available (the browser reads its cache, the server its storage). */
  profileImage?: PdfImage | null;
}

/** The excavator PDF: identity, operational data, maintenance due, specifications, photo. */
export function buildExcavatorPdf(excavator: Excavator, options: ExcavatorPdfOptions): ArrayBuffer {
  const { language } = options;
  const l = excavatorPdfLabels[language];
  const doc = new PdfDocument({
    fonts: options.fonts,
    language,
    appName: options.appName,
    title: `${l.title}: ${excavator.name}`,
    generatedAt: options.generatedAt,
    timeZone: options.timeZone,
  });
  const hours = (value: number | null | undefined) => {
    return value === null || value === undefined ? null : createFormat(language).hours(value);
  };

  if (options.profileImage) {
    doc.image(options.profileImage, 70, 50);
  }
  doc.section(l.identity);
  doc.keyValues([
    [l.fields.name, excavator.name],
    [l.fields.model, excavator.model],
    [l.fields.serialNumber, excavator.serialNumber],
    [l.fields.year, excavator.year],
    [l.fields.engineNumber, excavator.engineNumber],
  ]);
  doc.section(l.operational);
  doc.keyValues([
    [l.fields.status, l.status[excavator.status]],
    [l.fields.usageHours, hours(excavator.usageHours)],
    [l.fields.location, excavator.location],
    [l.fields.purchaseDate, formatDate(excavator.purchaseDate, language)],
    [l.fields.lastServiceDate, formatDate(excavator.lastServiceDate, language)],
    [l.fields.lastServiceHours, hours(excavator.lastServiceHours)],
    [l.fields.nextInspectionHours, hours(excavator.nextInspectionHours)],
  ]);
  doc.section(l.maintenance);
  doc.keyValues([
    [l.fields.hoursUntil, hours(excavator.maintenance.hoursUntil)],
    [l.fields.dueLabel, l.due[excavator.maintenance.label]],
  ]);
  if (excavator.specifications.length > 0) {
    doc.section(l.specifications);
    doc.table(
      [l.fields.specName, l.fields.specValue],
      excavator.specifications.map((s) => [s.key, s.value]),
    );
  }
  if (excavator.description) {
    doc.section(l.description);
    doc.paragraph(excavator.description);
  }
  if (excavator.notes) {
    doc.section(l.notes);
    doc.paragraph(excavator.notes);
  }
  return doc.finish();
}

/**
 * The browser's download and the server's attachment share this name, safe on every system:
 * `excavator-CAT-320-SN1234.pdf`.
 */
export function excavatorPdfName(excavator: Pick<Excavator, 'name' | 'serialNumber'>): string {
  const base = `${excavator.name}-${excavator.serialNumber}`
    .normalize('NFKD')
    // Accents become their base letter ("Süd" → "Sud"), not a dash.
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `excavator-${base || 'export'}.pdf`;
}
