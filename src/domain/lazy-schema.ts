import { z } from 'zod';

/**
 * A schema that is built the first time anything reads it.
 *
 * Building a zod schema is not free: every step of a chain (`z.string().trim().min(1)`) is a new
 * schema whose constructor runs each of its traits and attaches its methods. A domain module defines
 * dozens of them at its top level, and every importer pays for all of them when the module loads,
 * even one that only wants a constant or a status table from it. On a slow tablet the app's start
 * spent tens of milliseconds in one task building schemas it would use seconds later, or never on
 * that screen.
 *
 * The stand-in forwards every read to the schema, building it once on the first, so callers use it
 * exactly as the schema itself: `parse`, `shape`, `extend`, `instanceof`, nesting it in another schema,
 * `z.infer` and `z.toJSONSchema` all work unchanged. Nesting one lazy schema in another's builder
 * keeps both lazy.
 *
 * Marked free of side effects, so a bundle leaves out the lazy schemas nothing in it reads, builder
 * and all.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends z.core.$ZodType>(build: () => T): T {
  let schema: T | undefined;
  let internals: object | undefined;
  const real = (): T => {
    if (schema) return schema;
    const built = build();
    internals = jsonSchemaInternals(standIn, built);
    // Metadata (a description) is registered on the schema the builder made; lookups of the stand-in
    // find it too.
    const meta = z.globalRegistry.get(built);
    if (meta) z.globalRegistry.add(standIn, meta);
    schema = built;
    return built;
  };
  // An empty, extensible target: the proxy's invariants then allow it to report whatever the real
  // schema has, as long as no property is reported as non-configurable.
  const standIn: T = new Proxy(Object.create(null) as T, {
    get: (_target, key) => {
      const target = real();
      return key === '_zod' ? internals : Reflect.get(target, key);
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  standIns.add(standIn);
  return standIn;
}

const standIns = new WeakSet<object>();

/** Whether `value` is a stand-in made by `lazySchema`; asking does not build it. */
export function isLazySchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && standIns.has(value);
}

/**
 * The schema's internals as the stand-in shows them. `z.toJSONSchema` keys what it has seen by the
 * object it was handed (the stand-in), while the schema's own converter looks itself up by the
 * object it was built as: for the length of that call both names lead to the same entry.
 */
function jsonSchemaInternals(standIn: z.core.$ZodType, schema: z.core.$ZodType): object {
  const own = schema._zod;
  const convert = own.processJSONSchema;
  if (!convert) return own;
  const processJSONSchema: typeof convert = (ctx, json, params) => {
    const entry = ctx.seen.get(standIn);
    const earlier = ctx.seen.get(schema);
    if (entry) ctx.seen.set(schema, entry);
    try {
      convert(ctx, json, params);
    } finally {
      if (earlier) ctx.seen.set(schema, earlier);
      else ctx.seen.delete(schema);
    }
  };
  return Object.create(own, { processJSONSchema: { value: processJSONSchema } }) as object;
}
