import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The schemas FleetPilot keeps data in: its tables, and drizzle's migration history. */
const DATA_SCHEMAS = ['public', 'drizzle'];

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** "users" for FleetPilot's own tables, "drizzle.__drizzle_migrations" for the others. */
function tableKey(schema: string, table: string): string {
  return schema === 'public' ? table : `${schema}.${table}`;
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Rows per table of every table in the data schemas, sorted by name — what a manifest records and a
 * restore checks. Run it in the snapshot's transaction so the counts match what is copied.
 */
export async function countTables(executor: Executor): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_schema: string; table_name: string }>(
    await executor.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in (${sql.join(
        DATA_SCHEMAS.map((s) => sql`${s}`),
        sql`, `,
      )})
      order by table_schema, table_name`),
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = rowsOf<{ n: string | number }>(
      await executor.execute(
        sql.raw(`select count(*) as n from ${quoted(t.table_schema)}.${quoted(t.table_name)}`),
      ),
    );
    counts[tableKey(t.table_schema, t.table_name)] = Number(row?.n ?? 0);
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** The differences between expected and found counts, one readable line each (empty when equal). */
export function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if (!(table in found)) problems.push(`table ${table} is missing (expected ${n} rows)`);
    else if (found[table] !== n) problems.push(`table ${table} has ${found[table]} rows, expected ${n}`);
  }
  for (const table of Object.keys(found)) {
    if (!(table in expected)) problems.push(`table ${table} is not in the manifest`);
  }
  return problems;
}
