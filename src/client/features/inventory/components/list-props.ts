import type { RecordSyncState } from '@/client/offline';
import type { InventoryRecord } from '../model';

/** What both views (cards, table) show and do. */
export interface InventoryListProps {
  items: InventoryRecord[];
  syncStates: ReadonlyMap<string, RecordSyncState>;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Selects every item shown, or clears the selection when all are selected. */
  onToggleAll: () => void;
  /** Create, edit, delete and tags (admin, manager). */
  canWrite: boolean;
  /** Stock deltas (operators too). */
  canAdjust: boolean;
  onAdjust: (item: InventoryRecord, delta: number) => Promise<void>;
  onEdit: (item: InventoryRecord) => void;
  onDelete: (item: InventoryRecord) => void;
}
