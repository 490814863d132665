import { useStoredChoice } from '@/client/lib/use-stored-choice';

export const VIEW_MODES = ['compact', 'regular', 'full'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'regular';

/** The view mode is kept per user on this device. */
export const viewModeKey = (userId: string) => `fleetpilot:excavators:view:${userId}`;

/** The signed-in user's list view mode (compact, regular or full), remembered across visits. */
export function useViewMode(userId: string): [ViewMode, (mode: ViewMode) => void] {
  return useStoredChoice(viewModeKey(userId), VIEW_MODES, DEFAULT_VIEW_MODE);
}
