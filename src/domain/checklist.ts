import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

/*
 * The report checklist configuration, edited by admins in Settings →
 * Checklists and served at GET/PUT /api/checklist-config.
 *
 *   { categories: [{ key, label: { en, de, bg, gr }, items: [{ key, label: { en, de, bg, gr } }] }] }
 *
 * - Keys identify a category or item inside a report's results (`checklist[categoryKey][itemKey]`), so
 *   they are short identifiers: a letter or digit first, then letters, digits, `_` or `-` (at most 64).
 *   `checklistKeyFromLabel` suggests one for a new entry.
 * - A category key is required and unique (case-insensitive). Item keys must be non-empty and unique
 *   within their category (the same key may appear in two categories: `windows` is checked in the cab
 *   and cleaned); both failures carry CHECKLIST_KEYS_MESSAGE on the offending item's `key` path, e.g.
 *   `categories.1.items.3.key`.
 * - Labels are per language and may be left empty; `checklistLabel` falls back to another language and
 *   finally to the key.
 * - A report stores the categories it was filled with (`checklistItems`), so changing this configuration
 *   never alters an existing report.
 */

export const CHECKLIST_KEYS_MESSAGE = 'Fix duplicate/empty keys before saving';
export const CATEGORY_KEY_REQUIRED_MESSAGE = 'Category key is required';
export const DUPLICATE_CATEGORY_KEY_MESSAGE = 'Duplicate category key';
export const CHECKLIST_KEY_FORMAT_MESSAGE =
  'Keys may contain letters, digits, _ and - and start with a letter or digit';

export const CHECKLIST_KEY_MAX = 64;
export const CHECKLIST_LABEL_MAX = 120;
export const CHECKLIST_MAX_CATEGORIES = 30;
export const CHECKLIST_MAX_ITEMS = 100;

/** A stored key: the empty string is let through here so the required-message stays the only one. */
const KEY_PATTERN = /^$|^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const keySchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(CHECKLIST_KEY_MAX, `Keys must be at most ${CHECKLIST_KEY_MAX} characters`)
    .regex(KEY_PATTERN, CHECKLIST_KEY_FORMAT_MESSAGE);

export const checklistCategoryKeySchema = lazySchema(() => keySchema(CATEGORY_KEY_REQUIRED_MESSAGE));
export const checklistItemKeySchema = lazySchema(() => keySchema(CHECKLIST_KEYS_MESSAGE));

const labelText = lazySchema(() =>
  z
    .string({ error: 'Labels must be text' })
    .trim()
    .max(CHECKLIST_LABEL_MAX, `Labels must be at most ${CHECKLIST_LABEL_MAX} characters`)
    .default(''),
);

/** One label per language; a missing language is stored as ''. */
export const checklistLabelSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, labelText])) as Record<
      Language,
      typeof labelText
    >,
    { error: 'Labels must be given per language (en, de, bg, gr)' },
  ),
);
export type ChecklistLabel = z.infer<typeof checklistLabelSchema>;

export const checklistItemSchema = lazySchema(() =>
  z.object({
    key: checklistItemKeySchema,
    label: checklistLabelSchema,
  }),
);
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const checklistCategorySchema = lazySchema(() =>
  z.object({
    key: checklistCategoryKeySchema,
    label: checklistLabelSchema,
    items: z
      .array(checklistItemSchema, { error: 'Items must be a list' })
      .max(CHECKLIST_MAX_ITEMS, `At most ${CHECKLIST_MAX_ITEMS} items per category`),
  }),
);
export type ChecklistCategory = z.infer<typeof checklistCategorySchema>;

const lower = (key: string) => key.trim().toLowerCase();

/** The categories as a report snapshot or a configuration holds them, with the key rules checked. */
export const checklistCategoriesSchema = lazySchema(() =>
  z
    .array(checklistCategorySchema, { error: 'Categories must be a list' })
    .min(1, 'Add at least one category')
    .max(CHECKLIST_MAX_CATEGORIES, `At most ${CHECKLIST_MAX_CATEGORIES} categories`)
    .superRefine((categories, ctx) => {
      const seenCategories = new Set<string>();
      categories.forEach((category, c) => {
        const key = lower(category.key);
        if (key && seenCategories.has(key)) {
          ctx.addIssue({ code: 'custom', message: DUPLICATE_CATEGORY_KEY_MESSAGE, path: [c, 'key'] });
        }
        seenCategories.add(key);
        const seenItems = new Set<string>();
        category.items.forEach((item, i) => {
          const itemKey = lower(item.key);
          if (itemKey && seenItems.has(itemKey)) {
            ctx.addIssue({ code: 'custom', message: CHECKLIST_KEYS_MESSAGE, path: [c, 'items', i, 'key'] });
          }
          seenItems.add(itemKey);
        });
      });
    }),
);

export const checklistConfigSchema = lazySchema(() => z.object({ categories: checklistCategoriesSchema }));
export type ChecklistConfig = z.infer<typeof checklistConfigSchema>;

/** True when some key is empty or repeated: the editor's "Fix duplicate/empty keys before saving" state. */
export function hasChecklistKeyProblems(config: {
  categories: ReadonlyArray<ChecklistCategoryLike>;
}): boolean {
  const categoryKeys = config.categories.map((c) => lower(c.key));
  if (categoryKeys.some((k) => !k) || new Set(categoryKeys).size !== categoryKeys.length) return true;
  return config.categories.some((c) => {
    const keys = c.items.map((i) => lower(i.key));
    return keys.some((k) => !k) || new Set(keys).size !== keys.length;
  });
}

interface ChecklistCategoryLike {
  key: string;
  items: ReadonlyArray<{ key: string }>;
}

const FALLBACK_ORDER: readonly Language[] = [DEFAULT_LANGUAGE, 'en', ...LANGUAGES];

/** The label in `language`, else the first non-empty one (de, en, …), else the key. */
export function checklistLabel(
  entry: { key: string; label: Partial<Record<Language, string>> },
  language: Language,
): string {
  for (const candidate of [language, ...FALLBACK_ORDER]) {
    const text = entry.label[candidate]?.trim();
    if (text) return text;
  }
  return entry.key;
}

/**
 * A key for a new category or item made from its label ("Hydraulic lines" → "hydraulicLines"),
 * different from every key in `taken` (case-insensitive). Labels without Latin letters or digits
 * give `item`, `item2`, ….
 */
export function checklistKeyFromLabel(
  label: string,
  taken: Iterable<string> = [],
  fallback = 'item',
): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('')
    .slice(0, CHECKLIST_KEY_MAX - 4);
  const base = camel || fallback;
  const used = new Set([...taken].map(lower));
  if (!used.has(lower(base))) return base;
  for (let n = 2; ; n++) if (!used.has(lower(`${base}${n}`))) return `${base}${n}`;
}

type Labels = [en: string, de: string, bg: string, gr: string];
const label = ([en, de, bg, gr]: Labels): ChecklistLabel => ({ en, de, bg, gr });
const category = (
  key: string,
  names: Labels,
  items: Array<[key: string, names: Labels]>,
): ChecklistCategory => ({
  key,
  label: label(names),
  items: items.map(([itemKey, itemNames]) => ({ key: itemKey, label: label(itemNames) })),
});

/** The four default groups and their items, labelled in every language. */
export const DEFAULT_CHECKLIST: ChecklistConfig = {
  categories: [
    category(
      'exterior',
      ['Exterior', 'Außen', 'Външен оглед', 'Εξωτερικό'],
      [
        ['tracks', ['Tracks', 'Ketten', 'Вериги', 'Ερπύστριες']],
        ['bucket', ['Bucket', 'Löffel', 'Кофа', 'Κάδος']],
        ['arm', ['Arm', 'Stiel', 'Рамо', 'Βραχίονας']],
        ['boom', ['Boom', 'Ausleger', 'Стрела', 'Μπούμα']],
        [
          'hydraulicLines',
          ['Hydraulic lines', 'Hydraulikleitungen', 'Хидравлични маркучи', 'Υδραυλικές σωληνώσεις'],
        ],
        ['lights', ['Lights', 'Beleuchtung', 'Светлини', 'Φώτα']],
        ['mirrors', ['Mirrors', 'Spiegel', 'Огледала', 'Καθρέφτες']],
        ['bodyDamage', ['Body damage', 'Karosserieschäden', 'Повреди по корпуса', 'Ζημιές αμαξώματος']],
        [
          'hydraulicLeaks',
          ['Hydraulic leaks', 'Hydrauliklecks', 'Течове на хидравлика', 'Διαρροές υδραυλικών'],
        ],
        ['oilLeaks', ['Oil leaks', 'Öllecks', 'Течове на масло', 'Διαρροές λαδιού']],
      ],
    ),
    category(
      'interior',
      ['Interior', 'Kabine', 'Кабина', 'Καμπίνα'],
      [
        ['seat', ['Seat', 'Sitz', 'Седалка', 'Κάθισμα']],
        ['controls', ['Controls', 'Bedienelemente', 'Органи за управление', 'Χειριστήρια']],
        ['seatbelt', ['Seatbelt', 'Sicherheitsgurt', 'Предпазен колан', 'Ζώνη ασφαλείας']],
        ['windows', ['Windows', 'Scheiben', 'Стъкла', 'Παράθυρα']],
        ['airConditioning', ['Air conditioning', 'Klimaanlage', 'Климатик', 'Κλιματισμός']],
        ['radioFunction', ['Radio function', 'Funkgerät', 'Радиостанция', 'Λειτουργία ασυρμάτου']],
        [
          'emergencyStops',
          ['Emergency stops', 'Not-Halt-Schalter', 'Аварийни стопове', 'Διακόπτες έκτακτης ανάγκης'],
        ],
      ],
    ),
    category(
      'engine',
      ['Engine', 'Motor', 'Двигател', 'Κινητήρας'],
      [
        ['oilLevel', ['Oil level', 'Ölstand', 'Ниво на маслото', 'Στάθμη λαδιού']],
        [
          'coolantLevel',
          ['Coolant level', 'Kühlmittelstand', 'Ниво на охладителната течност', 'Στάθμη ψυκτικού υγρού'],
        ],
        ['fuelLevel', ['Fuel level', 'Kraftstoffstand', 'Ниво на горивото', 'Στάθμη καυσίμου']],
        [
          'batteryCondition',
          ['Battery condition', 'Batteriezustand', 'Състояние на акумулатора', 'Κατάσταση μπαταρίας'],
        ],
        ['airFilter', ['Air filter', 'Luftfilter', 'Въздушен филтър', 'Φίλτρο αέρα']],
        ['belts', ['Belts', 'Keilriemen', 'Ремъци', 'Ιμάντες']],
        ['engineNoise', ['Engine noise', 'Motorgeräusch', 'Шум от двигателя', 'Θόρυβος κινητήρα']],
        ['exhaustSmoke', ['Exhaust smoke', 'Abgasrauch', 'Дим от ауспуха', 'Καπνός εξάτμισης']],
      ],
    ),
    category(
      'cleaning',
      ['Cleaning', 'Reinigung', 'Почистване', 'Καθαρισμός'],
      [
        ['exterior', ['Exterior', 'Außen', 'Отвън', 'Εξωτερικά']],
        ['interior', ['Interior', 'Kabine innen', 'Кабина отвътре', 'Εσωτερικά']],
        ['windows', ['Windows', 'Scheiben', 'Стъкла', 'Παράθυρα']],
        ['tracks', ['Tracks', 'Ketten', 'Вериги', 'Ερπύστριες']],
      ],
    ),
  ],
};
