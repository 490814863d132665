import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isLazySchema, lazySchema } from '@/domain/lazy-schema';

const plainItem = () =>
  z.object({
    name: z.string().trim().min(1, 'Name is required'),
    count: z.number().int().min(0),
  });

describe('lazySchema', () => {
  it('builds on the first read, once', () => {
    const build = vi.fn(plainItem);
    const item = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(isLazySchema(item)).toBe(true);
    expect(build).not.toHaveBeenCalled();

    expect(item.parse({ name: ' crane ', count: 2 })).toEqual({ name: 'crane', count: 2 });
    item.safeParse({});
    void item.shape;
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('parses and fails as the schema it stands for', () => {
    const lazy = lazySchema(plainItem);
    const plain = plainItem();
    for (const input of [{ name: 'a', count: 1 }, { name: ' ', count: -1 }, { count: 1.5 }, null, 'x']) {
      const a = lazy.safeParse(input);
      const b = plain.safeParse(input);
      expect(a.success).toBe(b.success);
      expect(a.error?.issues).toEqual(b.error?.issues);
    }
  });

  it('nests, extends and converts like the schema', () => {
    const item = lazySchema(plainItem);
    const list = lazySchema(() =>
      z.object({ items: z.array(item).min(1), note: item.shape.name.optional() }),
    );
    const extended = item.extend({ unit: z.enum(['pcs', 'kg']) });

    expect(list.parse({ items: [{ name: 'a', count: 0 }] })).toEqual({ items: [{ name: 'a', count: 0 }] });
    expect(list.safeParse({ items: [{ name: '', count: 0 }] }).error?.issues[0]?.path).toEqual([
      'items',
      0,
      'name',
    ]);
    expect(extended.parse({ name: 'a', count: 1, unit: 'kg' })).toEqual({ name: 'a', count: 1, unit: 'kg' });
    expect(Object.keys(item.shape)).toEqual(['name', 'count']);
    expect(item instanceof z.ZodObject).toBe(true);
    expect(z.toJSONSchema(list)).toEqual(
      z.toJSONSchema(
        z.object({ items: z.array(plainItem()).min(1), note: plainItem().shape.name.optional() }),
      ),
    );
  });

  it('converts to the same JSON Schema, descriptions and wrappers included', () => {
    // Wrappers (optional, nullable, default, pipe) look themselves up by the object they were built
    // as, while the conversion walks the stand-in.
    const note = () => z.string().trim().max(20).describe('A short note');
    const maybe = () => z.string().optional();
    const count = () => z.number().int().nullable().default(0);
    const day = () => z.string().pipe(z.iso.date());
    const plain = z.object({ note: note(), maybe: maybe(), count: count(), day: day(), again: note() });
    const lazyNote = lazySchema(note);
    const lazy = lazySchema(() =>
      z.object({
        note: lazyNote,
        maybe: lazySchema(maybe),
        count: lazySchema(count),
        day: lazySchema(day),
        again: lazyNote,
      }),
    );
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(lazy, { io })).toEqual(z.toJSONSchema(plain, { io }));
      expect(z.toJSONSchema(lazyNote, { io })).toEqual(z.toJSONSchema(note(), { io }));
    }
    expect(lazyNote.description).toBe('A short note');
  });

  it('reports only its own stand-ins', () => {
    expect(isLazySchema(plainItem())).toBe(false);
    expect(isLazySchema(null)).toBe(false);
    expect(isLazySchema('schema')).toBe(false);
  });
});

/** Every module of src/domain, as an import path. */
function domainModules(dir = path.resolve('src/domain')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return domainModules(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

// A module's importers pay for every schema it builds at load, even those that only want a constant;
// on a slow tablet that was tens of milliseconds of the app's start. A schema a module exports is a
// stand-in that builds on first use.
describe('the domain modules', () => {
  it('export their schemas unbuilt', async () => {
    const eager: string[] = [];
    for (const file of domainModules()) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'object' || value === null || isLazySchema(value)) continue;
        if ('_zod' in value) eager.push(`${path.relative('src/domain', file)}: ${name}`);
      }
    }
    expect(eager).toEqual([]);
  });
});
