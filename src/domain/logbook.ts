import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DEFAULT_LIMIT, DEFAULT_PAGE, LOGBOOK_STATUSES, MAX_LIMIT, type LogbookStatus } from './constants';
import { isIsoDate } from './excavator';
import {
  custom,
  date,
  defineEntity,
  encodeRule,
  fieldError,
  flag,
  group,
  keyedError,
  keyedListOf,
  listOf,
  number,
  optionalGroup,
  optionalNumber,
  optionalText,
  requiredText,
  ruleError,
  type EntityRule,
  type FieldLabel,
} from './fields';
import { overrideReasonSchema } from './four-eyes';
import { syncedMetaSchema } from './sync';
import { signatureSchema } from './user';

/*
 * Daily operations log, "Betriebstagebuch". The schemas validate
 * the server's input and the client's form (messages per field) and describe the API's answers.
 *
 * Writes: POST /api/betriebstagebuch, PUT /api/betriebstagebuch/{id} (JSON; If-Match on PUT and DELETE).
 * - PUT replaces every editable field (an omitted optional one is cleared). Read-only fields the client
 *   may send back (status, signatures, createdBy …) are ignored.
 * - `shiftStart`/`shiftEnd` are `HH:MM`; an end before the start is an overnight shift (22:00–06:00).
 * - `weather` is typed by the operator (offline) or fetched; it is never required. `fetchWeather: true`
 *   with an empty `weather` asks the server to fill it in from the weather service for the entry's date
 *   (best effort: when the provider fails the entry is saved without weather).
 * - `sign: true` signs the entry with the author's PROFILE signature, stamped by the server (the client
 *   never sends the drawing): unsigned → pending. Without a profile signature the write is refused (422,
 *   SIGNATURE_MISSING_MESSAGE; the form links to /profile). `sign: false` withdraws it (→ unsigned).
 *   A content change to a pending entry withdraws the signature unless the same request signs again:
 *   a signature covers the content it was given for. The status rules: src/domain/logbook-status.ts.
 * - `site`: optional free text naming the recycling site (the demo data has two); the list filters on it.
 * - POST may carry a client-made `id` (UUID, v7 from the outbox): a create repeated with the same id and
 *   content answers the existing row (200); an id used by another record → 409.
 * - Approval: PUT /api/betriebstagebuch/{id}/approve { signature? } — the reviewer's drawing, or their
 *   profile signature when omitted. Only pending entries; approved entries are locked (edit/delete 409).
 *
 * One entry per site and date is the usual case but not enforced: the form warns on a duplicate date by
 * asking `GET /api/betriebstagebuch?from=D&to=D` (or its local mirror).
 */

export { LOGBOOK_STATUSES, type LogbookStatus };

export const ENTRY_NOT_FOUND_MESSAGE = 'Entry not found';
export const SIGNATURE_MISSING_MESSAGE = 'Save your signature in your profile first';
export const NOT_FUNCTIONAL_NOTE_MESSAGE = 'A conveyor that is not functional needs a note';

export const LOGBOOK_MAX_CHECKS = 50;
const MAX_NOTES = 2000;
const MAX_GENERAL_NOTES = 10_000;

/* ── Times of day and shifts ──────────────────────────────────────────────────────────────────── */

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day written `HH:MM` (00:00–23:59). */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** An end before the start means the shift runs past midnight. */
export function isOvernightShift(shiftStart: string, shiftEnd: string): boolean {
  return minutesOfDay(shiftEnd) < minutesOfDay(shiftStart);
}

/** The shift's length in minutes, counting an overnight shift into the next day. */
export function shiftDurationMinutes(shiftStart: string, shiftEnd: string): number {
  const diff = minutesOfDay(shiftEnd) - minutesOfDay(shiftStart);
  return diff < 0 ? diff + 24 * 60 : diff;
}

const label = (name: string, en: string) => ({ label: `logbook.fields.${name}`, en });
const NOTES = { label: 'logbook.details.notes', en: 'Notes' };

/** A time of day `HH:MM` that must be given. */
const timeOfDay = (field: FieldLabel) =>
  z
    .string({ error: fieldError(field) })
    .trim()
    .min(1, { abort: true })
    .refine(isTimeOfDay, keyedError(field, 'validation.time'));

const SHIFT_START = label('shiftStart', 'Shift start');
const SHIFT_END = label('shiftEnd', 'Shift end');

/* ── Weather ──────────────────────────────────────────────────────────────────────────────────── */

/** Condition keys the weather service answers (from WMO weather codes); the form offers them too. */
export const WEATHER_CONDITIONS = [
  'clear',
  'partly_cloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'snow',
  'thunderstorm',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/** The entry's weather: each part may be empty; all empty is stored as no weather. */
const weatherFields = {
  temperature: optionalNumber(label('temperature', 'Temperature'), { min: -80, max: 70, range: true }),
  humidity: optionalNumber(label('humidity', 'Humidity'), { min: 0, max: 100, range: true }),
  /** A key of WEATHER_CONDITIONS or the operator's own words. */
  conditions: optionalText(label('conditions', 'Conditions'), 100),
};
export const logbookWeatherSchema = defineEntity(weatherFields).schema;
export type LogbookWeather = z.infer<typeof logbookWeatherSchema>;

/* ── Checks ───────────────────────────────────────────────────────────────────────────────────── */

const NOTE_REQUIRED: EntityRule = { key: 'logbook.validation.noteRequired', en: NOT_FUNCTIONAL_NOTE_MESSAGE };

const checkFields = (name: FieldLabel) => ({
  /** The configured check's key, when the check came from the configuration. */
  key: optionalText({ label: 'logbook.config.key', en: 'Key' }, 60),
  name: requiredText(name, 120),
  notes: optionalText(NOTES, MAX_NOTES),
});

const conveyorCheck = group({
  ...checkFields({ label: 'logbook.config.name', en: 'Conveyor name' }),
  functional: flag({ label: 'logbook.checks.functional', en: 'Functional' }, true),
});
export const conveyorCheckSchema = lazySchema(() =>
  conveyorCheck.schema.superRefine((check, ctx) => {
    if (!check.functional && !check.notes) {
      ctx.addIssue({ code: 'custom', path: ['notes'], message: encodeRule(NOTE_REQUIRED, NOTES) });
    }
  }),
);
export type ConveyorCheck = z.infer<typeof conveyorCheckSchema>;

const specialCheck = group({
  ...checkFields({ label: 'logbook.config.name', en: 'Check name' }),
  /** The check is open (not done, or a finding is outstanding). */
  open: flag({ label: 'logbook.checks.open', en: 'Open' }, false),
});
export const specialCheckSchema = specialCheck.schema;
export type SpecialCheck = z.infer<typeof specialCheckSchema>;

/* ── Entry input ──────────────────────────────────────────────────────────────────────────────── */

const CONVEYORS = { label: 'logbook.form.conveyors', en: 'Conveyor checks' };
const SPECIALS = { label: 'logbook.form.specialChecks', en: 'Special checks' };

const SHIFT_SAME: EntityRule = {
  key: 'logbook.validation.shiftSame',
  en: 'Shift end must differ from shift start',
};

/**
 * The editable fields, declared once: the API's schema, the field names a PATCH takes, the entry form's
 * values, payload and keyed validation messages come from here. The form holds the weather's three
 * inputs as a group; the API stores no weather when none of them is given.
 */
export const logbookEntity = defineEntity(
  {
    date: date(label('date', 'Date')),
    site: optionalText(label('site', 'Site'), 120),
    shiftStart: custom(SHIFT_START, timeOfDay(SHIFT_START), ''),
    shiftEnd: custom(SHIFT_END, timeOfDay(SHIFT_END), ''),
    weather: optionalGroup(label('conditions', 'Weather'), weatherFields),
    conveyorChecks: listOf(
      CONVEYORS,
      { ...conveyorCheck, schema: conveyorCheckSchema },
      { max: LOGBOOK_MAX_CHECKS },
    ),
    specialChecks: listOf(SPECIALS, specialCheck, { max: LOGBOOK_MAX_CHECKS }),
    generalNotes: optionalText(label('generalNotes', 'General notes'), MAX_GENERAL_NOTES),
  },
  (schema) =>
    schema.refine((entry) => entry.shiftStart !== entry.shiftEnd, {
      path: ['shiftEnd'],
      ...ruleError(SHIFT_END, SHIFT_SAME),
      // Also while other fields are still wrong, so the form shows every problem at once.
      when: ({ value }) => {
        const v = value as { shiftStart?: unknown; shiftEnd?: unknown } | null;
        return (
          typeof v?.shiftStart === 'string' &&
          isTimeOfDay(v.shiftStart.trim()) &&
          typeof v.shiftEnd === 'string'
        );
      },
    }),
);

/** The editable fields, as the form fills them and the API accepts them. */
export const logbookFieldsSchema = logbookEntity.schema;
export type LogbookFields = z.infer<typeof logbookFieldsSchema>;
export type LogbookFieldsInput = z.input<typeof logbookFieldsSchema>;

/** The editable field names, in the order the API lists them. */
export const LOGBOOK_FIELD_NAMES = logbookEntity.names;

/** Request options of a save that are not fields of the entry. */
export const logbookWriteOptions = {
  /** true: sign with the profile signature (→ pending); false: withdraw the signature (→ unsigned). */
  sign: z.boolean({ error: 'sign must be true or false' }).optional(),
  /** Fill an empty `weather` from the weather service for the entry's date (best effort). */
  fetchWeather: z.boolean({ error: 'fetchWeather must be true or false' }).optional(),
};

export const logbookCreateSchema = lazySchema(() =>
  logbookFieldsSchema.and(
    z.object({ id: z.uuid({ error: 'Id must be a UUID' }).optional(), ...logbookWriteOptions }),
  ),
);
export type LogbookCreate = z.infer<typeof logbookCreateSchema>;

export const logbookUpdateSchema = lazySchema(() => logbookFieldsSchema.and(z.object(logbookWriteOptions)));
export type LogbookUpdate = z.infer<typeof logbookUpdateSchema>;

/** PUT /api/betriebstagebuch/{id}/approve: the reviewer's drawing; their profile signature when omitted. */
export const logbookApproveSchema = lazySchema(() =>
  z.object({
    signature: z
      .union([signatureSchema, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    overrideReason: overrideReasonSchema,
  }),
);
export type LogbookApprove = z.infer<typeof logbookApproveSchema>;

/* ── API answers ──────────────────────────────────────────────────────────────────────────────── */

const storedWeatherSchema = lazySchema(() =>
  z.object({
    temperature: z.number().nullable(),
    humidity: z.number().nullable(),
    conditions: z.string().nullable(),
  }),
);

/** A logbook entry as the API returns it (list items, single reads, pull `data`). */
export const logbookEntrySchema = lazySchema(() =>
  syncedMetaSchema.extend({
    date: z.string(),
    site: z.string().nullable(),
    shiftStart: z.string(),
    shiftEnd: z.string(),
    /** shiftEnd before shiftStart. */
    overnight: z.boolean(),
    weather: storedWeatherSchema.nullable(),
    conveyorChecks: z.array(
      z.object({
        key: z.string().nullable(),
        name: z.string(),
        functional: z.boolean(),
        notes: z.string().nullable(),
      }),
    ),
    specialChecks: z.array(
      z.object({
        key: z.string().nullable(),
        name: z.string(),
        open: z.boolean(),
        notes: z.string().nullable(),
      }),
    ),
    generalNotes: z.string().nullable(),
    status: z.enum(LOGBOOK_STATUSES),
    /** PNG data URL stamped from the author's profile when signed. */
    creatorSignature: z.string().nullable(),
    signedAt: z.string().nullable(),
    reviewerSignature: z.string().nullable(),
    approvedBy: z.string().nullable(),
    approvedAt: z.string().nullable(),
    /** Display names (name, else username) of the author and the reviewer. */
    createdByName: z.string().nullable(),
    approvedByName: z.string().nullable(),
  }),
);
export type LogbookEntry = z.infer<typeof logbookEntrySchema>;

const optionalQueryDate = (label: string) =>
  z.string().trim().refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`).optional();

export const logbookListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    /** Entries dated on or after this day. */
    from: optionalQueryDate('From'),
    /** Entries dated on or before this day. */
    to: optionalQueryDate('To'),
    status: z.enum(LOGBOOK_STATUSES).optional(),
    /** The author's user id, or `me`. */
    author: z.union([z.uuid({ error: 'Author must be a user id or "me"' }), z.literal('me')]).optional(),
    /** Exact site, case-insensitive. */
    site: z.string().trim().max(120).optional(),
  }),
);
export type LogbookListQuery = z.infer<typeof logbookListQuerySchema>;

export const logbookListSchema = lazySchema(() =>
  z.object({
    items: z.array(logbookEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type LogbookList = z.infer<typeof logbookListSchema>;

/** Filters like the list endpoint (the client filters its mirror with it). Newest date first is the order. */
export function matchesLogbookQuery(
  entry: Pick<LogbookEntry, 'date' | 'status' | 'createdBy' | 'site'>,
  query: Partial<Pick<LogbookListQuery, 'from' | 'to' | 'status' | 'site'>> & { author?: string | null },
): boolean {
  if (query.from && entry.date < query.from) return false;
  if (query.to && entry.date > query.to) return false;
  if (query.status && entry.status !== query.status) return false;
  if (query.author && entry.createdBy !== query.author) return false;
  if (query.site && (entry.site ?? '').toLowerCase() !== query.site.toLowerCase()) return false;
  return true;
}

/* ── Weather lookup (GET /api/betriebstagebuch/weather) ───────────────────────────────────────── */

export const WEATHER_ERROR_MESSAGES = {
  invalidDate: 'Invalid date',
  notAvailable: 'Date not available',
  dateError: 'Date error',
  unavailable: 'Unable to load weather',
} as const;

export const weatherQuerySchema = lazySchema(() =>
  z.object({
    /** YYYY-MM-DD; checked by the handler so a bad value answers "Invalid date". */
    date: z.string().max(40).optional(),
    /** The hour to read (HH:MM, local to the site); default: now for today, 12:00 for other days. */
    time: z.string().trim().refine(isTimeOfDay, 'Time must be a time (HH:MM)').optional(),
  }),
);

export const weatherReadingSchema = lazySchema(() =>
  z.object({
    date: z.string(),
    /** The local hour read, HH:00. */
    time: z.string(),
    temperature: z.number().nullable(),
    humidity: z.number().nullable(),
    conditions: z.enum(WEATHER_CONDITIONS).nullable(),
    /** Where it came from: the provider's forecast or its historical archive. */
    source: z.enum(['forecast', 'archive']),
  }),
);
export type WeatherReading = z.infer<typeof weatherReadingSchema>;

/* ── Configuration (GET/PUT /api/betriebstagebuch-config) ─────────────────────────────────────── */

const CONFIG_KEY = /^[A-Za-z0-9_-]+$/;

const configLabel = (name: string, en: string): FieldLabel => ({ label: `logbook.config.${name}`, en });
const CONFIG_ITEM_KEY = configLabel('key', 'Key');
const KEY_FORMAT: EntityRule = {
  key: 'logbook.validation.keyFormat',
  en: 'Key may contain letters, digits, _ and -',
};

/** A conveyor's or special check's key: the entry's checks name it, so it is stable and plain. */
const configKey = custom(
  CONFIG_ITEM_KEY,
  lazySchema(() =>
    z
      .string({ error: fieldError(CONFIG_ITEM_KEY) })
      .trim()
      // A blank key is only missing, not also of the wrong characters.
      .min(1, { abort: true })
      .max(60)
      .regex(CONFIG_KEY, ruleError(CONFIG_ITEM_KEY, KEY_FORMAT)),
  ),
  '',
);

const configItem = group({
  key: configKey,
  name: requiredText(configLabel('name', 'Name'), 120),
});
export const logbookConfigItemSchema = configItem.schema;
export type LogbookConfigItem = z.infer<typeof logbookConfigItemSchema>;

/** Conveyors or special checks: keys unique within the list (case-insensitive), said under the key. */
const configList = (list: FieldLabel) =>
  keyedListOf(list, configItem, {
    max: LOGBOOK_MAX_CHECKS,
    uniqueBy: (item) => item.key,
    uniqueAt: { field: 'key', label: CONFIG_ITEM_KEY },
    rows: 0,
  });

/**
 * The configuration (an admin's settings, GET/PUT /api/betriebstagebuch-config), declared once: the
 * route's body, the stored document's reading, and the settings form's values, payload and keyed
 * messages come from here. The form holds each list's rows with a key of the device (never sent) and
 * the coordinates as typed (a decimal comma read).
 */
export const logbookConfigEntity = defineEntity({
  conveyors: configList(configLabel('conveyors', 'Conveyors')),
  specialChecks: configList(configLabel('specialChecks', 'Special checks')),
  /** The site the weather is looked up for. */
  site: group({
    name: requiredText(configLabel('siteName', 'Site name'), 120),
    latitude: number(configLabel('latitude', 'Latitude'), { min: -90, max: 90, range: true }),
    longitude: number(configLabel('longitude', 'Longitude'), { min: -180, max: 180, range: true }),
  }),
  defaultShift: group(
    {
      start: custom(SHIFT_START, timeOfDay(SHIFT_START), ''),
      end: custom(SHIFT_END, timeOfDay(SHIFT_END), ''),
    },
    (shift) =>
      shift.refine((s) => s.start !== s.end, {
        path: ['end'],
        ...ruleError(SHIFT_END, SHIFT_SAME),
        // Also while the other parts of the document are still wrong.
        when: ({ value }) => {
          const v = value as { start?: unknown; end?: unknown } | null;
          return typeof v?.start === 'string' && isTimeOfDay(v.start.trim()) && typeof v.end === 'string';
        },
      }),
  ),
});

export const logbookConfigSchema = logbookConfigEntity.schema;
export type LogbookConfig = z.infer<typeof logbookConfigSchema>;
export type LogbookConfigForm = ReturnType<typeof logbookConfigEntity.formDefaults>;

/** The configuration as the API answers it (the route's response, without the rules). */
export const logbookConfigAnswerSchema = lazySchema(() =>
  z.object({
    conveyors: z.array(z.object({ key: z.string(), name: z.string() })),
    specialChecks: z.array(z.object({ key: z.string(), name: z.string() })),
    site: z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }),
    defaultShift: z.object({ start: z.string(), end: z.string() }),
  }),
);

export const DEFAULT_LOGBOOK_CONFIG: LogbookConfig = {
  conveyors: [
    { key: 'aufgabeband', name: 'Aufgabeband' },
    { key: 'sortierband-1', name: 'Sortierband 1' },
    { key: 'sortierband-2', name: 'Sortierband 2' },
    { key: 'magnetabscheider-band', name: 'Magnetabscheider-Band' },
  ],
  specialChecks: [
    { key: 'brandschutz', name: 'Brandschutz' },
    { key: 'notausschalter', name: 'Notausschalter' },
    { key: 'staubabsaugung', name: 'Staubabsaugung' },
    { key: 'oelabscheider', name: 'Ölabscheider' },
  ],
  site: { name: 'Recyclinghof Nord', latitude: 53.5511, longitude: 9.9937 },
  defaultShift: { start: '06:00', end: '14:00' },
};

/** A new entry's checks from the configuration: every conveyor functional, every special check done. */
export function checksFromConfig(
  config: LogbookConfig,
): Pick<LogbookFields, 'conveyorChecks' | 'specialChecks'> {
  return {
    conveyorChecks: config.conveyors.map((c) => ({
      key: c.key,
      name: c.name,
      functional: true,
      notes: null,
    })),
    specialChecks: config.specialChecks.map((c) => ({ key: c.key, name: c.name, open: false, notes: null })),
  };
}

/** A new entry on `date` as the configuration starts it: its site, default shift and every check. */
export function newLogbookEntry(config: LogbookConfig, date: string): Partial<LogbookFields> {
  return {
    date,
    site: config.site.name,
    shiftStart: config.defaultShift.start,
    shiftEnd: config.defaultShift.end,
    ...checksFromConfig(config),
  };
}
