import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Excavator, ExcavatorFields, ExcavatorListQuery, ExcavatorSortField } from '@/domain/excavator';
import { EXCAVATOR_STATUSES, type ExcavatorStatus } from '@/domain/excavator';
import { maintenanceDue, serviceIntervalFromSettings } from '@/domain/maintenance';
import type { Executor } from '../../db/client';
import { appSettings, excavators } from '../../db/schema';
import type { FastifyInstance } from 'fastify';
import { defineRecordWrite, type RecordWriter } from '../sync/record-write';
import { defineSyncCollection } from '../sync/registry';

export type ExcavatorRow = typeof excavators.$inferSelect;

/** The editable fields, in the order the API lists them. */
export const EXCAVATOR_FIELD_NAMES = [
  'name',
  'model',
  'serialNumber',
  'year',
  'status',
  'usageHours',
  'location',
  'engineNumber',
  'nextInspectionHours',
  'lastServiceHours',
  'purchaseDate',
  'lastServiceDate',
  'specifications',
  'description',
  'notes',
] as const satisfies ReadonlyArray<keyof ExcavatorFields>;
export type ExcavatorFieldName = (typeof EXCAVATOR_FIELD_NAMES)[number];

/**
 * The service interval from the stored settings document (`maintenance.serviceIntervalHours`, default
 * 500). Read raw: the shared settings schema does not list the key yet and would strip it.
 */
export async function loadServiceInterval(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ data: appSettings.data })
    .from(appSettings)
    .where(eq(appSettings.id, 1));
  return serviceIntervalFromSettings(row?.data);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asStatus = (s: string): ExcavatorStatus =>
  (EXCAVATOR_STATUSES as readonly string[]).includes(s) ? (s as ExcavatorStatus) : 'operational';

export function excavatorToApi(row: ExcavatorRow, serviceIntervalHours: number): Excavator {
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: iso(row.deletedAt),
    name: row.name,
    model: row.model,
    serialNumber: row.serialNumber,
    year: row.year,
    status: asStatus(row.status),
    usageHours: row.usageHours,
    location: row.location,
    engineNumber: row.engineNumber,
    nextInspectionHours: row.nextInspectionHours,
    lastServiceHours: row.lastServiceHours,
    purchaseDate: row.purchaseDate,
    lastServiceDate: row.lastServiceDate,
    profileImage: row.profileImage,
    gallery: row.gallery,
    specifications: row.specifications,
    description: row.description,
    notes: row.notes,
    maintenance: maintenanceDue(row, serviceIntervalHours),
  };
}

export async function excavatorsToApi(executor: Executor, rows: ExcavatorRow[]): Promise<Excavator[]> {
  if (rows.length === 0) return [];
  const interval = await loadServiceInterval(executor);
  return rows.map((row) => excavatorToApi(row, interval));
}

/** The sync collection 'excavators' (registered by the routes plugin). */
export const excavatorsCollection = defineSyncCollection({
  name: 'excavators',
  table: excavators,
  feature: 'excavators',
  readAction: 'fleet:read',
  toApi: (rows, { executor }) => excavatorsToApi(executor, rows),
  filesOf: (row) => [...(row.profileImage ? [row.profileImage] : []), ...row.gallery],
});

export async function findExcavator(executor: Executor, id: string, forUpdate = false) {
  const query = executor.select().from(excavators).where(eq(excavators.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export type ExcavatorWriter = RecordWriter<typeof excavators, Excavator>;

/** How an excavator is written (the shared record write); also used by reports raising usage hours. */
export function excavatorRecord(app: FastifyInstance): ExcavatorWriter {
  return defineRecordWrite(app, {
    collection: 'excavators',
    table: excavators,
    entity: 'excavator',
    notFoundMessage: 'Excavator not found',
    load: findExcavator,
    toApi: async (executor, row) => excavatorToApi(row, await loadServiceInterval(executor)),
  });
}

/** Another live machine with this serial number (case-insensitive), if any. */
export async function findSerialOwner(executor: Executor, serialNumber: string, exceptId?: string) {
  const [row] = await executor
    .select({ id: excavators.id })
    .from(excavators)
    .where(
      and(
        sql`lower(${excavators.serialNumber}) = ${serialNumber.toLowerCase()}`,
        isNull(excavators.deletedAt),
        exceptId ? ne(excavators.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

const SORT_COLUMNS = {
  name: excavators.name,
  model: excavators.model,
  serialNumber: excavators.serialNumber,
  year: excavators.year,
  status: excavators.status,
  usageHours: excavators.usageHours,
  location: excavators.location,
  createdAt: excavators.createdAt,
  updatedAt: excavators.updatedAt,
} satisfies Record<ExcavatorSortField, unknown>;

/** LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listExcavators(executor: Executor, query: ExcavatorListQuery) {
  const conditions: Array<SQL | undefined> = [isNull(excavators.deletedAt)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(excavators.name, pattern),
        ilike(excavators.model, pattern),
        ilike(excavators.serialNumber, pattern),
        ilike(excavators.location, pattern),
      ),
    );
  }
  if (query.status) conditions.push(eq(excavators.status, query.status));
  if (query.location) conditions.push(sql`lower(${excavators.location}) = ${query.location.toLowerCase()}`);
  const where = and(...conditions);

  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as ExcavatorSortField];
  const [totalRow] = await executor.select({ n: count() }).from(excavators).where(where);
  const rows = await executor
    .select()
    .from(excavators)
    .where(where)
    .orderBy(descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(excavators.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: totalRow?.n ?? 0 };
}
