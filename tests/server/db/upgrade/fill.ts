import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { RECIPES, type RecipeContext, type Row } from './recipes';

/*
 * Fills a database at any point of its migration history with the recipes' rows, and reads every row
 * back as JSON for comparison. Everything is asked of the database itself (information_schema and
 * pg_catalog), so a table or column added by a later migration needs no code here.
 */

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Column {
  name: string;
  /** format_type(): "uuid", "text[]", "timestamp with time zone", … */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

interface ForeignKey {
  column: string;
  table: string;
  refColumn: string;
}

export interface TableShape {
  name: string;
  columns: Column[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

/** FleetPilot's tables (schema public) as they stand now. */
export async function describeTables(db: Executor): Promise<TableShape[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((t) => t.name);
  const shapes: TableShape[] = [];
  for (const name of tables) {
    const columns = rowsOf<{ name: string; type: string; not_null: boolean; has_default: boolean }>(
      await db.execute(sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
          a.attnotnull as not_null, a.atthasdef or a.attidentity <> '' as has_default
        from pg_attribute a where a.attrelid = ${`public.${q(name)}`}::regclass and a.attnum > 0 and not a.attisdropped
        order by a.attnum`),
    ).map((c) => ({ name: c.name, type: c.type, notNull: c.not_null, hasDefault: c.has_default }));
    const constraints = rowsOf<{
      type: string;
      columns: string[];
      ref_table: string | null;
      ref_columns: string[] | null;
    }>(
      await db.execute(sql`select con.contype as type,
          array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i)::text[] as columns,
          rc.relname as ref_table,
          case when con.confrelid = 0 then null else array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)::text[] end as ref_columns
        from pg_constraint con left join pg_class rc on rc.oid = con.confrelid
        where con.conrelid = ${`public.${q(name)}`}::regclass and con.contype in ('p', 'f')`),
    );
    const pk = constraints.find((c) => c.type === 'p');
    shapes.push({
      name,
      columns,
      primaryKey: pk?.columns ?? [],
      foreignKeys: constraints
        .filter((c) => c.type === 'f' && c.columns.length === 1)
        .map((c) => ({ column: c.columns[0]!, table: c.ref_table!, refColumn: c.ref_columns![0]! })),
    });
  }
  return shapes;
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
export function inDependencyOrder(shapes: readonly TableShape[]): TableShape[] {
  const byName = new Map(shapes.map((s) => [s.name, s]));
  const done = new Set<string>();
  const out: TableShape[] = [];
  const visit = (shape: TableShape, path: string[]) => {
    if (done.has(shape.name) || path.includes(shape.name)) return;
    for (const fk of shape.foreignKeys) {
      const target = byName.get(fk.table);
      if (target && target.name !== shape.name) visit(target, [...path, shape.name]);
    }
    done.add(shape.name);
    out.push(shape);
  };
  for (const shape of shapes) visit(shape, []);
  return out;
}

/** A plain value of a column's type, for NOT NULL columns a recipe leaves out. */
function plainValue(table: string, column: Column): unknown {
  const t = column.type;
  if (t.endsWith('[]')) return [];
  if (t === 'uuid') return randomUUID();
  if (t === 'text' || t.startsWith('character')) return `${table}.${column.name}`;
  if (['integer', 'bigint', 'smallint'].includes(t)) return 1;
  if (t === 'double precision' || t === 'real' || t.startsWith('numeric')) return 1.5;
  if (t === 'boolean') return true;
  if (t === 'date') return '2026-01-15';
  if (t.startsWith('timestamp')) return '2026-01-15T08:30:00.000Z';
  if (t === 'jsonb' || t === 'json') return {};
  throw new Error(
    `${table}.${column.name} (${t}) is NOT NULL without a default and has no value in tests/server/db/upgrade/recipes.ts: add one.`,
  );
}

/** A JS value as the text of a literal of `type` (the parameter is cast to it). */
function literal(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb' || type === 'json') return JSON.stringify(value);
  if (type.endsWith('[]')) {
    const items = (value as unknown[]).map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`);
    return `{${items.join(',')}}`;
  }
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

async function insertRow(db: Executor, shape: TableShape, row: Row): Promise<void> {
  const columns = shape.columns.filter((c) => c.name in row);
  const values: SQL[] = columns.map((c) => sql`${literal(row[c.name], c.type)}::${sql.raw(c.type)}`);
  const names = sql.raw(columns.map((c) => q(c.name)).join(', '));
  const update = columns.filter((c) => !shape.primaryKey.includes(c.name));
  // Some tables get a row from their own migration (sync_counter): the recipe's values replace it.
  const onConflict =
    shape.primaryKey.length && update.length
      ? sql.raw(
          ` on conflict (${shape.primaryKey.map(q).join(', ')}) do update set ${update
            .map((c) => `${q(c.name)} = excluded.${q(c.name)}`)
            .join(', ')}`,
        )
      : sql.raw(shape.primaryKey.length ? ' on conflict do nothing' : '');
  await db.execute(
    sql`insert into ${sql.raw(q(shape.name))} (${names}) values (${sql.join(values, sql`, `)})${onConflict}`,
  );
}

/**
 * Inserts every recipe row into every table (in foreign-key order). Columns a recipe names that the
 * table does not have (yet) are left out; NOT NULL columns without default it does not name get a
 * plain value (a foreign key: the referenced table's first row). Throws, naming them, for tables
 * without a recipe.
 */
export async function fillTables(
  db: Executor,
  shapes: readonly TableShape[],
  ctx: RecipeContext,
): Promise<void> {
  const missing = shapes.filter((s) => !RECIPES[s.name]).map((s) => s.name);
  if (missing.length) {
    throw new Error(
      `No data recipe for table(s) ${missing.join(', ')}: add one to tests/server/upgrade/recipes.ts.`,
    );
  }
  for (const shape of inDependencyOrder(shapes)) {
    for (const recipeRow of RECIPES[shape.name]!.rows(ctx)) {
      const row: Row = {};
      for (const column of shape.columns) {
        if (column.name in recipeRow) row[column.name] = recipeRow[column.name];
        else if (column.notNull && !column.hasDefault) {
          const fk = shape.foreignKeys.find((f) => f.column === column.name);
          if (fk) {
            const [ref] = rowsOf<{ v: unknown }>(
              await db.execute(sql.raw(`select ${q(fk.refColumn)} as v from ${q(fk.table)} limit 1`)),
            );
            if (!ref)
              throw new Error(`${shape.name}.${column.name} needs a row in ${fk.table}, which has none.`);
            row[column.name] = ref.v;
          } else row[column.name] = plainValue(shape.name, column);
        }
      }
      await insertRow(db, shape, row);
    }
  }
}

/** Every row of every table as JSON, keyed by table and primary key. */
export async function readAllRows(
  db: Executor,
  shapes: readonly TableShape[],
): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const out = new Map<string, Map<string, Record<string, unknown>>>();
  for (const shape of shapes) {
    const rows = rowsOf<{ row: Record<string, unknown> }>(
      await db.execute(sql.raw(`select to_jsonb(t) as row from ${q(shape.name)} t`)),
    );
    const keyed = new Map<string, Record<string, unknown>>();
    for (const { row } of rows) {
      const key = shape.primaryKey.length
        ? JSON.stringify(shape.primaryKey.map((c) => row[c]))
        : JSON.stringify(row);
      keyed.set(key, row);
    }
    out.set(shape.name, keyed);
  }
  return out;
}
