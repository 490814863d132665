import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from './constants';

/** One audit record as GET /api/audit returns it. */
export const auditEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** When the action happened: for work done offline, the device's time of it. */
    at: z.string(),
    /** When the server received it; null for records kept before it was recorded (then equal to `at`). */
    receivedAt: z.string().nullable(),
    /** The two lie more than a day apart (work that waited on a device): the log shows both. */
    receivedLate: z.boolean(),
    userId: z.string().nullable(),
    username: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    /** What a person calls the record (a machine's name, a report's machine and date), if it still exists. */
    entityName: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).nullable(),
    /** Names of the records the changes refer to by id (a truck, a driver), keyed by id. */
    valueNames: z.record(z.string(), z.string()),
    ip: z.string().nullable(),
  }),
);
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/**
 * Fields of audited changes that hold the id of another record, and the kind of that record: the audit
 * log shows that record's name instead of its id.
 */
export const AUDIT_REFERENCE_FIELDS: Readonly<Record<string, string>> = {
  excavatorId: 'excavator',
  truckId: 'dispoTruck',
  driverId: 'dispoDriver',
  containerTypeId: 'dispoContainerType',
  assigneeId: 'user',
  userId: 'user',
  reportId: 'report',
};

/** An ISO 8601 instant (with offset) or a calendar date `YYYY-MM-DD` (UTC). */
const isoInstantOrDate = lazySchema(() =>
  z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Must be an ISO 8601 date or date-time',
  }),
);

export const auditQuerySchema = lazySchema(() =>
  z
    .object({
      page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
      /** A user id or a username (case-insensitive). */
      user: z.string().trim().min(1).max(200).optional(),
      entity: z.string().trim().min(1).max(100).optional(),
      action: z.string().trim().min(1).max(100).optional(),
      /** One record: its id. */
      record: z.string().trim().min(1).max(200).optional(),
      /** Inclusive lower bound. */
      from: isoInstantOrDate.optional(),
      /** Inclusive upper bound; a bare date includes that whole day. */
      to: isoInstantOrDate.optional(),
    })
    .refine((q) => !q.from || !q.to || auditRangeStart(q.from) <= auditRangeEnd(q.to), {
      path: ['to'],
      message: '"to" must not be before "from"',
    }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = lazySchema(() =>
  z.object({
    items: z.array(auditEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type AuditList = z.infer<typeof auditListSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant a `from` filter admits. */
export function auditRangeStart(from: string): Date {
  return new Date(DATE_ONLY.test(from) ? `${from}T00:00:00.000Z` : from);
}

/** The last instant a `to` filter admits: a bare date means up to the end of that day (UTC). */
export function auditRangeEnd(to: string): Date {
  return new Date(DATE_ONLY.test(to) ? `${to}T23:59:59.999Z` : to);
}

/** The most rows one CSV export carries; narrower filters reach older records. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const csvCell = (value: string) => (/[",\n\r;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const csvValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value.startsWith('data:image/') ? '(image)' : value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** `field: before → after` per changed field, one cell. */
export function auditChangesText(changes: Record<string, unknown> | null): string {
  if (!changes) return '';
  return Object.entries(changes)
    .map(([field, value]) =>
      value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value
        ? `${field}: ${csvValue(value.from)} → ${csvValue(value.to)}`
        : `${field}: ${csvValue(value)}`,
    )
    .join('; ');
}

export const AUDIT_CSV_COLUMNS = [
  'at',
  'user',
  'action',
  'entity',
  'entityId',
  'entityName',
  'changes',
  'ip',
  'receivedAt',
];

/** The audit rows as CSV (RFC 4180, a header row, CRLF line ends). */
export function auditCsv(items: AuditEntryView[]): string {
  const rows = items.map((e) =>
    [
      e.at,
      e.username ?? '',
      e.action,
      e.entity,
      e.entityId ?? '',
      e.entityName ?? '',
      auditChangesText(e.changes),
      e.ip ?? '',
      e.receivedAt ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return [AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
