import { z } from 'zod';
import { DASHBOARD_RANGES, type DashboardRange } from '@/domain/dashboard';

/** `/?range=30`: the trend's range lives in the URL (no extra routes, spec §2). */
export const dashboardSearchSchema = z.object({
  range: z.coerce
    .number()
    .refine((v): v is DashboardRange => (DASHBOARD_RANGES as readonly number[]).includes(v))
    .optional()
    .catch(undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;
