import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import type { EntityForm } from '@/domain/fields';
import { inventoryEntity, type InventoryFields } from '@/domain/inventory';
import type { InventoryRecord } from './model';

/** What the form holds: number inputs give '' when empty (or text while typing). */
export type ItemFormValues = EntityForm<typeof inventoryEntity.fields>;

export const EMPTY_ITEM_FORM: ItemFormValues = inventoryEntity.formDefaults();

export function formValuesOf(item: InventoryRecord): ItemFormValues {
  return inventoryEntity.toForm(item);
}

export type ItemFormResult =
  | { ok: true; fields: InventoryFields }
  | { ok: false; errors: Partial<Record<keyof ItemFormValues, string>> };

/**
 * Validates with the shared schema; the first message per field, translated. A tag's issue (path
 * `tags.2`) shows under the tags input, the form's only place for it.
 */
export function validateItemForm(values: ItemFormValues, t: TFunction): ItemFormResult {
  const issues = inventoryEntity.validate(values);
  if (issues.length === 0) return { ok: true, fields: inventoryEntity.toRecord(values) };
  const byField = issues.map((issue) => ({ ...issue, path: issue.path.split('.')[0]! }));
  return { ok: false, errors: issueMessages(t, byField) };
}
