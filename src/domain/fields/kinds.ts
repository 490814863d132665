import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import {
  encodeIssue,
  encodeRule,
  type EntityRule,
  type FieldLabel,
  type IssueParams,
  type ValidationKey,
} from './messages';

/*
 * Field kinds. Each makes a field definition: its label, its zod schema (the API's rule, issues
 * carrying i18n keys), the value an empty form holds, and the two mappings a form needs — a stored
 * value into the form's value, and the form's value into what the schema reads.
 */

export interface FieldDef<Out, Form> extends FieldLabel {
  readonly schema: z.ZodType<Out, unknown>;
  readonly formDefault: Form;
  /** A stored value (or none) as the form's input holds it. */
  toForm(value: Out | null | undefined): Form;
  /** The form's value as the schema reads it. */
  toPayload(value: Form): unknown;
}

/** Any field: the mappings are methods, so a field of any value types fits. */
export type AnyField = FieldDef<unknown, unknown>;
export type FieldOut<F> = F extends FieldDef<infer O, unknown> ? O : never;
export type FieldForm<F> = F extends FieldDef<unknown, infer V> ? V : never;

type RawIssue = z.core.$ZodRawIssue;

/** What a zod issue means, as a key and the params its text needs. */
function keyOf(issue: RawIssue): [ValidationKey, IssueParams] {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return ['validation.required', {}];
      if (issue.expected === 'int') return ['validation.integer', {}];
      if (issue.expected === 'number') return ['validation.number', {}];
      if (issue.expected === 'array') return ['validation.list', {}];
      if (issue.expected === 'string') return ['validation.text', {}];
      if (issue.expected === 'boolean') return ['validation.flag', {}];
      return ['validation.invalid', {}];
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? ['validation.required', {}] : ['validation.tooShort', { min }];
      if (issue.origin === 'array') return ['validation.tooFew', { min }];
      // A bound the value must exceed (a volume above 0).
      if (issue.inclusive === false) return ['validation.above', { min }];
      return min === 0 ? ['validation.negative', {}] : ['validation.min', { min }];
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return ['validation.tooLong', { max }];
      if (issue.origin === 'array') return ['validation.tooMany', { max }];
      return ['validation.max', { max }];
    }
    case 'invalid_value':
      return ['validation.choice', { options: issue.values.map(String).join(', ') }];
    default:
      return ['validation.invalid', {}];
  }
}

/** The error callback every schema of a field uses: its issues become keyed messages. */
export function fieldError(label: FieldLabel) {
  return (issue: RawIssue) => {
    const [key, params] = keyOf(issue);
    return encodeIssue(key, params, label);
  };
}

/** A rule the issue codes cannot say (a real date, unique names): its key and params given. */
export const keyedError = (
  label: FieldLabel,
  key: ValidationKey,
  params: () => IssueParams = () => ({}),
) => ({
  error: () => encodeIssue(key, params(), label),
});

/** An entity's own rule on a field (see EntityRule). */
export const ruleError = (label: FieldLabel, rule: EntityRule) => ({ error: () => encodeRule(rule, label) });

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const textForm = {
  formDefault: '',
  toForm: (value: string | null | undefined) => value ?? '',
  toPayload: (value: string) => value,
};

/** Text that must not be blank (trimmed). */
export function requiredText(label: FieldLabel, max: number): FieldDef<string, string> {
  const error = fieldError(label);
  return { ...label, ...textForm, schema: lazySchema(() => z.string({ error }).trim().min(1).max(max)) };
}

/** Text that may be empty but is always a string (trimmed). */
export function text(label: FieldLabel, max: number): FieldDef<string, string> {
  const error = fieldError(label);
  return { ...label, ...textForm, schema: lazySchema(() => z.string({ error }).trim().max(max)) };
}

/** Text that may be missing: blank becomes null. */
export function optionalText(label: FieldLabel, max: number): FieldDef<string | null, string> {
  const error = fieldError(label);
  const schema = lazySchema(() =>
    z.preprocess(blankToNull, z.string({ error }).trim().max(max).nullable()).transform((v) => v ?? null),
  );
  return { ...label, ...textForm, schema };
}

export interface NumberRule {
  min?: number;
  /** A bound that moves (next year) is read when a value is checked. */
  max?: number | (() => number);
  integer?: boolean;
  /** The value must exceed this (a volume above 0): `above` says so. */
  above?: number;
  /** Rounded to this many decimals once valid (a price to cents). */
  decimals?: number;
  /** Out of bounds says both ("between 0 and 100") rather than the one bound crossed. */
  range?: boolean;
}

/**
 * Number inputs give '' when empty and may give numeric text while typing, with a decimal comma
 * where the user's language writes one.
 */
function numberOrBlank(value: number | string): number | string {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  const dotted = trimmed.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(dotted) ? Number(dotted) : trimmed;
}

const rounder = (decimals: number | undefined) => {
  if (decimals === undefined) return (v: number) => v;
  const factor = 10 ** decimals;
  return (v: number) => Math.round(v * factor) / factor;
};

function numberSchema(label: FieldLabel, rule: NumberRule) {
  let schema = z.number({ error: fieldError(label) });
  if (rule.integer) schema = schema.int();
  const { min } = rule;
  if (rule.range && min !== undefined && typeof rule.max === 'number') {
    const max = rule.max;
    return schema.refine(
      (v) => v >= min && v <= max,
      keyedError(label, 'validation.between', () => ({ min, max })),
    );
  }
  if (min !== undefined) schema = schema.min(min);
  if (rule.above !== undefined) schema = schema.gt(rule.above);
  const max = rule.max;
  if (typeof max === 'number') return schema.max(max);
  if (max === undefined) return schema;
  return schema.refine(
    (v) => v <= max(),
    keyedError(label, 'validation.max', () => ({ max: max() })),
  );
}

const numberForm = {
  formDefault: '' as number | string,
  toPayload: numberOrBlank,
};

/** A number that may be left empty: blank becomes `blank` (null unless given). */
export function optionalNumber(label: FieldLabel, rule: NumberRule): FieldDef<number | null, number | string>;
export function optionalNumber(
  label: FieldLabel,
  rule: NumberRule,
  blank: number,
): FieldDef<number, number | string>;
export function optionalNumber(
  label: FieldLabel,
  rule: NumberRule,
  blank: number | null = null,
): FieldDef<number | null, number | string> {
  const round = rounder(rule.decimals);
  const schema = lazySchema(() =>
    z
      .preprocess(blankToNull, numberSchema(label, rule).nullable())
      .transform((v) => (v === null ? blank : round(v))),
  );
  return { ...label, ...numberForm, schema, toForm: (value) => value ?? '' };
}

/** A number that must be given. */
export function number(label: FieldLabel, rule: NumberRule): FieldDef<number, number | string> {
  const schema = lazySchema(() =>
    z
      .preprocess((v) => blankToNull(v) ?? undefined, numberSchema(label, rule))
      .transform(rounder(rule.decimals)),
  );
  return { ...label, ...numberForm, schema, toForm: (value) => value ?? '' };
}

/** A date written YYYY-MM-DD that may be left empty (null). */
export function optionalDate(label: FieldLabel): FieldDef<string | null, string> {
  const schema = lazySchema(() => {
    const inner = z
      .string({ error: fieldError(label) })
      .trim()
      .refine(isIsoDate, keyedError(label, 'validation.date'));
    return z.preprocess(blankToNull, inner.nullable()).transform((v) => v ?? null);
  });
  return { ...label, ...textForm, schema };
}

export interface DateRule {
  /**
   * The latest date allowed (YYYY-MM-DD), read when a value is checked: a later one says `future`.
   * Who asks decides what "today" is (the device its own, the server the latest anywhere).
   */
  notAfter?: () => string;
}

/** A date written YYYY-MM-DD that must be given. */
export function date(label: FieldLabel, rule: DateRule = {}): FieldDef<string, string> {
  const { notAfter } = rule;
  const schema = lazySchema(() => {
    const real = z
      .string({ error: fieldError(label) })
      .trim()
      // A blank date is only missing, not also malformed.
      .min(1, { abort: true })
      .refine(isIsoDate, keyedError(label, 'validation.date'));
    // A malformed date says only that (an abort here would also hush the entity's own rules).
    return notAfter
      ? real.refine((v) => !isIsoDate(v) || v <= notAfter(), keyedError(label, 'validation.future'))
      : real;
  });
  return { ...label, ...textForm, schema };
}

/** One of a fixed list; blank takes the default. */
export function choice<const T extends readonly [string, ...string[]]>(
  label: FieldLabel,
  values: T,
  fallback: T[number],
): FieldDef<T[number], T[number]> {
  const schema = lazySchema(() =>
    z.preprocess(
      blankToNull,
      z
        .enum(values, { error: fieldError(label) })
        .nullable()
        .transform((v) => v ?? fallback),
    ),
  );
  return {
    ...label,
    schema: schema as z.ZodType<T[number], unknown>,
    formDefault: fallback,
    toForm: (value) => value ?? fallback,
    toPayload: (value) => value,
  };
}

/** One of a fixed list or none (null); blank is none. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(
  label: FieldLabel,
  values: T,
): FieldDef<T[number] | null, T[number] | null> {
  const schema = lazySchema(() =>
    z
      .preprocess(blankToNull, z.enum(values, { error: fieldError(label) }).nullable())
      .transform((v) => v ?? null),
  );
  return {
    ...label,
    schema: schema as z.ZodType<T[number] | null, unknown>,
    formDefault: null,
    toForm: (value) => value ?? null,
    toPayload: (value) => value,
  };
}

/** The same field with another value in an empty form (a stock count that starts at 0, not blank). */
export function withFormDefault<Out, Form>(field: FieldDef<Out, Form>, empty: Form): FieldDef<Out, Form> {
  return {
    ...field,
    formDefault: empty,
    toForm: (value) => (value === null || value === undefined ? empty : field.toForm(value)),
  };
}

/**
 * A yes/no toggle; a new form holds `initial`. Omitted from a body it is required, unless `missing`
 * says what an omitted one means (a tick the client may leave out).
 */
export function flag(label: FieldLabel, initial: boolean, missing?: boolean): FieldDef<boolean, boolean> {
  const error = fieldError(label);
  const schema = lazySchema(() =>
    missing === undefined ? z.boolean({ error }) : z.preprocess((v) => v ?? missing, z.boolean({ error })),
  );
  return {
    ...label,
    schema: schema as z.ZodType<boolean, unknown>,
    formDefault: initial,
    toForm: (value) => value ?? initial,
    toPayload: (value) => value,
  };
}

/** A reference that may be left empty (null). */
export function optionalReference(label: FieldLabel): FieldDef<string | null, string | null> {
  const schema = lazySchema(() =>
    z.preprocess(blankToNull, z.uuid({ error: fieldError(label) }).nullable()).transform((v) => v ?? null),
  );
  return { ...label, schema, formDefault: null, toForm: (value) => value ?? null, toPayload: (v) => v };
}

/** A reference to another record by its id (UUID); blank is missing. */
export function reference(label: FieldLabel): FieldDef<string, string | null> {
  const schema = lazySchema(() =>
    z.preprocess((v) => (v === null || v === '' ? undefined : v), z.uuid({ error: fieldError(label) })),
  );
  return { ...label, schema, formDefault: null, toForm: (value) => value ?? null, toPayload: (v) => v ?? '' };
}

/**
 * A field whose schema is written by hand (a nested structure the kinds do not cover, a signature):
 * the form holds the stored value as it is. Its schema's messages should come from `fieldError` or
 * `keyedError`, so they travel as keys like the kinds' do.
 */
export function custom<Out>(
  label: FieldLabel,
  schema: z.ZodType<Out, unknown>,
  empty: Out,
): FieldDef<Out, Out> {
  return {
    ...label,
    schema,
    formDefault: empty,
    toForm: (value) => value ?? empty,
    toPayload: (value) => value,
  };
}

/** How a field whose form holds another shape than the API (answers per item) maps both ways. */
export interface FormShape<Out, Form> {
  /** A new record's form value; a function when each form needs its own (fresh objects). */
  empty: () => Form;
  toForm(value: Out): Form;
  toPayload(value: Form): unknown;
}

/**
 * A field whose form holds a shape of its own (the checklist as an answer per item, unanswered ones
 * included): the schema is the API's, the two mappings say how the form's value becomes what it reads.
 */
export function formShaped<Out, Form>(
  label: FieldLabel,
  schema: z.ZodType<Out, unknown>,
  shape: FormShape<Out, Form>,
): FieldDef<Out, Form> {
  return {
    ...label,
    schema,
    get formDefault() {
      return shape.empty();
    },
    toForm: (value) => (value === null || value === undefined ? shape.empty() : shape.toForm(value)),
    toPayload: (value) => shape.toPayload(value),
  };
}

export interface ListRule<Item> {
  max: number;
  /** At least this many entries (a round needs a container). */
  min?: number;
  /** Entries must differ in this (case-insensitive, trimmed): the `unique` message when two match. */
  uniqueBy?: (item: Item) => string;
  /**
   * With `uniqueBy`: the repeat is reported on this field of each later entry that repeats an earlier
   * one (`conveyors.2.key`), under the input the user has to change, rather than once on the list.
   */
  uniqueAt?: { field: string; label: FieldLabel };
}

/** The positions of entries whose `uniqueBy` repeats an earlier one's; blank ones are left alone. */
function repeatedEntries<Item>(entries: readonly unknown[], uniqueBy: (item: Item) => string): number[] {
  const seen = new Set<string>();
  const repeats: number[] = [];
  entries.forEach((entry, i) => {
    let value: unknown;
    try {
      // An entry that failed its own rules may lack the field: it says so itself.
      value = uniqueBy(entry as Item);
    } catch {
      return;
    }
    if (typeof value !== 'string' || !value.trim()) return;
    const key = value.trim().toLowerCase();
    if (seen.has(key)) repeats.push(i);
    seen.add(key);
  });
  return repeats;
}

/** A list of entries of one kind; missing becomes []. */
export function listOf<Out, Form>(
  label: FieldLabel,
  item: FieldDef<Out, Form>,
  rule: ListRule<Out>,
): FieldDef<Out[], Form[]> {
  const schema = lazySchema(() => {
    const { uniqueBy } = rule;
    // A refinement rather than .max(): zod's length checks also run on a value that is not a list (a
    // long string), which would add a second, misleading issue to "must be a list".
    let list = z.array(item.schema, { error: fieldError(label) }).refine(
      (entries) => entries.length <= rule.max,
      keyedError(label, 'validation.tooMany', () => ({ max: rule.max })),
    );
    const { min } = rule;
    if (min !== undefined) {
      list = list.refine(
        (entries) => entries.length >= min,
        keyedError(label, 'validation.tooFew', () => ({ min })),
      );
    }
    const { uniqueAt } = rule;
    if (uniqueBy && uniqueAt) {
      list = list.superRefine(
        (entries, ctx) => {
          for (const i of repeatedEntries(entries, uniqueBy)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, uniqueAt.field],
              message: encodeIssue('validation.unique', {}, uniqueAt.label),
            });
          }
        },
        // Also while another entry is still wrong (a blank key), so the form shows every problem at once.
        { when: ({ value }) => Array.isArray(value) },
      );
    } else if (uniqueBy) {
      list = list.refine(
        (entries) => new Set(entries.map((e) => uniqueBy(e).toLowerCase())).size === entries.length,
        keyedError(label, 'validation.unique'),
      );
    }
    return z.preprocess(blankToNull, list.nullable()).transform((v) => v ?? []);
  });
  return {
    ...label,
    schema,
    formDefault: [],
    toForm: (value) => (value ?? []).map((entry) => item.toForm(entry)),
    toPayload: (value) => value.map((entry) => item.toPayload(entry)),
  };
}

/** What a form row of a keyed list carries besides its fields: a key of the device only. */
export interface RowKey {
  /** Stable while rows are added, removed and moved (a React key); never sent. */
  rowKey: string;
}

let rows = 0;
const nextRowKey = () => `row${++rows}`;

/**
 * A row key of this page. Keys count up from one on every page load, so rows kept from an earlier
 * visit (a draft) take new ones before they join the form: an old `row3` would repeat the one this
 * page makes next.
 */
export const newRowKey = (): string => nextRowKey();

export interface KeyedListRule<Item> extends ListRule<Item> {
  /** How many new rows an empty form starts with (the `min` unless given). */
  rows?: number;
}

export interface KeyedListDef<Out, Form> extends FieldDef<Out[], Array<Form & RowKey>> {
  /** A new row as the form adds it: the entry's empty form value with a key of its own. */
  newRow(): Form & RowKey;
}

/**
 * A list whose form rows carry a row key (rows the user adds, removes and reorders): the key is made on
 * the device when a row enters the form and left out of the payload, so the API never sees it.
 */
export function keyedListOf<Out, Form extends object>(
  label: FieldLabel,
  item: FieldDef<Out, Form>,
  rule: KeyedListRule<Out>,
): KeyedListDef<Out, Form> {
  const list = listOf(label, item, rule);
  const keyed = (form: Form): Form & RowKey => ({ ...form, rowKey: nextRowKey() });
  const newRow = () => keyed(item.toForm(null));
  const emptyRows = () => Array.from({ length: rule.rows ?? rule.min ?? 0 }, newRow);
  return {
    ...label,
    schema: list.schema,
    get formDefault() {
      return emptyRows();
    },
    newRow,
    toForm: (value) =>
      value === null || value === undefined ? emptyRows() : value.map((v) => keyed(item.toForm(v))),
    toPayload: (value) =>
      value.map((row) => {
        const { rowKey: _, ...form } = row;
        return item.toPayload(form as Form);
      }),
  };
}
