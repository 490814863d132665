import type { TFunction } from 'i18next';
import type { z } from 'zod';
import {
  INVENTORY_MESSAGES,
  inventoryFieldsSchema,
  type InventoryFields,
  type InventoryMaintenanceType,
} from '@/domain/inventory';
import type { InventoryRecord } from './model';

/** What the form holds: number inputs give '' when empty (or text while typing). */
export interface ItemFormValues {
  name: string;
  maker: string;
  type: string;
  quantity: number | string;
  price: number | string;
  notes: string;
  tags: string[];
  location: string;
  minQuantity: number | string;
  maintenanceType: InventoryMaintenanceType | null;
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  maker: '',
  type: '',
  quantity: 0,
  price: '',
  notes: '',
  tags: [],
  location: '',
  minQuantity: 0,
  maintenanceType: null,
};

export function formValuesOf(item: InventoryRecord): ItemFormValues {
  return {
    name: item.name,
    maker: item.maker ?? '',
    type: item.type ?? '',
    quantity: item.quantity,
    price: item.price ?? '',
    notes: item.notes ?? '',
    tags: [...item.tags],
    location: item.location ?? '',
    minQuantity: item.minQuantity,
    maintenanceType: item.maintenanceType,
  };
}

const toNumber = (value: number | string): number | string | null => {
  if (typeof value === 'number') return value;
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
};

/** Form values → the input of the shared schema (the same rules as the server). */
export function schemaInput(values: ItemFormValues): Record<string, unknown> {
  return {
    ...values,
    quantity: toNumber(values.quantity),
    price: toNumber(values.price),
    minQuantity: toNumber(values.minQuantity),
  };
}

/** The schema's English messages → this screen's translation keys. */
const KNOWN: Record<string, string> = {
  [INVENTORY_MESSAGES.nameRequired]: 'inventory.validation.nameRequired',
  [INVENTORY_MESSAGES.quantityNegative]: 'inventory.validation.quantityNegative',
  [INVENTORY_MESSAGES.priceNegative]: 'inventory.validation.priceNegative',
  'Minimum quantity must be non-negative': 'inventory.validation.minQuantityNegative',
};

function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const known = KNOWN[issue.message];
  if (known) return t(known);
  switch (issue.code) {
    case 'too_big':
      return typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint'
        ? t('inventory.validation.tooBig', { max: Number(issue.maximum) })
        : t('inventory.validation.invalid');
    case 'invalid_type':
      return issue.expected === 'int'
        ? t('inventory.validation.wholeNumber')
        : t('inventory.validation.number');
    case 'invalid_value':
      return t('inventory.validation.invalid');
    default:
      return issue.path[0] === 'tags' ? t('inventory.validation.tag') : t('inventory.validation.invalid');
  }
}

export type ItemFormResult =
  | { ok: true; fields: InventoryFields }
  | { ok: false; errors: Partial<Record<keyof ItemFormValues, string>> };

/** Validates with the shared schema; the first message per field, translated. */
export function validateItemForm(values: ItemFormValues, t: TFunction): ItemFormResult {
  const result = inventoryFieldsSchema.safeParse(schemaInput(values));
  if (result.success) return { ok: true, fields: result.data };
  const errors: Partial<Record<keyof ItemFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ItemFormValues | undefined;
    if (field && !errors[field]) errors[field] = issueText(issue, t);
  }
  return { ok: false, errors };
}
