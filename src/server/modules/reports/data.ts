import { and, count, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  ReportFields,
  Report,
  ReportExcavator,
  ReportListQuery,
  ReportSortField,
} from '@/domain/report';
import { REPORT_STATUSES, type ReportStatus } from '@/domain/report-status';
import type { Executor } from '../../db/client';
import { excavators, reports, users } from '../../db/schema';
import { defineSyncCollection } from '../sync/registry';

export type ReportRow = typeof reports.$inferSelect;

/** The editable fields (what PUT replaces, what "same content" compares). */
export const REPORT_FIELD_NAMES = [
  'reportDate',
  'excavatorId',
  'operatorName',
  'managerName',
  'description',
  'operatingHours',
  'notes',
  'serviceDate',
  'uvvInspectionDate',
  'fuelLevel',
  'hoursUntilNextMaintenance',
  'checklist',
  'operatorSignature',
  'checklistItems',
  'resolvesFollowUps',
] as const satisfies ReadonlyArray<keyof ReportFields & keyof ReportRow>;
export type ReportFieldName = (typeof REPORT_FIELD_NAMES)[number];
export type ReportFieldValues = { [K in ReportFieldName]: ReportRow[K] };

export function reportFieldsOf(source: ReportFieldValues): ReportFieldValues {
  return Object.fromEntries(
    REPORT_FIELD_NAMES.map((name) => [name, source[name] ?? null]),
  ) as ReportFieldValues;
}

/** Names and machines the API adds to rows, loaded once per batch. */
export interface ReportContext {
  userNames: Map<string, string>;
  machines: Map<string, ReportExcavator>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asStatus = (s: string): ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(s) ? (s as ReportStatus) : 'unsigned';

export function reportToApi(row: ReportRow, ctx: ReportContext): Report {
  const name = (id: string | null) => (id ? (ctx.userNames.get(id) ?? null) : null);
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: iso(row.deletedAt),
    reportDate: row.reportDate,
    excavatorId: row.excavatorId,
    excavator: ctx.machines.get(row.excavatorId) ?? null,
    operatorName: row.operatorName,
    managerName: row.managerName,
    description: row.description,
    operatingHours: row.operatingHours,
    notes: row.notes,
    serviceDate: row.serviceDate,
    uvvInspectionDate: row.uvvInspectionDate,
    fuelLevel: row.fuelLevel,
    hoursUntilNextMaintenance: row.hoursUntilNextMaintenance,
    checklist: row.checklist,
    checklistItems: row.checklistItems,
    resolvesFollowUps: row.resolvesFollowUps ?? [],
    operatorSignature: row.operatorSignature,
    managerSignature: row.managerSignature,
    status: asStatus(row.status),
    createdByName: name(row.createdBy),
    submittedAt: iso(row.submittedAt),
    approvedBy: row.approvedBy,
    approvedByName: name(row.approvedBy),
    approvedAt: iso(row.approvedAt),
    rejectionReason: row.rejectionReason,
    rejectedBy: row.rejectedBy,
    rejectedByName: name(row.rejectedBy),
    rejectedAt: iso(row.rejectedAt),
  };
}

export async function loadReportContext(executor: Executor, rows: ReportRow[]): Promise<ReportContext> {
  const userIds = [
    ...new Set(
      rows.flatMap((r) => [r.createdBy, r.approvedBy, r.rejectedBy]).filter((v): v is string => !!v),
    ),
  ];
  const machineIds = [...new Set(rows.map((r) => r.excavatorId))];
  const [people, machines] = await Promise.all([
    userIds.length
      ? executor
          .select({ id: users.id, name: users.name, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    machineIds.length
      ? executor
          .select({
            id: excavators.id,
            name: excavators.name,
            model: excavators.model,
            serialNumber: excavators.serialNumber,
          })
          .from(excavators)
          .where(inArray(excavators.id, machineIds))
      : [],
  ]);
  return {
    userNames: new Map(people.map((p) => [p.id, p.name?.trim() || p.username])),
    machines: new Map(machines.map((m) => [m.id, m])),
  };
}

export async function reportsToApi(executor: Executor, rows: ReportRow[]): Promise<Report[]> {
  if (rows.length === 0) return [];
  const ctx = await loadReportContext(executor, rows);
  return rows.map((row) => reportToApi(row, ctx));
}

export async function oneReportToApi(executor: Executor, row: ReportRow): Promise<Report> {
  return reportToApi(row, await loadReportContext(executor, [row]));
}

/** The sync collection 'reports' (registered by the routes plugin). */
export const reportsCollection = defineSyncCollection({
  name: 'reports',
  table: reports,
  feature: 'reports',
  readAction: 'report:read',
  toApi: (rows, { executor }) => reportsToApi(executor, rows),
});

export async function findReport(executor: Executor, id: string, forUpdate = false) {
  const query = executor.select().from(reports).where(eq(reports.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const SORT_COLUMNS = {
  reportDate: reports.reportDate,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
  status: reports.status,
  operatorName: reports.operatorName,
} satisfies Record<ReportSortField, unknown>;

/** LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listReports(executor: Executor, query: ReportListQuery) {
  const conditions: Array<SQL | undefined> = [isNull(reports.deletedAt)];
  if (query.status) conditions.push(eq(reports.status, query.status));
  if (query.excavator) conditions.push(eq(reports.excavatorId, query.excavator));
  if (query.author) conditions.push(eq(reports.createdBy, query.author));
  if (query.from) conditions.push(gte(reports.reportDate, query.from));
  if (query.to) conditions.push(lte(reports.reportDate, query.to));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(reports.description, pattern),
        ilike(reports.notes, pattern),
        ilike(reports.operatorName, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as ReportSortField];
  const direction = descending ? sql`desc` : sql`asc`;
  const [totalRow] = await executor.select({ n: count() }).from(reports).where(where);
  const rows = await executor
    .select()
    .from(reports)
    .where(where)
    .orderBy(
      sql`${column} ${direction} nulls last`,
      sql`${reports.createdAt} ${direction}`,
      sql`${reports.id} ${direction}`,
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: totalRow?.n ?? 0 };
}
