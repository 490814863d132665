import { oneOf } from '@/client/lib/search-params';

export const DISPO_TABS = ['assignments', 'overview', 'dashboard', 'master'] as const;
export type DispoTab = (typeof DISPO_TABS)[number];

/** /dispo?tab=overview: the open tab lives in the URL (no extra routes). */
export interface DispoSearch {
  tab?: DispoTab;
}

export function dispoSearch(search: Record<string, unknown>): DispoSearch {
  return { tab: oneOf(DISPO_TABS, search.tab) };
}
