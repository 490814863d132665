import { useCallback, useState } from 'react';

export const VIEW_MODES = ['compact', 'regular', 'full'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'regular';

/** The view mode is kept per user on this device. */
export const viewModeKey = (userId: string) => `fleetpilot:excavators:view:${userId}`;

export function isViewMode(value: unknown): value is ViewMode {
  return typeof value === 'string' && (VIEW_MODES as readonly string[]).includes(value);
}

function readViewMode(userId: string): ViewMode {
  try {
    const stored = localStorage.getItem(viewModeKey(userId));
    return isViewMode(stored) ? stored : DEFAULT_VIEW_MODE;
  } catch {
    return DEFAULT_VIEW_MODE;
  }
}

/** The signed-in user's list view mode (compact, regular or full), remembered across visits. */
export function useViewMode(userId: string): [ViewMode, (mode: ViewMode) => void] {
  const [state, setState] = useState(() => ({ userId, mode: readViewMode(userId) }));
  const mode = state.userId === userId ? state.mode : readViewMode(userId);
  const setMode = useCallback(
    (next: ViewMode) => {
      setState({ userId, mode: next });
      try {
        localStorage.setItem(viewModeKey(userId), next);
      } catch {
        // Private mode or a full disk: the choice still holds for this visit.
      }
    },
    [userId],
  );
  return [mode, setMode];
}
