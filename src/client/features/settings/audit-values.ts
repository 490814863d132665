import type { TFunction } from 'i18next';

/** One changed field of an audit record, ready to read. */
export interface AuditChange {
  field: string;
  /** Present when the record says what the value was before. */
  from?: string;
  to: string;
}

const MAX_VALUE_LENGTH = 80;

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value;

/**
 * A value as a person reads it: nothing → "—", flags → On/Off, yes/no for other booleans, images
 * → "(image)", long text shortened.
 */
export function describeValue(value: unknown, field: string, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    if (field.startsWith('features.')) return value ? t('shell.settings.on') : t('shell.settings.off');
    return value ? t('audit.yes') : t('audit.no');
  }
  if (typeof value === 'string' && value.startsWith('data:image/')) return t('audit.image');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * `{ field: { from, to } }` (or `{ field: value }`) as a list of readable changes. A record created
 * from nothing (every `from` empty) lists its values only.
 */
export function auditChanges(changes: Record<string, unknown> | null, t: TFunction): AuditChange[] {
  if (!changes) return [];
  const entries = Object.entries(changes);
  const created = entries.every(([, value]) => isFromTo(value) && isEmpty(value.from));
  return entries.map(([field, value]) => {
    if (!isFromTo(value)) return { field, to: describeValue(value, field, t) };
    const to = describeValue(value.to, field, t);
    return created ? { field, to } : { field, from: describeValue(value.from, field, t), to };
  });
}
