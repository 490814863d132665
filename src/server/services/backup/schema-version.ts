import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, type Executor } from '../../db/client';
import type { AppliedMigration } from './manifest';

const journalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), when: z.number(), tag: z.string() })),
});
export type JournalEntry = z.infer<typeof journalSchema>['entries'][number];

/** drizzle's journal of a migrations folder: every migration this build can apply, oldest first. */
export function readJournal(folder: string = MIGRATIONS_FOLDER): JournalEntry[] {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
  return journalSchema
    .parse(raw)
    .entries.slice()
    .sort((a, b) => a.when - b.when);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The migrations applied to a database, oldest first, named from `journal` where it knows them. An
 * empty list for a database drizzle never migrated.
 */
export async function appliedMigrations(
  executor: Executor,
  journal: readonly JournalEntry[] = readJournal(),
): Promise<AppliedMigration[]> {
  const exists = rowsOf<{ found: boolean }>(
    await executor.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
  );
  if (!exists[0]?.found) return [];
  const rows = rowsOf<{ created_at: string | number }>(
    await executor.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at, id`),
  );
  const tags = new Map(journal.map((e) => [e.when, e.tag]));
  return rows.map((r) => {
    const when = Number(r.created_at);
    return { when, tag: tags.get(when) ?? null };
  });
}

export type SchemaComparison =
  | { kind: 'same' }
  | { kind: 'older'; pending: JournalEntry[] }
  | { kind: 'newer'; unknown: AppliedMigration[] }
  | { kind: 'foreign'; unknown: AppliedMigration[] };

/**
 * How a database's migration history relates to this build's: the same, older (this build has the
 * missing migrations and applies them), newer (made by a later FleetPilot) or foreign (migrations this
 * build never had, not later than its own: another build's history).
 */
export function compareSchema(
  applied: readonly AppliedMigration[],
  journal: readonly JournalEntry[] = readJournal(),
): SchemaComparison {
  const known = new Set(journal.map((e) => e.when));
  const unknown = applied.filter((m) => !known.has(m.when));
  const newestKnown = journal.at(-1)?.when ?? 0;
  if (unknown.length > 0) {
    return unknown.some((m) => m.when > newestKnown)
      ? { kind: 'newer', unknown }
      : { kind: 'foreign', unknown };
  }
  const newestApplied = applied.at(-1)?.when ?? 0;
  const pending = journal.filter((e) => e.when > newestApplied);
  return pending.length > 0 ? { kind: 'older', pending } : { kind: 'same' };
}

/** "0009_analytics_day_totals" or, for a migration this build does not know, its timestamp. */
export function migrationLabel(m: AppliedMigration | JournalEntry | null | undefined): string {
  if (!m) return 'none';
  return m.tag ?? `a migration of ${new Date(m.when).toISOString()}`;
}
