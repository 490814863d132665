import { useCallback, useState } from 'react';

export type InventoryViewMode = 'cards' | 'table';

/** `fleetpilot:inventory-view:<user id>`: each person on a shared tablet keeps their own choice. */
export function viewModeKey(userId: string): string {
  return `fleetpilot:inventory-view:${userId}`;
}

function readMode(userId: string): InventoryViewMode {
  try {
    return localStorage.getItem(viewModeKey(userId)) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Cards or table, kept per user in localStorage. */
export function useViewMode(userId: string): [InventoryViewMode, (mode: InventoryViewMode) => void] {
  const [state, setState] = useState(() => ({ userId, mode: readMode(userId) }));
  const mode = state.userId === userId ? state.mode : readMode(userId);
  const setMode = useCallback(
    (next: InventoryViewMode) => {
      setState({ userId, mode: next });
      try {
        localStorage.setItem(viewModeKey(userId), next);
      } catch {
        // Private mode or a full disk: the choice lasts for this visit only.
      }
    },
    [userId],
  );
  return [mode, setMode];
}
