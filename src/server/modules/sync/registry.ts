import {
  and,
  asc,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lt,
  sql,
  type InferSelectModel,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FeatureFlag } from '@/domain/features';
import type { Action, Actor } from '@/domain/permissions';
import type { Executor } from '../../db/client';

/*
 * The registry of synced collections. A module that mirrors its rows to the client registers itself in
 * its routes plugin:
 *
 *   app.sync.register(defineSyncCollection({
 *     name: 'reports', table: reports, feature: 'reports', readAction: 'report:read',
 *     toApi: (rows, { executor }) => reportsToApi(executor, rows),   // what GET /api/reports returns
 *   }));
 *
 * The table must use `syncedColumns()` / `syncedIndexes()` from src/server/db/synced.ts, and its writes
 * must go through `app.runWrite(..., { collections: ['reports'] }, …)` stamping each row with
 * `w.stamp('reports')`. The pull (routes.ts) and the tombstone purge (purge.ts) then serve it.
 *
 * Per-user rows: a collection whose readers may see only some rows adds `visibleTo(viewer)`, a
 * where-clause on its table (e.g. dispo: a driver sees only their own published assignments). The pull
 * then serves a viewer only the rows it selects; a row changed since the cursor that the viewer may NOT
 * see is served as a tombstone (`deleted: true`, no data), so a row that leaves the viewer's view — an
 * assignment moved to another driver — leaves their mirror too. A fresh mirror (cursor 0) gets no
 * tombstones, as always. The price is that such a viewer learns the ids of rows changed outside their
 * view, never their content.
 */

export type SyncedTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  changeSeq: AnyPgColumn;
  deletedAt: AnyPgColumn;
};

export interface SyncCollectionDefinition<TTable extends SyncedTable, TApi> {
  /** The collection name clients use (`collections=` of the pull, the Dexie table). */
  name: string;
  table: TTable;
  /** The feature flag that hides the module (null: always on). */
  feature: FeatureFlag | null;
  /** The policy action a user needs to read it. */
  readAction: Action;
  /** Rows → the list endpoint's items, same order. Batched so a mapper can load its context once. */
  toApi(rows: Array<InferSelectModel<TTable>>, ctx: { executor: Executor }): Promise<TApi[]>;
  /** Stored files of a row, removed from storage when its tombstone is purged. */
  filesOf?(row: InferSelectModel<TTable>): string[];
  /** The rows `viewer` may see as a where-clause on `table`; undefined: every row (see above). */
  visibleTo?(viewer: Actor): SQL | undefined;
}

/** One change as read from a table, before mapping. */
export interface StoredChange {
  collection: string;
  seq: number;
  id: string;
  version: number;
  deleted: boolean;
}

/** A registered collection with its typed work done behind closures. */
export interface SyncCollection {
  name: string;
  feature: FeatureFlag | null;
  readAction: Action;
  /** Whether readers may see different rows of it (it has `visibleTo`). */
  scoped: boolean;
  /** True when `viewer` sees only some of the rows (`visibleTo` gives a where-clause for them). */
  restricts(viewer: Actor): boolean;
  /**
   * Rows with change_seq > cursor in cursor order, at most `limit`, and their API data (null if deleted).
   * With a `viewer`, rows outside `visibleTo(viewer)` come as tombstones (or not at all without
   * tombstones); without one (trusted server-side callers) every row is served.
   */
  changesSince(
    executor: Executor,
    cursor: number,
    limit: number,
    includeTombstones: boolean,
    viewer?: Actor,
  ): Promise<Array<StoredChange & { data: unknown }>>;
  /** Deletes tombstones older than `before`; returns the highest purged cursor and their files. */
  purgeTombstones(executor: Executor, before: Date): Promise<{ maxSeq: number; files: string[] }>;
}

interface SyncedRowShape {
  id: string;
  version: number;
  changeSeq: number;
  deletedAt: Date | null;
}

export function defineSyncCollection<TTable extends SyncedTable, TApi>(
  def: SyncCollectionDefinition<TTable, TApi>,
): SyncCollection {
  type Row = InferSelectModel<TTable>;
  const t = def.table;
  const shape = (row: Row) => row as unknown as SyncedRowShape;
  return {
    name: def.name,
    feature: def.feature,
    readAction: def.readAction,
    scoped: !!def.visibleTo,
    restricts: (viewer) => !!def.visibleTo && def.visibleTo(viewer) !== undefined,
    async changesSince(executor, cursor, limit, includeTombstones, viewer) {
      const visible = viewer && def.visibleTo ? def.visibleTo(viewer) : undefined;
      const selected = (await executor
        .select({
          row: getTableColumns(t as PgTable),
          visible: visible ? sql<boolean>`coalesce((${visible}), false)` : sql<boolean>`true`,
        })
        .from(t as PgTable)
        .where(
          and(gt(t.changeSeq, cursor), includeTombstones ? undefined : and(isNull(t.deletedAt), visible)),
        )
        .orderBy(asc(t.changeSeq))
        .limit(limit)) as Array<{ row: Row; visible: boolean }>;
      const isLive = (r: { row: Row; visible: boolean }) => shape(r.row).deletedAt === null && r.visible;
      const live = selected.filter(isLive).map((r) => r.row);
      const mapped = live.length > 0 ? await def.toApi(live, { executor }) : [];
      const dataById = new Map(live.map((r, i) => [shape(r).id, mapped[i]]));
      return selected.map((r) => {
        const s = shape(r.row);
        return {
          collection: def.name,
          seq: Number(s.changeSeq),
          id: s.id,
          version: s.version,
          deleted: !isLive(r),
          data: isLive(r) ? (dataById.get(s.id) ?? null) : null,
        };
      });
    },
    async purgeTombstones(executor, before) {
      const gone = (await executor
        .delete(t as PgTable)
        .where(and(isNotNull(t.deletedAt), lt(t.deletedAt, before)))
        .returning()) as Row[];
      let maxSeq = 0;
      const files: string[] = [];
      for (const row of gone) {
        maxSeq = Math.max(maxSeq, Number(shape(row).changeSeq));
        if (def.filesOf) files.push(...def.filesOf(row));
      }
      return { maxSeq, files };
    },
  };
}

export class SyncRegistry {
  readonly #collections = new Map<string, SyncCollection>();

  register(collection: SyncCollection): void {
    if (this.#collections.has(collection.name)) {
      throw new Error(`Sync collection "${collection.name}" is registered twice`);
    }
    this.#collections.set(collection.name, collection);
  }

  get(name: string): SyncCollection | undefined {
    return this.#collections.get(name);
  }

  list(): SyncCollection[] {
    return [...this.#collections.values()];
  }
}
