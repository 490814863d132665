import { eq, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { versionTag } from '@/domain/sync';
import type { Executor } from '../../db/client';
import { notFound } from '../../http-error';
import { assertFreshVersion, readIfMatch, type WriteContext, type WriteResult } from '../../plugins/write';
import type { SyncedTable } from './registry';

/*
 * The write of one synced record, built once on top of `app.runWrite` (docs/write-path.md). A module
 * declares its record — table, collection, audit entity, how a row is loaded and shown — with
 * `defineRecordWrite`, and its routes only say what changes:
 *
 *   const record = defineRecordWrite(app, { collection: 'reports', table: reports, entity: 'report', … });
 *   handler: (request, reply) =>
 *     record.write(request, reply, { id: request.params.id }, async (w, { row, current }) => {
 *       assertTransition(…);                                  // the module's rules
 *       const next = await record.update(w, request, row, { status: 'pending' }, { action: 'submit', changes });
 *       return record.answer(200, await record.toApi(w.tx, next));
 *     }),
 *
 * The shared part: the row locked (SELECT … FOR UPDATE) inside the write's transaction, 404 for a
 * missing (or deleted) row, the If-Match check (409 with the current row), version + 1, who and when
 * (`w.at`, the time of the action), the change cursor stamp, the audit row, and the ETag of the answer.
 * A module never bumps `version`, sets `changeSeq`/`updatedAt`/`updatedBy` or builds an ETag itself.
 */

/**
 * A table a record write can keep: a versioned row with a soft delete. A synced table (with its change
 * cursor) is one; dispo's master data, which no device mirrors, is one without the cursor.
 */
export type RecordTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; deletedAt: AnyPgColumn };

type RowOf<TTable extends RecordTable> = InferSelectModel<TTable> & {
  id: string;
  version: number;
  deletedAt: Date | null;
};

/** The columns a module sets on a write: everything but the bookkeeping the shared path owns. */
type Bookkeeping = 'id' | 'version' | 'changeSeq' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy';
export type RecordChanges<TTable extends RecordTable> = {
  [K in Exclude<keyof TTable['$inferInsert'], Bookkeeping>]?: TTable['$inferInsert'][K];
};

export interface RecordDefinition<TTable extends RecordTable, TApi extends { version: number }> {
  /**
   * The synced collection the rows belong to (stamped on every write); null for a table no device
   * mirrors, which has no change cursor to stamp.
   */
  collection: TTable extends SyncedTable ? string : null;
  table: TTable;
  /** The audit entity, and the prefix of its audit actions (`report` → `report.update`). */
  entity: string;
  /** The message of the 404 for a missing or deleted row. */
  notFoundMessage: string;
  /** Loads one row; with `forUpdate` it is locked until the write commits. */
  load(executor: Executor, id: string, forUpdate: boolean): Promise<RowOf<TTable> | undefined>;
  /** The row as the API shows it (the answer, and `current` of a 409). */
  toApi(executor: Executor, row: RowOf<TTable>): Promise<TApi>;
}

export interface RecordAudit {
  /** The verb after the entity: 'update' is written as `<entity>.update`. */
  action: string;
  changes: Record<string, unknown>;
}

export interface LockedRecord<TRow, TApi> {
  row: TRow;
  current: TApi;
}

export interface RecordWriteOptions {
  /** The record's id (from the route's params). */
  id: string;
  /** The base version; read from If-Match when left out (pass it when the handler read it earlier). */
  expected?: number | null;
  /** Other synced collections the write may stamp (e.g. follow-ups opened by a report's submit). */
  alsoStamps?: readonly string[];
  /** What the Idempotency-Key fingerprint hashes instead of the body (multipart writes). */
  fingerprintBody?: unknown;
  /**
   * A deleted row is not a 404: the write answers its tombstone (with no If-Match check) without
   * calling `work`, so a DELETE of what is already deleted is done.
   */
  allowDeleted?: boolean;
}

/** An answer with the record's version as its ETag. */
export function withEtag<T extends { version: number }>(
  status: number,
  body: T,
  headers: Record<string, string> = {},
): WriteResult<T> {
  return { status, body, headers: { etag: versionTag(body.version), ...headers } };
}

export interface RecordWriter<TTable extends RecordTable, TApi extends { version: number }> {
  readonly collection: string | null;
  readonly entity: string;
  toApi(executor: Executor, row: RowOf<TTable>): Promise<TApi>;
  /** The answer of a write: the body with its ETag (and e.g. a Location). */
  answer(status: number, body: TApi, headers?: Record<string, string>): WriteResult<TApi>;
  /** A write without a locked record (a create): runWrite with this collection declared. */
  create(
    request: FastifyRequest,
    reply: FastifyReply,
    options: Omit<RecordWriteOptions, 'id' | 'expected' | 'allowDeleted'>,
    work: (w: WriteContext) => Promise<WriteResult<TApi>>,
  ): Promise<TApi>;
  /** A write on one existing record: locked, 404, If-Match checked, then `work`. */
  write(
    request: FastifyRequest,
    reply: FastifyReply,
    options: RecordWriteOptions,
    work: (w: WriteContext, locked: LockedRecord<RowOf<TTable>, TApi>) => Promise<WriteResult<TApi>>,
  ): Promise<TApi>;
  /** Locks the row inside a running write: 404 when missing (or deleted), 409 when `expected` is stale. */
  lock(
    w: WriteContext,
    id: string,
    expected: number | null,
    allowDeleted?: boolean,
  ): Promise<LockedRecord<RowOf<TTable>, TApi>>;
  /** Inserts a new row as version 1, created and updated by the request's user at `w.at`; audited. */
  insert(
    w: WriteContext,
    request: FastifyRequest,
    values: RecordChanges<TTable> & { id: string },
    audit: RecordAudit | null,
  ): Promise<RowOf<TTable>>;
  /** Writes `changes` on the locked row as its next version, stamped and audited. */
  update(
    w: WriteContext,
    request: FastifyRequest,
    row: RowOf<TTable>,
    changes: RecordChanges<TTable>,
    audit: RecordAudit | null,
  ): Promise<RowOf<TTable>>;
  /**
   * The audit row of a write on the record, for a write whose own audit must follow the writes it
   * causes (update with `audit: null` first).
   */
  audit(w: WriteContext, request: FastifyRequest, id: string, entry: RecordAudit): Promise<void>;
  /** Soft-deletes the locked row at `w.at` (the tombstone the pull serves); audited with `extra`. */
  remove(
    w: WriteContext,
    request: FastifyRequest,
    row: RowOf<TTable>,
    extra?: Record<string, unknown>,
  ): Promise<RowOf<TTable>>;
}

export function defineRecordWrite<TTable extends RecordTable, TApi extends { version: number }>(
  app: FastifyInstance,
  def: RecordDefinition<TTable, TApi>,
): RecordWriter<TTable, TApi> {
  // Drizzle cannot resolve the column types of a generic table: the writes go through the plain
  // table type, their values built here from the typed ones the module passed.
  const table = def.table as PgTable & RecordTable;
  const collection: string | null = def.collection;
  const userOf = (request: FastifyRequest) => request.user?.id ?? null;
  const collections = (also: readonly string[] = []) => (collection ? [collection, ...also] : [...also]);
  /** The change cursor stamp of a write, for a table that has one. */
  const stamp = async (w: WriteContext) => (collection ? { changeSeq: await w.stamp(collection) } : {});

  async function audit(w: WriteContext, request: FastifyRequest, id: string, entry: RecordAudit | null) {
    if (!entry) return;
    await app.audit(
      request,
      { action: `${def.entity}.${entry.action}`, entity: def.entity, entityId: id, changes: entry.changes },
      w.tx,
    );
  }

  const writer: RecordWriter<TTable, TApi> = {
    collection,
    entity: def.entity,
    toApi: def.toApi,
    answer: (status, body, headers) => withEtag(status, body, headers),
    audit: (w, request, id, entry) => audit(w, request, id, entry),

    create: (request, reply, options, work) =>
      app.runWrite(
        request,
        reply,
        { collections: collections(options.alsoStamps), fingerprintBody: options.fingerprintBody },
        work,
      ),

    write: (request, reply, options, work) => {
      const expected = options.expected !== undefined ? options.expected : readIfMatch(request);
      return app.runWrite(
        request,
        reply,
        { collections: collections(options.alsoStamps), fingerprintBody: options.fingerprintBody },
        async (w) => {
          const locked = await writer.lock(w, options.id, expected, options.allowDeleted);
          // Deleting what is already deleted is done: the tombstone is the answer.
          if (locked.row.deletedAt) return writer.answer(200, locked.current);
          return work(w, locked);
        },
      );
    },

    async lock(w, id, expected, allowDeleted = false) {
      const row = await def.load(w.tx, id, true);
      if (!row || (row.deletedAt && !allowDeleted)) throw notFound(def.notFoundMessage);
      const current = await def.toApi(w.tx, row);
      if (!row.deletedAt) assertFreshVersion(expected, row.version, current);
      return { row, current };
    },

    async insert(w, request, values, entry) {
      const user = userOf(request);
      const [row] = (await w.tx
        .insert(table)
        .values({
          ...values,
          version: 1,
          createdAt: w.at,
          createdBy: user,
          updatedAt: w.at,
          updatedBy: user,
          ...(await stamp(w)),
        } as never)
        .returning()) as Array<RowOf<TTable>>;
      await audit(w, request, row!.id, entry);
      return row!;
    },

    async update(w, request, row, changes, entry) {
      const [next] = (await w.tx
        .update(table)
        .set({
          ...changes,
          version: row.version + 1,
          updatedAt: w.at,
          updatedBy: userOf(request),
          ...(await stamp(w)),
        } as never)
        .where(eq(table.id, row.id))
        .returning()) as Array<RowOf<TTable>>;
      await audit(w, request, row.id, entry);
      return next!;
    },

    remove(w, request, row, extra = {}) {
      const changes = { deletedAt: w.at } as RecordChanges<TTable>;
      return writer.update(w, request, row, changes, {
        action: 'delete',
        changes: { deletedAt: { from: null, to: w.at.toISOString() }, ...extra },
      });
    },
  };
  return writer;
}
