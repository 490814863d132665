import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import type { AnyField, FieldDef, FieldForm, FieldOut } from './kinds';
import type { FieldLabel } from './messages';
import { keyedIssues, type KeyedIssue } from './messages';

/*
 * An entity's fields, declared once. The API schema, the list of field names (what a field-level
 * PATCH accepts), the empty form, the record → form and form → payload mappings, and the keyed
 * validation of a form all derive from the declaration.
 */

export type FieldMap = Record<string, AnyField>;
export type EntityOut<F extends FieldMap> = { [K in keyof F]: FieldOut<F[K]> };
export type EntityForm<F extends FieldMap> = { [K in keyof F]: FieldForm<F[K]> };
type Shape<F extends FieldMap> = { [K in keyof F]: F[K]['schema'] };

export interface Entity<F extends FieldMap> {
  readonly fields: F;
  /** The field names, in declaration order. */
  readonly names: ReadonlyArray<keyof F & string>;
  /** The editable fields as the API reads them. */
  readonly schema: z.ZodObject<Shape<F>>;
  /** A new record's form. */
  formDefaults(): EntityForm<F>;
  /** A stored record (or the fields it has) as the form holds it. */
  toForm(record: Partial<EntityOut<F>> | null | undefined): EntityForm<F>;
  /** The form as the schema reads it. */
  toPayload(form: EntityForm<F>): Record<string, unknown>;
  /** The form's issues as keys with params, paths as the form names its inputs (`specs.2.key`). */
  validate(form: EntityForm<F>): KeyedIssue[];
  /** The form as the stored record will hold it (the schema's output); throws on invalid input. */
  toRecord(form: EntityForm<F>): EntityOut<F>;
}

function mapFields<F extends FieldMap, R>(fields: F, each: (field: AnyField, name: keyof F & string) => R) {
  return Object.fromEntries(Object.keys(fields).map((name) => [name, each(fields[name]!, name)]));
}

/**
 * `rules`: checks across fields (a shift end that differs from its start), added to the schema so the
 * server, the form's validation and `toRecord` all apply them.
 */
export function defineEntity<F extends FieldMap>(
  fields: F,
  rules: (schema: z.ZodObject<Shape<F>>) => z.ZodObject<Shape<F>> = (schema) => schema,
): Entity<F> {
  const schema = lazySchema(() => rules(z.object(mapFields(fields, (field) => field.schema) as Shape<F>)));
  const toPayload = (form: EntityForm<F>) =>
    mapFields(fields, (field, name) => field.toPayload(form[name])) as Record<string, unknown>;
  return {
    fields,
    names: Object.keys(fields),
    schema,
    formDefaults: () => mapFields(fields, (field) => field.toForm(null)) as EntityForm<F>,
    toForm: (record) =>
      mapFields(fields, (field, name) => field.toForm(record?.[name] ?? null)) as EntityForm<F>,
    toPayload,
    validate: (form) => {
      const result = schema.safeParse(toPayload(form));
      return result.success ? [] : keyedIssues(result.error.issues).map(({ english: _, ...issue }) => issue);
    },
    toRecord: (form) => schema.parse(toPayload(form)) as EntityOut<F>,
  };
}

/**
 * A group of fields as one field: an entry of a list (a specification's name and value), or a nested
 * object of a document (a site's name and coordinates). `rules` are checks across its fields (a
 * shift's end that differs from its start), their paths relative to the group.
 */
export function group<F extends FieldMap>(
  fields: F,
  rules?: (schema: z.ZodObject<Shape<F>>) => z.ZodObject<Shape<F>>,
): FieldDef<EntityOut<F>, EntityForm<F>> {
  const entity = defineEntity(fields, rules);
  return {
    label: '',
    en: '',
    schema: entity.schema as unknown as z.ZodType<EntityOut<F>, unknown>,
    get formDefault() {
      return entity.formDefaults();
    },
    toForm: (value) => entity.toForm(value),
    toPayload: (value) => entity.toPayload(value),
  };
}

/**
 * A nested object of fields that may be missing as a whole (an entry's weather): the form always holds
 * its fields' inputs; the API stores null when none of them is given (or the object is missing).
 */
export function optionalGroup<F extends FieldMap>(
  label: FieldLabel,
  fields: F,
): FieldDef<EntityOut<F> | null, EntityForm<F>> {
  const entity = defineEntity(fields);
  const inner = entity.schema as unknown as z.ZodType<EntityOut<F>, unknown>;
  const schema = z
    .preprocess((v) => v ?? null, inner.nullable())
    .transform((v) => (v && Object.values(v).some((part) => part !== null) ? v : null));
  return {
    ...label,
    schema: schema as z.ZodType<EntityOut<F> | null, unknown>,
    get formDefault() {
      return entity.formDefaults();
    },
    toForm: (value) => entity.toForm(value),
    toPayload: (value) => entity.toPayload(value),
  };
}
