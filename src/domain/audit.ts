import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from './constants';

/** One audit record as GET /api/audit returns it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** An ISO 8601 instant (with offset) or a calendar date `YYYY-MM-DD` (UTC). */
const isoInstantOrDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'Must be an ISO 8601 date or date-time',
});

export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    /** A user id or a username (case-insensitive). */
    user: z.string().trim().min(1).max(200).optional(),
    entity: z.string().trim().min(1).max(100).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    /** Inclusive lower bound. */
    from: isoInstantOrDate.optional(),
    /** Inclusive upper bound; a bare date includes that whole day. */
    to: isoInstantOrDate.optional(),
  })
  .refine((q) => !q.from || !q.to || auditRangeStart(q.from) <= auditRangeEnd(q.to), {
    path: ['to'],
    message: '"to" must not be before "from"',
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
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
