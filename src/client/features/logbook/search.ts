import { z } from 'zod';
import { LOGBOOK_STATUSES, type LogbookStatus } from '@/domain/logbook';

/** What the page shows: the list (no view), an entry's details, the new-entry or the edit form. */
export const LOGBOOK_VIEWS = ['detail', 'new', 'edit'] as const;

/** /betriebstagebuch search params: the open view and the list's filters and page. */
export const logbookSearchSchema = z.object({
  view: z.enum(LOGBOOK_VIEWS).optional().catch(undefined),
  id: z.string().max(100).optional().catch(undefined),
  status: z.enum(LOGBOOK_STATUSES).optional().catch(undefined),
  author: z.string().max(100).optional().catch(undefined),
  from: z.string().max(10).optional().catch(undefined),
  to: z.string().max(10).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type LogbookSearch = z.infer<typeof logbookSearchSchema>;

export const STATUS_COLOR: Record<LogbookStatus, string> = {
  unsigned: 'gray',
  pending: 'yellow',
  approved: 'green',
};

export const LOGBOOK_PAGE_SIZE = 20;
