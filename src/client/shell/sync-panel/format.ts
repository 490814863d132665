import type { TFunction } from 'i18next';
import { COLLECTIONS } from '@/client/offline/collections';
import type { OutboxEntry } from '@/client/offline/types';
import { ERROR_KEY, FIELD_KEY, KIND_KEY } from './keys';

/** A field value as a person reads it in the conflict resolver. */
export function formatValue(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return t('sync.value.empty');
  if (typeof value === 'boolean') return value ? t('sync.value.yes') : t('sync.value.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'key' in item)) {
    return value
      .map((item: { key: unknown; value?: unknown }) => `${String(item.key)}: ${String(item.value ?? '')}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

/** "Excavator “CAT 320”: changed" and the like. */
export function describeEntry(entry: OutboxEntry, t: TFunction): string {
  const record = t(COLLECTIONS[entry.collection].recordLabel);
  const label = entry.label ?? entry.recordId.slice(0, 8);
  return t(KIND_KEY[entry.kind], { record, label });
}

/** A field's name in the user's language; a field no module has named yet shows its API name. */
export function fieldLabel(field: string, t: TFunction): string {
  const key = FIELD_KEY[field];
  return key ? t(key) : field;
}

/** The server's message, or the engine's own reason in the user's language. */
export function entryMessage(entry: OutboxEntry, t: TFunction): string | null {
  const key = entry.errorKey ? ERROR_KEY[entry.errorKey] : undefined;
  return key ? t(key) : entry.error;
}
