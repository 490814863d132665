import type { TFunction } from 'i18next';
import type { Format } from '@/domain/format';
import { AUDIT_REFERENCE_FIELDS } from '@/domain/audit';
import { STATUS_WORDS, type StatusWord } from '@/domain/format';
import { STATUS_LABEL } from '@/client/i18n/status-labels';

/** One changed field of an audit record, ready to read. */
export interface AuditChange {
  field: string;
  /** The field's name for people ("Serial number", not `serialNumber`). */
  label: string;
  /** Present when the record says what the value was before. */
  from?: string;
  to: string;
}

const MAX_VALUE_LENGTH = 80;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value;

const isStatusWord = (value: string): value is StatusWord =>
  (STATUS_WORDS as readonly string[]).includes(value);

/** "serialNumber" / "app.default_language" → "Serial number" / "App › Default language". */
export function humanize(key: string): string {
  return key
    .split('.')
    .map((part) => {
      const words = part
        .replace(/_/g, ' ')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .trim();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}

// The lookups take the key from the record; a key without a translation still reads as words.
const lookup = (t: TFunction, prefix: string, key: string) =>
  t(`${prefix}.${key.replace(/\./g, '_')}`, { defaultValue: humanize(key) });

/** "settings.update" → "Settings changed". */
export const actionLabel = (action: string, t: TFunction) => lookup(t, 'audit.actions', action);
/** "serialNumber" → "Serial number". */
export const fieldLabel = (field: string, t: TFunction) => lookup(t, 'audit.fields', field);
/** "excavator" → "Excavator". */
export const entityLabel = (entity: string, t: TFunction) => lookup(t, 'audit.entities', entity);

function shorten(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/**
 * A value as a person reads it: nothing → "—", flags → On/Off, yes/no for other booleans, images →
 * "(image)", dates and numbers in the UI language, status words from the shared vocabulary, lists and
 * objects as text rather than JSON, long text shortened.
 */
export function describeValue(
  value: unknown,
  field: string,
  t: TFunction,
  format: Format,
  names: Readonly<Record<string, string>> = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  // The id of another record (a truck, a driver) reads as that record's name.
  if (typeof value === 'string' && AUDIT_REFERENCE_FIELDS[field] && names[value]) return names[value];
  if (typeof value === 'boolean') {
    if (field.startsWith('features.')) return value ? t('shell.settings.on') : t('shell.settings.off');
    return value ? t('audit.yes') : t('audit.no');
  }
  if (typeof value === 'number') return format.number(value, 2);
  if (typeof value === 'string') {
    if (value.startsWith('data:image/')) return t('audit.image');
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return format.dateTime(value);
    if (ISO_DAY.test(value)) return format.date(value);
    if (field === 'status' && isStatusWord(value)) return t(STATUS_LABEL[value]);
    // A round's pick up / place / swap, in the words the driver sheet uses.
    if (field === 'operation') return t(`dispo.operation.${value}`, { defaultValue: value });
    return shorten(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? '—'
      : shorten(value.map((item) => describeValue(item, field, t, format, names)).join(', '));
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([key, inner]) => `${fieldLabel(key, t)}: ${describeValue(inner, key, t, format, names)}`,
    );
    return parts.length === 0 ? '—' : shorten(parts.join(', '));
  }
  return shorten(String(value));
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * `{ field: { from, to } }` (or `{ field: value }`) as a list of readable changes. A record created
 * from nothing (every `from` empty) lists its values only.
 */
export function auditChanges(
  changes: Record<string, unknown> | null,
  t: TFunction,
  format: Format,
  /** Names of the records the changes refer to by id, keyed by id. */
  names: Readonly<Record<string, string>> = {},
): AuditChange[] {
  if (!changes) return [];
  const entries = Object.entries(changes);
  const created = entries.every(([, value]) => isFromTo(value) && isEmpty(value.from));
  return entries.map(([field, value]) => {
    const label = fieldLabel(field, t);
    if (!isFromTo(value)) return { field, label, to: describeValue(value, field, t, format, names) };
    const to = describeValue(value.to, field, t, format, names);
    return created
      ? { field, label, to }
      : { field, label, from: describeValue(value.from, field, t, format, names), to };
  });
}

/** The screen a record lives on, when it has one. */
export function recordHref(entity: string, id: string | null): string | null {
  if (!id) return null;
  const q = encodeURIComponent(id);
  switch (entity) {
    case 'excavator':
      return `/excavators?view=${q}`;
    case 'report':
      return `/reports?view=quick&id=${q}`;
    case 'logbook':
      return `/betriebstagebuch?view=detail&id=${q}`;
    case 'inventory':
      return '/inventory';
    case 'dispoAssignment':
      return `/dispo/assignments/${q}`;
    case 'user':
      return '/users';
    default:
      return null;
  }
}
