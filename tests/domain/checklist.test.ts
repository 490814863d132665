import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_KEYS_MESSAGE,
  checklistConfigSchema,
  checklistKeyFromLabel,
  checklistLabel,
  DEFAULT_CHECKLIST,
  hasChecklistKeyProblems,
  type ChecklistConfig,
} from '@/domain/checklist';
import { LANGUAGES } from '@/domain/constants';

const messagesByPath = (config: unknown) => {
  const result = checklistConfigSchema.safeParse(config);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
};

const items = (...keys: string[]) => keys.map((key) => ({ key, label: { en: key } }));

describe('DEFAULT_CHECKLIST', () => {
  it('holds the spec’s four groups with their items', () => {
    expect(
      Object.fromEntries(DEFAULT_CHECKLIST.categories.map((c) => [c.key, c.items.map((i) => i.label.en)])),
    ).toEqual({
      exterior: [
        'Tracks',
        'Bucket',
        'Arm',
        'Boom',
        'Hydraulic lines',
        'Lights',
        'Mirrors',
        'Body damage',
        'Hydraulic leaks',
        'Oil leaks',
      ],
      interior: [
        'Seat',
        'Controls',
        'Seatbelt',
        'Windows',
        'Air conditioning',
        'Radio function',
        'Emergency stops',
      ],
      engine: [
        'Oil level',
        'Coolant level',
        'Fuel level',
        'Battery condition',
        'Air filter',
        'Belts',
        'Engine noise',
        'Exhaust smoke',
      ],
      cleaning: ['Exterior', 'Interior', 'Windows', 'Tracks'],
    });
  });

  it('is valid and labelled in every language, translated', () => {
    expect(checklistConfigSchema.parse(DEFAULT_CHECKLIST)).toEqual(DEFAULT_CHECKLIST);
    for (const entry of DEFAULT_CHECKLIST.categories.flatMap((c) => [c, ...c.items])) {
      for (const language of LANGUAGES)
        expect(entry.label[language].trim(), `${entry.key} ${language}`).not.toBe('');
      expect(entry.label.bg).toMatch(/[а-я]/i);
      expect(entry.label.gr).toMatch(/[α-ωά-ώ]/i);
    }
    expect(hasChecklistKeyProblems(DEFAULT_CHECKLIST)).toBe(false);
  });
});

describe('checklistConfigSchema', () => {
  it('requires a category key', () => {
    expect(messagesByPath({ categories: [{ key: ' ', label: {}, items: [] }] })).toEqual({
      'categories.0.key': ['Category key is required'],
    });
    expect(messagesByPath({ categories: [{ label: {}, items: [] }] })).toEqual({
      'categories.0.key': ['Category key is required'],
    });
  });

  it('rejects duplicate category keys, case-insensitively', () => {
    expect(
      messagesByPath({
        categories: [
          { key: 'engine', label: {}, items: [] },
          { key: 'Engine', label: {}, items: [] },
        ],
      }),
    ).toEqual({ 'categories.1.key': ['Duplicate category key'] });
  });

  it('rejects empty and duplicate item keys with the editor message', () => {
    expect(
      messagesByPath({ categories: [{ key: 'a', label: {}, items: items('x', '', 'y', 'X') }] }),
    ).toEqual({
      'categories.0.items.1.key': [CHECKLIST_KEYS_MESSAGE],
      'categories.0.items.3.key': [CHECKLIST_KEYS_MESSAGE],
    });
  });

  it('allows the same item key in two categories and fills missing labels', () => {
    const parsed = checklistConfigSchema.parse({
      categories: [
        { key: 'interior', label: { de: 'Kabine' }, items: items('windows') },
        { key: 'cleaning', label: { en: 'Cleaning' }, items: items('windows') },
      ],
    });
    expect(parsed.categories[0]).toEqual({
      key: 'interior',
      label: { en: '', de: 'Kabine', bg: '', gr: '' },
      items: [{ key: 'windows', label: { en: 'windows', de: '', bg: '', gr: '' } }],
    });
  });

  it('rejects keys that are no identifiers, and an empty configuration', () => {
    expect(messagesByPath({ categories: [{ key: 'a b', label: {}, items: items('-x') }] })).toEqual({
      'categories.0.key': ['Keys may contain letters, digits, _ and - and start with a letter or digit'],
      'categories.0.items.0.key': [
        'Keys may contain letters, digits, _ and - and start with a letter or digit',
      ],
    });
    expect(messagesByPath({ categories: [] })).toEqual({ categories: ['Add at least one category'] });
  });

  it('hasChecklistKeyProblems matches the schema’s key rules', () => {
    const base: ChecklistConfig = structuredClone(DEFAULT_CHECKLIST);
    expect(hasChecklistKeyProblems(base)).toBe(false);
    base.categories[2]!.items[0]!.key = '';
    expect(hasChecklistKeyProblems(base)).toBe(true);
    base.categories[2]!.items[0]!.key = 'belts';
    expect(hasChecklistKeyProblems(base)).toBe(true);
    base.categories[2]!.items[0]!.key = 'oilLevel';
    base.categories[3]!.key = 'exterior';
    expect(hasChecklistKeyProblems(base)).toBe(true);
  });
});

describe('helpers', () => {
  it('checklistLabel falls back to German, English, any language, then the key', () => {
    const tracks = DEFAULT_CHECKLIST.categories[0]!.items[0]!;
    expect(checklistLabel(tracks, 'gr')).toBe('Ερπύστριες');
    expect(checklistLabel({ key: 'k', label: { en: 'Tracks', de: 'Ketten', gr: ' ' } }, 'gr')).toBe('Ketten');
    expect(checklistLabel({ key: 'k', label: { en: 'Tracks' } }, 'bg')).toBe('Tracks');
    expect(checklistLabel({ key: 'k', label: { gr: 'Α' } }, 'en')).toBe('Α');
    expect(checklistLabel({ key: 'k', label: {} }, 'de')).toBe('k');
  });

  it('checklistKeyFromLabel makes unique identifiers', () => {
    expect(checklistKeyFromLabel('Hydraulic lines')).toBe('hydraulicLines');
    expect(checklistKeyFromLabel('Ölstand prüfen')).toBe('olstandPrufen');
    expect(checklistKeyFromLabel('Tracks', ['tracks', 'tracks2'])).toBe('tracks3');
    expect(checklistKeyFromLabel('Ερπύστριες', ['item'])).toBe('item2');
    const key = checklistKeyFromLabel('Feuerlöscher');
    expect(checklistConfigSchema.safeParse({ categories: [{ key, label: {}, items: [] }] }).success).toBe(
      true,
    );
  });
});
