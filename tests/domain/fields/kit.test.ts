import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from '@/domain/constants';
import {
  choice,
  custom,
  date,
  decodeIssue,
  defineEntity,
  encodeRule,
  fieldError,
  flag,
  formShaped,
  group,
  keyedListOf,
  keyedIssues,
  listOf,
  number,
  optionalDate,
  optionalNumber,
  optionalChoice,
  optionalGroup,
  optionalText,
  reference,
  renderEnglish,
  requiredText,
  text,
  VALIDATION_ENGLISH,
  VALIDATION_KEYS,
  withFormDefault,
  type AnyField,
} from '@/domain/fields';

const label = (name: string) => ({ label: `test.${name}`, en: name });

/** The one issue a field raises for a value, as key and params. */
function issueOf(field: AnyField, value: unknown) {
  const result = field.schema.safeParse(value);
  expect(result.success).toBe(false);
  const [issue, ...rest] = keyedIssues(result.error!.issues);
  expect(rest).toEqual([]);
  return { key: issue!.key, params: issue!.params, english: issue!.english };
}

describe('field kinds', () => {
  it('required text: required when missing or blank, tooLong with max', () => {
    const f = requiredText(label('Name'), 5);
    expect(f.schema.parse('  ab  ')).toBe('ab');
    expect(issueOf(f, undefined)).toEqual({
      key: 'validation.required',
      params: { field: 'test.Name' },
      english: 'Name is required',
    });
    expect(issueOf(f, '   ').key).toBe('validation.required');
    expect(issueOf(f, 'abcdef')).toEqual({
      key: 'validation.tooLong',
      params: { max: 5, field: 'test.Name' },
      english: 'Name must be at most 5 characters',
    });
    expect(issueOf(f, 12).key).toBe('validation.text');
    expect([f.formDefault, f.toForm(null), f.toForm('x'), f.toPayload('y')]).toEqual(['', '', 'x', 'y']);
  });

  it('text keeps an empty string, optional text turns blank into null', () => {
    expect(text(label('Value'), 3).schema.parse(' ')).toBe('');
    expect(issueOf(text(label('Value'), 3), 'abcd').params).toEqual({ max: 3, field: 'test.Value' });
    const f = optionalText(label('Notes'), 3);
    expect(f.schema.parse('  ')).toBeNull();
    expect(f.schema.parse(undefined)).toBeNull();
    expect(issueOf(f, 'abcd').key).toBe('validation.tooLong');
    expect(f.toForm(null)).toBe('');
  });

  it('numbers: number, integer, negative, min and max (also a moving max) with their params', () => {
    const hours = optionalNumber(label('Hours'), { min: 0, max: 10 });
    expect(hours.schema.parse('')).toBeNull();
    expect(issueOf(hours, 'lots').key).toBe('validation.number');
    expect(issueOf(hours, -1)).toMatchObject({
      key: 'validation.negative',
      english: 'Hours must be non-negative',
    });
    expect(issueOf(hours, 11)).toMatchObject({ key: 'validation.max', params: { max: 10 } });
    const withDefault = optionalNumber(label('Usage'), { min: 0 }, 0);
    expect(withDefault.schema.parse(null)).toBe(0);

    let limit = 2000;
    const year = optionalNumber(label('Year'), { integer: true, min: 1900, max: () => limit });
    expect(issueOf(year, 1899.5).key).toBe('validation.integer');
    expect(issueOf(year, 1800)).toMatchObject({ key: 'validation.min', params: { min: 1900 } });
    expect(issueOf(year, 2001)).toMatchObject({ key: 'validation.max', params: { max: 2000 } });
    limit = 2001;
    expect(year.schema.parse(2001)).toBe(2001);

    const required = number(label('Count'), { integer: true });
    expect(issueOf(required, '').key).toBe('validation.required');
    expect(required.schema.parse(3)).toBe(3);
    // The form holds '' or typed text; the payload is a number where the text is one.
    expect([hours.toPayload('12.5'), hours.toPayload(''), hours.toPayload('1a'), hours.toForm(null)]).toEqual(
      [12.5, '', '1a', ''],
    );
  });

  it('dates: a real calendar date or date, required when a required one is blank', () => {
    const f = optionalDate(label('Bought'));
    expect(f.schema.parse('')).toBeNull();
    expect(f.schema.parse('2024-02-29')).toBe('2024-02-29');
    expect(issueOf(f, '2023-02-29')).toEqual({
      key: 'validation.date',
      params: { field: 'test.Bought' },
      english: 'Bought must be a date (YYYY-MM-DD)',
    });
    const d = date(label('Day'));
    expect(issueOf(d, '').key).toBe('validation.required');
    expect(issueOf(d, '1.2.2024').key).toBe('validation.date');
  });

  it('choice: blank takes the default, anything else off the list is choice with the options', () => {
    const f = choice(label('Status'), ['on', 'off'] as const, 'on');
    expect(f.schema.parse('')).toBe('on');
    expect(issueOf(f, 'broken')).toMatchObject({ key: 'validation.choice', params: { options: 'on, off' } });
    expect(f.formDefault).toBe('on');
  });

  it('a range says both bounds; decimals round once valid; a decimal comma is read', () => {
    const fuel = optionalNumber(label('Fuel'), { min: 0, max: 100, range: true });
    expect(issueOf(fuel, 101)).toEqual({
      key: 'validation.between',
      params: { min: 0, max: 100, field: 'test.Fuel' },
      english: 'Fuel must be between 0 and 100',
    });
    expect(issueOf(fuel, -1).key).toBe('validation.between');
    const price = optionalNumber(label('Price'), { min: 0, decimals: 2 });
    expect(price.schema.parse(price.toPayload('12,345'))).toBe(12.35);
  });

  it('optional choice, reference and another empty form value', () => {
    const kind = optionalChoice(label('Kind'), ['a', 'b'] as const);
    expect([kind.schema.parse(''), kind.formDefault]).toEqual([null, null]);
    expect(issueOf(kind, 'c').key).toBe('validation.choice');
    const machine = reference(label('Machine'));
    expect(issueOf(machine, machine.toPayload(null)).key).toBe('validation.required');
    expect(issueOf(machine, 'not-an-id').key).toBe('validation.invalid');
    expect(machine.schema.parse('0190d6a0-0000-7000-8000-000000000001')).toBe(
      '0190d6a0-0000-7000-8000-000000000001',
    );
    const stock = withFormDefault(optionalNumber(label('Stock'), { min: 0 }, 0), 0);
    expect([stock.formDefault, stock.toForm(null), stock.toForm(5)]).toEqual([0, 0, 5]);
  });

  it('lists: list, tooMany and unique, entries checked by their own fields', () => {
    const entry = group({ key: requiredText(label('Key'), 3), value: text(label('Value'), 10) });
    const f = listOf(label('Specs'), entry, { max: 2, uniqueBy: (e) => e.key });
    expect(f.schema.parse(undefined)).toEqual([]);
    expect(issueOf(f, 'text').key).toBe('validation.list');
    expect(
      issueOf(f, [
        { key: 'a', value: '' },
        { key: 'b', value: '' },
        { key: 'c', value: '' },
      ]),
    ).toMatchObject({
      key: 'validation.tooMany',
      params: { max: 2 },
    });
    expect(
      issueOf(f, [
        { key: 'a', value: '' },
        { key: 'A', value: '' },
      ]).key,
    ).toBe('validation.unique');
    const nested = f.schema.safeParse([{ key: 'abcd', value: '' }]);
    expect(keyedIssues(nested.error!.issues)[0]).toMatchObject({ path: '0.key', key: 'validation.tooLong' });
    expect(f.toForm([{ key: 'a', value: 'b' }])).toEqual([{ key: 'a', value: 'b' }]);
  });

  it("a repeat said under the later entry's field, also while another entry is still wrong", () => {
    const entry = group({ key: requiredText(label('Key'), 3), value: text(label('Value'), 10) });
    const f = listOf(label('Specs'), entry, {
      max: 5,
      uniqueBy: (e) => e.key,
      uniqueAt: { field: 'key', label: label('Key') },
    });
    const result = f.schema.safeParse([
      { key: 'a', value: '' },
      { key: '', value: '' },
      { key: ' A ', value: '' },
      { key: 'b', value: '' },
      { key: 'a', value: '' },
    ]);
    expect(keyedIssues(result.error!.issues).map(({ path, key }) => ({ path, key }))).toEqual([
      { path: '1.key', key: 'validation.required' },
      { path: '2.key', key: 'validation.unique' },
      { path: '4.key', key: 'validation.unique' },
    ]);
    expect(keyedIssues(result.error!.issues)[1]!.english).toBe('Key must be unique');
    expect(
      f.schema.safeParse([
        { key: 'a', value: '' },
        { key: 'b', value: '' },
      ]).success,
    ).toBe(true);
  });

  it("a group's own rule across its fields, its path relative to the group", () => {
    const span = group({ from: number(label('From'), {}), to: number(label('To'), {}) }, (schema) =>
      schema.refine((s) => s.to > s.from, { path: ['to'], message: 'To must be after From' }),
    );
    const doc = defineEntity({ span });
    const result = doc.schema.safeParse({ span: { from: 5, to: 3 } });
    expect(keyedIssues(result.error!.issues)).toMatchObject([
      { path: 'span.to', english: 'To must be after From' },
    ]);
    expect(doc.schema.parse({ span: { from: 1, to: 3 } })).toEqual({ span: { from: 1, to: 3 } });
  });
});

describe('form-only shapes', () => {
  it('a date not after a moving today says future, and a malformed one only date', () => {
    let today = '2026-03-10';
    const f = date(label('Day'), { notAfter: () => today });
    expect(f.schema.parse('2026-03-10')).toBe('2026-03-10');
    expect(f.schema.parse('1999-01-01')).toBe('1999-01-01');
    expect(issueOf(f, '2026-03-11')).toEqual({
      key: 'validation.future',
      params: { field: 'test.Day' },
      english: 'Day cannot be in the future',
    });
    today = '2026-03-11';
    expect(f.schema.parse('2026-03-11')).toBe('2026-03-11');
    expect(issueOf(f, '2026-02-30').key).toBe('validation.date');
    expect(issueOf(f, '9999-99-99').key).toBe('validation.date');
  });

  it('a flag: required unless an omitted one has a meaning, anything but true or false says so', () => {
    const f = flag(label('Done'), false, false);
    expect(f.schema.parse(undefined)).toBe(false);
    const required = flag(label('Working'), true);
    expect(issueOf(required, undefined)).toMatchObject({ key: 'validation.required' });
    expect(required.schema.parse(false)).toBe(false);
    expect([required.formDefault, required.toForm(null)]).toEqual([true, true]);
    expect(f.schema.parse(true)).toBe(true);
    expect(issueOf(f, 'yes')).toEqual({
      key: 'validation.flag',
      params: { field: 'test.Done' },
      english: 'Done must be true or false',
    });
    expect([f.formDefault, f.toForm(null), f.toForm(true), f.toPayload(false)]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('a bound the value must exceed says above with its min', () => {
    const volume = custom(label('Volume'), z.number({ error: fieldError(label('Volume')) }).gt(0), 1);
    expect(issueOf(volume, 0)).toEqual({
      key: 'validation.above',
      params: { min: 0, field: 'test.Volume' },
      english: 'Volume must be greater than 0',
    });
    expect(volume.schema.parse(0.5)).toBe(0.5);
  });

  it('a shaped field maps its own form value both ways and gives each form a fresh empty one', () => {
    const f = formShaped(label('Answers'), z.record(z.string(), z.string()), {
      empty: () => ({}) as Record<string, { answer: string | null }>,
      toForm: (stored) => Object.fromEntries(Object.entries(stored).map(([k, answer]) => [k, { answer }])),
      toPayload: (form) =>
        Object.fromEntries(
          Object.entries(form).flatMap(([k, { answer }]) => (answer === null ? [] : [[k, answer]])),
        ),
    });
    expect(f.toForm({ a: 'x' })).toEqual({ a: { answer: 'x' } });
    expect(f.toPayload({ a: { answer: 'x' }, b: { answer: null } })).toEqual({ a: 'x' });
    const first = f.toForm(null);
    expect(first).toEqual({});
    expect(first).not.toBe(f.toForm(null));
    expect(f.formDefault).not.toBe(f.formDefault);
  });

  it('a keyed list gives each form row a key of its own and leaves it out of the payload', () => {
    const entry = group({ name: requiredText(label('Name'), 5), count: number(label('Count'), { min: 1 }) });
    const f = keyedListOf(label('Rows'), entry, { max: 3, min: 1 });
    const empty = f.toForm(null);
    expect(empty).toHaveLength(1);
    expect(empty[0]).toMatchObject({ name: '', count: '' });
    const form = f.toForm([
      { name: 'a', count: 1 },
      { name: 'b', count: 2 },
    ]);
    expect(form.map((row) => row.name)).toEqual(['a', 'b']);
    const keys = [...empty, ...form, f.newRow()].map((row) => row.rowKey);
    expect(new Set(keys).size).toBe(4);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
    expect(f.toPayload([...form, { ...f.newRow(), name: 'c', count: '3' }])).toEqual([
      { name: 'a', count: 1 },
      { name: 'b', count: 2 },
      { name: 'c', count: 3 },
    ]);
    expect(f.schema.parse(f.toPayload(form))).toEqual([
      { name: 'a', count: 1 },
      { name: 'b', count: 2 },
    ]);
    expect(issueOf(f, []).key).toBe('validation.tooFew');
    const rounds = keyedListOf(label('Rounds'), entry, { max: 3, rows: 2 });
    expect(rounds.toForm(null)).toHaveLength(2);
    expect(keyedListOf(label('None'), entry, { max: 3 }).toForm(null)).toEqual([]);
  });

  it('an optional group: the form always holds its inputs, the API null when none is given', () => {
    const f = optionalGroup(label('Weather'), {
      temperature: optionalNumber(label('Temperature'), { min: -80, max: 70 }),
      conditions: optionalText(label('Conditions'), 10),
    });
    expect(f.toForm(null)).toEqual({ temperature: '', conditions: '' });
    expect(f.toForm({ temperature: 12, conditions: null })).toEqual({ temperature: 12, conditions: '' });
    const payload = f.toPayload({ temperature: '12,5', conditions: ' ' });
    expect(payload).toEqual({ temperature: 12.5, conditions: ' ' });
    expect(f.schema.parse(payload)).toEqual({ temperature: 12.5, conditions: null });
    expect(f.schema.parse(f.toPayload({ temperature: '', conditions: '' }))).toBeNull();
    expect(f.schema.parse(undefined)).toBeNull();
    const bad = f.schema.safeParse(f.toPayload({ temperature: '100', conditions: '' }));
    expect(keyedIssues(bad.error!.issues)[0]).toMatchObject({ path: 'temperature', key: 'validation.max' });
  });
});

describe('entities', () => {
  const entity = defineEntity({
    name: requiredText(label('Name'), 10),
    hours: optionalNumber(label('Hours'), { min: 0 }, 0),
    state: choice(label('State'), ['a', 'b'] as const, 'a'),
  });

  it('derives the schema, names, form defaults and both mappings from one declaration', () => {
    expect(entity.names).toEqual(['name', 'hours', 'state']);
    expect(entity.formDefaults()).toEqual({ name: '', hours: '', state: 'a' });
    expect(entity.toForm({ name: 'X', hours: 3 })).toEqual({ name: 'X', hours: 3, state: 'a' });
    expect(entity.toPayload({ name: 'X', hours: '4', state: 'b' })).toEqual({
      name: 'X',
      hours: 4,
      state: 'b',
    });
    expect(entity.toRecord({ name: ' X ', hours: '', state: 'b' })).toEqual({
      name: 'X',
      hours: 0,
      state: 'b',
    });
    expect(Object.keys(entity.schema.shape)).toEqual(entity.names);
  });

  it('validates a form into keyed issues by path', () => {
    expect(entity.validate({ name: '', hours: -2, state: 'a' })).toEqual([
      { path: 'name', key: 'validation.required', params: { field: 'test.Name' } },
      { path: 'hours', key: 'validation.negative', params: { field: 'test.Hours' } },
    ]);
    expect(entity.validate({ name: 'ok', hours: 1, state: 'b' })).toEqual([]);
  });
});

describe('an entity with a rule across its fields', () => {
  const SAME = { key: 'test.validation.same', en: 'End must differ from start' } as const;
  const entity = defineEntity(
    { start: requiredText(label('Start'), 5), end: requiredText(label('End'), 5) },
    (schema) =>
      schema.refine((v) => v.start !== v.end, {
        path: ['end'],
        error: () => encodeRule(SAME, label('End')),
      }),
  );

  it('applies the rule in its schema, its validation and its record', () => {
    expect(entity.validate({ start: 'a', end: 'a' })).toEqual([
      { path: 'end', key: 'test.validation.same', params: { field: 'test.End' } },
    ]);
    expect(entity.schema.safeParse({ start: 'a', end: 'a' }).success).toBe(false);
    expect(() => entity.toRecord({ start: 'a', end: 'a' })).toThrow();
    expect(entity.toRecord({ start: 'a', end: 'b' })).toEqual({ start: 'a', end: 'b' });
  });
});

describe('messages', () => {
  it('answers API clients the English the app shows (choice alone also names the values)', () => {
    const file = path.resolve(import.meta.dirname, '../../../src/client/i18n/locales/en.json');
    const en = (JSON.parse(fs.readFileSync(file, 'utf8')) as { validation: Record<string, string> })
      .validation;
    for (const key of VALIDATION_KEYS.filter((k) => k !== 'validation.choice'))
      expect(en[key.replace('validation.', '')], key).toBe(VALIDATION_ENGLISH[key]);
  });

  it("carries an entity's own rule as its key, with its English", () => {
    const rule = {
      key: 'logbook.validation.noteRequired',
      en: 'A conveyor that is not functional needs a note',
    } as const;
    expect(decodeIssue(encodeRule(rule, label('Notes')))).toEqual({
      key: 'logbook.validation.noteRequired',
      params: { field: 'test.Notes' },
      english: 'A conveyor that is not functional needs a note',
    });
    // A key of that shape without its English is not one of ours.
    expect(decodeIssue('logbook.validation.noteRequired {}').key).toBe('validation.invalid');
  });

  it('reads a plain message from outside the kit as invalid, its text kept', () => {
    expect(decodeIssue('Id must be a UUID')).toEqual({
      key: 'validation.invalid',
      params: {},
      english: 'Id must be a UUID',
    });
    expect(decodeIssue('validation.unknownKey {}').key).toBe('validation.invalid');
  });

  it('has English for every key, with every placeholder filled', () => {
    for (const key of VALIDATION_KEYS) {
      const text = renderEnglish(key, { max: 1, min: 1, options: 'a', characters: 'b' }, 'Field');
      expect(text).toMatch(/^Field[ :]/);
      expect(text).not.toContain('{{');
    }
  });

  it('is translated in every locale, using only the params the kit gives', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const language of LANGUAGES) {
      const file = path.join(root, 'src/client/i18n/locales', `${language}.json`);
      const locale = JSON.parse(fs.readFileSync(file, 'utf8')) as { validation: Record<string, string> };
      expect(Object.keys(locale.validation).sort(), language).toEqual(
        VALIDATION_KEYS.map((k) => k.replace('validation.', '')).sort(),
      );
      for (const [key, value] of Object.entries(locale.validation)) {
        const used = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        expect(
          used.every((p) => ['max', 'min', 'field', 'options', 'characters'].includes(p!)),
          `${language} ${key}`,
        ).toBe(true);
      }
    }
  });
});
