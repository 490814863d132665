import { and, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { LOGBOOK_FIELD_NAMES } from '@/domain/logbook';
import {
  isOvernightShift,
  LOGBOOK_STATUSES,
  type LogbookEntry,
  type LogbookFields,
  type LogbookListQuery,
  type LogbookStatus,
} from '@/domain/logbook';
import type { Executor } from '../../db/client';
import { logbookEntries, users } from '../../db/schema';
import { defineSyncCollection } from '../sync/registry';

export type LogbookRow = typeof logbookEntries.$inferSelect;
export type LogbookFieldValues = Pick<LogbookFields, (typeof LOGBOOK_FIELD_NAMES)[number]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asStatus = (s: string): LogbookStatus =>
  (LOGBOOK_STATUSES as readonly string[]).includes(s) ? (s as LogbookStatus) : 'unsigned';

/** The editable fields of a row or an input: what "same content" compares and the audit records. */
export function fieldsOf(source: LogbookFieldValues | LogbookRow): LogbookFieldValues {
  return {
    date: source.date,
    site: source.site ?? null,
    shiftStart: source.shiftStart,
    shiftEnd: source.shiftEnd,
    // Rebuilt key by key: jsonb hands objects back with its own key order.
    weather: source.weather
      ? {
          temperature: source.weather.temperature ?? null,
          humidity: source.weather.humidity ?? null,
          conditions: source.weather.conditions ?? null,
        }
      : null,
    conveyorChecks: source.conveyorChecks.map((c) => ({
      key: c.key ?? null,
      name: c.name,
      functional: c.functional,
      notes: c.notes ?? null,
    })),
    specialChecks: source.specialChecks.map((c) => ({
      key: c.key ?? null,
      name: c.name,
      open: c.open,
      notes: c.notes ?? null,
    })),
    generalNotes: source.generalNotes ?? null,
  };
}

export function sameContent(a: LogbookFieldValues, b: LogbookFieldValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function logbookToApi(row: LogbookRow, names: ReadonlyMap<string, string>): LogbookEntry {
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: iso(row.deletedAt),
    ...fieldsOf(row),
    overnight: isOvernightShift(row.shiftStart, row.shiftEnd),
    status: asStatus(row.status),
    creatorSignature: row.creatorSignature,
    signedAt: iso(row.signedAt),
    reviewerSignature: row.reviewerSignature,
    approvedBy: row.approvedBy,
    approvedAt: iso(row.approvedAt),
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    approvedByName: row.approvedBy ? (names.get(row.approvedBy) ?? null) : null,
  };
}

/** Display names (name, else username) of the given users. */
export async function userNames(executor: Executor, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name || r.username]));
}

export async function logbookRowsToApi(executor: Executor, rows: LogbookRow[]): Promise<LogbookEntry[]> {
  if (rows.length === 0) return [];
  const names = await userNames(
    executor,
    rows.flatMap((r) => [r.createdBy, r.approvedBy]),
  );
  return rows.map((row) => logbookToApi(row, names));
}

export async function oneToApi(executor: Executor, row: LogbookRow): Promise<LogbookEntry> {
  const [entry] = await logbookRowsToApi(executor, [row]);
  return entry!;
}

/** The sync collection 'logbook' (registered by the routes plugin). */
export const logbookCollection = defineSyncCollection({
  name: 'logbook',
  table: logbookEntries,
  feature: 'betriebstagebuch',
  readAction: 'logbook:read',
  toApi: (rows, { executor }) => logbookRowsToApi(executor, rows),
});

export async function findEntry(executor: Executor, id: string, forUpdate = false) {
  if (!isUuid(id)) return undefined;
  const query = executor.select().from(logbookEntries).where(eq(logbookEntries.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Newest date first, then the later shift, then the id (stable paging). */
export async function listEntries(executor: Executor, query: LogbookListQuery, userId: string) {
  const conditions: Array<SQL | undefined> = [isNull(logbookEntries.deletedAt)];
  if (query.from) conditions.push(gte(logbookEntries.date, query.from));
  if (query.to) conditions.push(lte(logbookEntries.date, query.to));
  if (query.status) conditions.push(eq(logbookEntries.status, query.status));
  if (query.author)
    conditions.push(eq(logbookEntries.createdBy, query.author === 'me' ? userId : query.author));
  if (query.site) conditions.push(sql`lower(${logbookEntries.site}) = ${query.site.toLowerCase()}`);
  const where = and(...conditions);
  const [total] = await executor.select({ n: count() }).from(logbookEntries).where(where);
  const rows = await executor
    .select()
    .from(logbookEntries)
    .where(where)
    .orderBy(desc(logbookEntries.date), desc(logbookEntries.shiftStart), desc(logbookEntries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: total?.n ?? 0 };
}

/** The user's profile signature, read inside the write's transaction. */
export async function profileSignature(executor: Executor, userId: string): Promise<string | null> {
  const [row] = await executor.select({ signature: users.signature }).from(users).where(eq(users.id, userId));
  return row?.signature ?? null;
}
