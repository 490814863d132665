import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_COLLECTION_API, SYNC_COLLECTIONS } from '@/domain/sync';
import { buildApp } from '@/server/app';
import { hashPassword } from '@/server/bootstrap';
import type { DatabaseHandle } from '@/server/db/client';
import { appliedMigrations } from '@/server/services/backup/schema-version';
import { createTestDatabase, login, testConfig } from '../support/helpers';
import { describeTables, fillTables, readAllRows, type TableShape } from './upgrade/fill';
import { historyUpTo, migrationHistory } from './upgrade/history';
import {
  IDS,
  RECIPES,
  REWRITTEN_BY_MIGRATIONS,
  UPGRADE_ADMIN,
  UPGRADE_ADMIN_PASSWORD,
  type RecipeContext,
} from './upgrade/recipes';

/*
 * Upgrades keep data: for every point of the migration history (read from drizzle's journal, so a new
 * migration is covered without a change here) a database is built at that point, every table gets data
 * (tests/server/db/upgrade/recipes.ts), it is migrated to the latest schema, every row is checked to be
 * there with its values, and the app reads it. On PGlite by default, on PostgreSQL with DATABASE_URL.
 */

const history = migrationHistory();

/**
 * The live synced rows the recipes put in each table (rows with a change cursor and no deletion): the
 * pull must serve them after the upgrade. Read from the recipes, so a new mirrored table needs only its
 * recipe.
 */
function syncedRows(ctx: RecipeContext, table: string): string[] {
  return (RECIPES[table]?.rows(ctx) ?? [])
    .filter((row) => row.change_seq !== undefined && row.deleted_at == null)
    .map((row) => String(row.id));
}

/** Read endpoints of every module: each must answer 200 on the migrated data. */
const READS = [
  ...SYNC_COLLECTIONS.map((name) => `/api${SYNC_COLLECTION_API[name].path}`),
  '/api/auth/me',
  '/api/users',
  '/api/settings',
  '/api/audit',
  '/api/notifications',
  '/api/checklist-config',
  '/api/containers/drivers',
  '/api/containers/trucks',
  '/api/containers/types',
  '/api/dashboard',
  '/api/analytics/detailed',
  '/api/notification-channels',
  '/api/ai/admin/config',
];

let ctx: RecipeContext;
beforeAll(async () => {
  ctx = { adminPasswordHash: await hashPassword(UPGRADE_ADMIN_PASSWORD) };
});

function pick(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c, row[c]]));
}

/** Columns present before and after with the same type, less those a migration rewrites on purpose. */
function comparableColumns(before: TableShape, after: TableShape): string[] {
  const rewritten = REWRITTEN_BY_MIGRATIONS[before.name] ?? [];
  return before.columns
    .filter((c) => after.columns.some((a) => a.name === c.name && a.type === c.type))
    .map((c) => c.name)
    .filter((name) => !rewritten.includes(name));
}

async function readThroughApp(handle: DatabaseHandle, filled: readonly string[]) {
  const app = await buildApp(testConfig(), {
    database: handle,
    logger: false,
    notificationChannels: { background: false },
    backups: { controlSocket: false, scheduleTimer: false },
  });
  try {
    await app.ready();
    const token = await login(app, UPGRADE_ADMIN, UPGRADE_ADMIN_PASSWORD);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
    for (const url of READS) {
      const res = await get(url);
      expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    }
    const users = (await get('/api/users?limit=100')).json() as { items: Array<{ id: string }> };
    expect(users.items.map((u) => u.id)).toEqual(expect.arrayContaining([IDS.admin, IDS.operator]));

    const pull = (await get('/api/sync/pull?limit=1000')).json() as {
      changes: Array<{ id: string; deleted: boolean }>;
    };
    const served = pull.changes.filter((c) => !c.deleted).map((c) => c.id);
    const expected = filled.flatMap((table) => syncedRows(ctx, table));
    expect(served).toEqual(expect.arrayContaining(expected));
  } finally {
    await app.close();
  }
}

describe('upgrades keep data', () => {
  it('reads the whole history from the journal', () => {
    expect(history.length).toBeGreaterThan(0);
    expect(new Set(history.map((e) => e.when)).size).toBe(history.length);
  });

  it.each(history.map((entry, index) => [index + 1, entry.tag] as const))(
    'a database after %i migration(s) (up to %s) with data in every table migrates to the latest and keeps it',
    async (count) => {
      const handle = await createTestDatabase({ migrationsFolder: historyUpTo(count) });
      try {
        expect(await appliedMigrations(handle.db)).toHaveLength(count);
        const shapes = await describeTables(handle.db);
        await fillTables(handle.db, shapes, ctx);
        const before = await readAllRows(handle.db, shapes);
        for (const shape of shapes) {
          expect(before.get(shape.name)!.size, `rows in ${shape.name}`).toBeGreaterThan(0);
        }

        await handle.migrate();
        expect(await appliedMigrations(handle.db)).toHaveLength(history.length);
        const afterShapes = await describeTables(handle.db);
        const after = await readAllRows(handle.db, afterShapes);
        for (const shape of shapes) {
          const afterShape = afterShapes.find((s) => s.name === shape.name);
          expect(afterShape, `table ${shape.name} still exists after the upgrade`).toBeDefined();
          if (RECIPES[shape.name]?.derived) continue;
          const columns = comparableColumns(shape, afterShape!);
          const rows = after.get(shape.name)!;
          for (const [key, row] of before.get(shape.name)!) {
            const kept = rows.get(key);
            expect(kept, `${shape.name} ${key} is kept`).toBeDefined();
            expect(pick(kept!, columns), `${shape.name} ${key}`).toEqual(pick(row, columns));
          }
        }
        await readThroughApp(
          handle,
          shapes.map((s) => s.name),
        );
      } finally {
        await handle.close();
      }
    },
    180_000,
  );
});
