import { useStoredChoice } from '@/client/lib/use-stored-choice';

export const INVENTORY_VIEW_MODES = ['cards', 'table'] as const;
export type InventoryViewMode = (typeof INVENTORY_VIEW_MODES)[number];

/** `fleetpilot:inventory-view:<user id>`: each person on a shared tablet keeps their own choice. */
export function viewModeKey(userId: string): string {
  return `fleetpilot:inventory-view:${userId}`;
}

/** Cards or table, kept per user on this device. */
export function useViewMode(userId: string): [InventoryViewMode, (mode: InventoryViewMode) => void] {
  return useStoredChoice(viewModeKey(userId), INVENTORY_VIEW_MODES, 'cards');
}
