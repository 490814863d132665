import { z } from 'zod';

export const DISPO_TABS = ['assignments', 'overview', 'dashboard', 'master'] as const;
export type DispoTab = (typeof DISPO_TABS)[number];

/** /dispo?tab=overview: the open tab lives in the URL (no extra routes, spec §2). */
export const dispoSearchSchema = z.object({
  tab: z.enum(DISPO_TABS).optional().catch(undefined),
});
