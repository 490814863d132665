import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '@/server/db/client';
import { readJournal, type JournalEntry } from '@/server/services/backup/schema-version';

/** Every migration of this build, oldest first, as drizzle's journal lists them. */
export function migrationHistory(): JournalEntry[] {
  return readJournal(MIGRATIONS_FOLDER);
}

/**
 * A migrations folder holding only the first `count` migrations of this build's history: a database
 * migrated with it stands where an installation of that earlier version stood.
 */
export function historyUpTo(count: number, into?: string): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  const entries = journal.entries
    .slice()
    .sort((a, b) => a.when - b.when)
    .slice(0, count);
  const dir = into ?? fs.mkdtempSync(path.join(os.tmpdir(), `fp-history-${count}-`));
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const entry of entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

/**
 * This build's history plus one more migration (a later FleetPilot's): what a database of a newer
 * version looks like to this one.
 */
export function historyWithFutureMigration(sqlText: string): string {
  const count = migrationHistory().length;
  const dir = historyUpTo(count);
  const journalPath = path.join(dir, 'meta', '_journal.json');
  // Raw entries: drizzle also reads `breakpoints` and `version` from them.
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
  const last = journal.entries.at(-1)!;
  const tag = `${String(count).padStart(4, '0')}_from_the_future`;
  journal.entries.push({ ...last, idx: count, when: last.when + 86_400_000, tag });
  fs.writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(dir, `${tag}.sql`), sqlText);
  return dir;
}
