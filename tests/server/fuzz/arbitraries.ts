import fc from 'fast-check';

/** The slice of JSON Schema the OpenAPI document uses for parameters and bodies. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

/** Text no server may choke on: control characters, NUL, lone surrogates, odd Unicode, overlong. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\ud800',
    '\udfff',
    '\u202e\u2066',
    '\ufeff',
    '𝕏😀👩‍👩‍👧',
    'Ω≈ç√∫',
    "'; drop table users; --",
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '<script>alert(1)</script>',
    '=cmd|" /C calc"!A0',
    ' ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 3 }).map((n) => 'x'.repeat(10 ** (n + 2))),
);

/** A value of the wrong kind, whatever the schema asked for. */
export const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 1e308),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  hostileString,
);

/** Nesting far deeper than any legitimate document, and arrays far longer. */
export const deepNesting = fc.integer({ min: 200, max: 3000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
export const hugeArray = fc
  .integer({ min: 5000, max: 20000 })
  .map((n) => Array.from({ length: n }, (_, i) => i));

function pick(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!;
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/**
 * Values the schema allows, leaning to its edges (empty and longest strings, limits of numbers,
 * optional fields left out). Formats the generator cannot honour simply get a best effort: a 400 is
 * an acceptable answer too, a 5xx never is.
 */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const s = pick(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 60, 5000);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.min(max, min + 20) }),
        fc.constant('x'.repeat(max)),
        fc.constant('y'.repeat(min)),
      );
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? -1e6;
      const max = s.maximum ?? 1e6;
      return fc.oneof(
        fc.constantFrom(min, max),
        typeOf(s) === 'integer'
          ? fc.integer({
              min: Math.ceil(Math.max(min, -(2 ** 31))),
              max: Math.floor(Math.min(max, 2 ** 31 - 1)),
            })
          : fc.double({ min, max, noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(validValue(s.items ?? {}, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      if (depth > 4 || !s.properties) return fc.constant({});
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties).map(
        ([key, inner]) => [key, validValue(inner, depth + 1)] as const,
      );
      return fc.record(Object.fromEntries(entries), {
        requiredKeys: [...required].filter((k) => k in s.properties!),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A document with the schema's shape where one field (or the whole) is replaced by something hostile. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const s = pick(schema);
  const whole = fc.oneof(wrongType, deepNesting, hugeArray);
  if (typeOf(s) !== 'object' || !s.properties || Object.keys(s.properties).length === 0) {
    return fc.oneof(whole, hostileString);
  }
  const keys = Object.keys(s.properties);
  return fc.oneof(
    whole,
    fc
      .tuple(
        validValue(s) as fc.Arbitrary<Record<string, unknown>>,
        fc.constantFrom(...keys),
        fc.oneof(wrongType, hostileString, deepNesting),
      )
      .map(([base, key, bad]) => ({ ...(base ?? {}), [key]: bad })),
    fc
      .tuple(
        validValue(s) as fc.Arbitrary<Record<string, unknown>>,
        hostileString,
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([base, key, extra]) => ({ ...(base ?? {}), [key]: extra })),
  );
}

/** A query-string or path value: the schema's, or a hostile one. */
export function parameterValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 2, arbitrary: validValue(schema) },
      { weight: 1, arbitrary: fc.oneof(hostileString, wrongType) },
    )
    .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
}
