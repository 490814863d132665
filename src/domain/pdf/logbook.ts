import type { Language } from '../constants';
import { createFormat, STATUS_VOCABULARY } from '../format';
import {
  shiftDurationMinutes,
  WEATHER_CONDITIONS,
  type LogbookEntry,
  type WeatherCondition,
} from '../logbook';
import { formatDate, formatDateTime, PdfDocument, type PdfImage } from './document';
import type { PdfFonts } from './fonts';
import { pdfCommonLabels } from './labels';

interface LogbookPdfLabels {
  title: string;
  shift: string;
  weather: string;
  conveyors: string;
  specialChecks: string;
  generalNotes: string;
  signatures: string;
  fields: Record<
    | 'date'
    | 'site'
    | 'shift'
    | 'duration'
    | 'status'
    | 'createdBy'
    | 'signedAt'
    | 'approvedBy'
    | 'approvedAt'
    | 'temperature'
    | 'humidity'
    | 'conditions'
    | 'conveyor'
    | 'functional'
    | 'check'
    | 'open'
    | 'notes'
    | 'creatorSignature'
    | 'reviewerSignature',
    string
  >;
  overnight: string;
  /** `{h}` hours, `{m}` minutes. */
  durationFormat: string;
  noWeather: string;
  noChecks: string;
  conditions: Record<WeatherCondition, string>;
}

export const logbookPdfLabels: Record<Language, LogbookPdfLabels> = {
  en: {
    title: 'Operations log',
    shift: 'Shift',
    weather: 'Weather',
    conveyors: 'Conveyor checks',
    specialChecks: 'Special checks',
    generalNotes: 'General notes',
    signatures: 'Signatures and approval',
    fields: {
      date: 'Date',
      site: 'Site',
      shift: 'Shift',
      duration: 'Duration',
      status: 'Status',
      createdBy: 'Written by',
      signedAt: 'Signed at',
      approvedBy: 'Approved by',
      approvedAt: 'Approved at',
      temperature: 'Temperature',
      humidity: 'Humidity',
      conditions: 'Conditions',
      conveyor: 'Conveyor',
      functional: 'Functional',
      check: 'Check',
      open: 'Open',
      notes: 'Notes',
      creatorSignature: 'Operator',
      reviewerSignature: 'Reviewer',
    },
    overnight: 'overnight shift',
    durationFormat: '{h} h {m} min',
    noWeather: 'No weather recorded.',
    noChecks: 'None recorded.',
    conditions: {
      clear: 'Clear',
      partly_cloudy: 'Partly cloudy',
      cloudy: 'Cloudy',
      fog: 'Fog',
      drizzle: 'Drizzle',
      rain: 'Rain',
      snow: 'Snow',
      thunderstorm: 'Thunderstorm',
    },
  },
  de: {
    title: 'Betriebstagebuch',
    shift: 'Schicht',
    weather: 'Wetter',
    conveyors: 'Förderbandkontrolle',
    specialChecks: 'Sonderprüfungen',
    generalNotes: 'Allgemeine Bemerkungen',
    signatures: 'Unterschriften und Freigabe',
    fields: {
      date: 'Datum',
      site: 'Standort',
      shift: 'Schicht',
      duration: 'Dauer',
      status: 'Status',
      createdBy: 'Erstellt von',
      signedAt: 'Unterschrieben am',
      approvedBy: 'Freigegeben von',
      approvedAt: 'Freigegeben am',
      temperature: 'Temperatur',
      humidity: 'Luftfeuchtigkeit',
      conditions: 'Wetterlage',
      conveyor: 'Förderband',
      functional: 'Funktionsfähig',
      check: 'Prüfung',
      open: 'Offen',
      notes: 'Bemerkungen',
      creatorSignature: 'Bediener',
      reviewerSignature: 'Betriebsleiter',
    },
    overnight: 'Nachtschicht',
    durationFormat: '{h} Std. {m} Min.',
    noWeather: 'Kein Wetter erfasst.',
    noChecks: 'Keine erfasst.',
    conditions: {
      clear: 'Klar',
      partly_cloudy: 'Teilweise bewölkt',
      cloudy: 'Bewölkt',
      fog: 'Nebel',
      drizzle: 'Nieselregen',
      rain: 'Regen',
      snow: 'Schnee',
      thunderstorm: 'Gewitter',
    },
  },
  bg: {
    title: 'Дневник на експлоатацията',
    shift: 'Смяна',
    weather: 'Времето',
    conveyors: 'Проверка на транспортните ленти',
    specialChecks: 'Специални проверки',
    generalNotes: 'Общи бележки',
    signatures: 'Подписи и одобрение',
    fields: {
      date: 'Дата',
      site: 'Площадка',
      shift: 'Смяна',
      duration: 'Продължителност',
      status: 'Статус',
      createdBy: 'Съставил',
      signedAt: 'Подписан на',
      approvedBy: 'Одобрил',
      approvedAt: 'Одобрен на',
      temperature: 'Температура',
      humidity: 'Влажност',
      conditions: 'Условия',
      conveyor: 'Транспортна лента',
      functional: 'Изправна',
      check: 'Проверка',
      open: 'Отворена',
      notes: 'Бележки',
      creatorSignature: 'Оператор',
      reviewerSignature: 'Ръководител',
    },
    overnight: 'нощна смяна',
    durationFormat: '{h} ч {m} мин',
    noWeather: 'Няма данни за времето.',
    noChecks: 'Няма записи.',
    conditions: {
      clear: 'Ясно',
      partly_cloudy: 'Разкъсана облачност',
      cloudy: 'Облачно',
      fog: 'Мъгла',
      drizzle: 'Ръмеж',
      rain: 'Дъжд',
      snow: 'Сняг',
      thunderstorm: 'Гръмотевична буря',
    },
  },
  gr: {
    title: 'Ημερολόγιο λειτουργίας',
    shift: 'Βάρδια',
    weather: 'Καιρός',
    conveyors: 'Έλεγχος ταινιών μεταφοράς',
    specialChecks: 'Ειδικοί έλεγχοι',
    generalNotes: 'Γενικές παρατηρήσεις',
    signatures: 'Υπογραφές και έγκριση',
    fields: {
      date: 'Ημερομηνία',
      site: 'Εγκατάσταση',
      shift: 'Βάρδια',
      duration: 'Διάρκεια',
      status: 'Κατάσταση',
      createdBy: 'Συντάκτης',
      signedAt: 'Υπογράφηκε στις',
      approvedBy: 'Εγκρίθηκε από',
      approvedAt: 'Εγκρίθηκε στις',
      temperature: 'Θερμοκρασία',
      humidity: 'Υγρασία',
      conditions: 'Συνθήκες',
      conveyor: 'Ταινία μεταφοράς',
      functional: 'Λειτουργική',
      check: 'Έλεγχος',
      open: 'Εκκρεμεί',
      notes: 'Σημειώσεις',
      creatorSignature: 'Χειριστής',
      reviewerSignature: 'Υπεύθυνος',
    },
    overnight: 'νυχτερινή βάρδια',
    durationFormat: '{h} h {m} λεπ.',
    noWeather: 'Δεν καταγράφηκε καιρός.',
    noChecks: 'Καμία καταγραφή.',
    conditions: {
      clear: 'Αίθριος',
      partly_cloudy: 'Λίγα σύννεφα',
      cloudy: 'Συννεφιά',
      fog: 'Ομίχλη',
      drizzle: 'Ψιχάλα',
      rain: 'Βροχή',
      snow: 'Χιόνι',
      thunderstorm: 'Καταιγίδα',
    },
  },
};

export interface LogbookPdfOptions {
  fonts: PdfFonts;
  language: Language;
  appName: string;
  generatedAt: Date;
  /** The site's zone for every time on the document (see PdfDocumentOptions). */
  timeZone?: string;
}

/** A stored signature (PNG data URL) as a PDF image, or none. */
const signatureImage = (dataUrl: string | null): PdfImage | null =>
  dataUrl && dataUrl.startsWith('data:image/png;base64,') ? { data: dataUrl, type: 'PNG' } : null;

/**
 * The operations log PDF: shift, weather, conveyor and special checks as tables,
 * general notes, both signatures and the approval. Runs in the browser (offline) and on the server.
 */
export function buildLogbookPdf(entry: LogbookEntry, options: LogbookPdfOptions): ArrayBuffer {
  const { language } = options;
  const l = logbookPdfLabels[language];
  const common = pdfCommonLabels[language];
  const format = createFormat(language);
  const date = formatDate(entry.date, language);
  const doc = new PdfDocument({
    fonts: options.fonts,
    language,
    appName: options.appName,
    title: `${l.title}: ${date}${entry.site ? ` — ${entry.site}` : ''}`,
    generatedAt: options.generatedAt,
    timeZone: options.timeZone,
  });
  const dateTime = (value: string | null) =>
    value ? formatDateTime(new Date(value), language, options.timeZone) : null;
  const minutes = shiftDurationMinutes(entry.shiftStart, entry.shiftEnd);
  const duration = l.durationFormat
    .replace('{h}', String(Math.floor(minutes / 60)))
    .replace('{m}', String(minutes % 60));

  doc.section(l.shift);
  doc.keyValues([
    [l.fields.date, date],
    [l.fields.site, entry.site],
    [l.fields.shift, `${entry.shiftStart} – ${entry.shiftEnd}${entry.overnight ? ` (${l.overnight})` : ''}`],
    [l.fields.duration, duration],
    [l.fields.status, STATUS_VOCABULARY[language][entry.status]],
    [l.fields.createdBy, entry.createdByName],
    [l.fields.signedAt, dateTime(entry.signedAt)],
    [l.fields.approvedBy, entry.approvedByName],
    [l.fields.approvedAt, dateTime(entry.approvedAt)],
  ]);

  doc.section(l.weather);
  if (entry.weather) {
    const { temperature, humidity, conditions } = entry.weather;
    const known = (WEATHER_CONDITIONS as readonly string[]).includes(conditions ?? '');
    doc.keyValues([
      [l.fields.temperature, temperature === null ? null : `${format.number(temperature)} °C`],
      [l.fields.humidity, humidity === null ? null : `${format.number(humidity)} %`],
      [l.fields.conditions, known ? l.conditions[conditions as WeatherCondition] : conditions],
    ]);
  } else {
    doc.paragraph(l.noWeather);
  }

  const yesNo = (value: boolean) => (value ? common.yes : common.no);
  const notesColumn = { 2: { cellWidth: 90 } };
  doc.section(l.conveyors);
  if (entry.conveyorChecks.length > 0) {
    doc.table(
      [l.fields.conveyor, l.fields.functional, l.fields.notes],
      entry.conveyorChecks.map((c) => [c.name, yesNo(c.functional), c.notes ?? '']),
      { columnStyles: notesColumn },
    );
  } else {
    doc.paragraph(l.noChecks);
  }
  doc.section(l.specialChecks);
  if (entry.specialChecks.length > 0) {
    doc.table(
      [l.fields.check, l.fields.open, l.fields.notes],
      entry.specialChecks.map((c) => [c.name, yesNo(c.open), c.notes ?? '']),
      { columnStyles: notesColumn },
    );
  } else {
    doc.paragraph(l.noChecks);
  }

  if (entry.generalNotes) {
    doc.section(l.generalNotes);
    doc.paragraph(entry.generalNotes);
  }

  // The heading stays with its boxes (section title + boxes + captions).
  doc.ensureSpace(60);
  doc.section(l.signatures);
  doc.signatures([
    {
      label: l.fields.creatorSignature,
      image: signatureImage(entry.creatorSignature),
      caption: entry.creatorSignature ? (entry.createdByName ?? undefined) : undefined,
    },
    {
      label: l.fields.reviewerSignature,
      image: signatureImage(entry.reviewerSignature),
      caption: entry.reviewerSignature ? (entry.approvedByName ?? undefined) : undefined,
    },
  ]);
  return doc.finish();
}
