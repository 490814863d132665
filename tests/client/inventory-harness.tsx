import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { InventoryItem } from '@/domain/inventory';
import { SyncEngineProvider } from '@/client/offline/engine-context';
import { AppProviders } from '@/client/shell/app-providers';
import { sessionStore } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { InventoryPage } from '@/client/features/inventory/inventory-page';
import { createHarness, type Harness } from './offline/harness';
import { makeSettings, makeUser, resetClientState, useEnglish } from './support/render-app';

let counter = 0;

/** A synced item as the mirror holds it after a pull. */
export function item(name: string, extra: Partial<InventoryItem> = {}): InventoryItem {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'u1',
    updatedAt: '2025-01-01T00:00:00.000Z',
    updatedBy: 'u1',
    deletedAt: null,
    name,
    maker: null,
    type: null,
    quantity: 5,
    price: null,
    notes: null,
    tags: [],
    photo: null,
    location: null,
    minQuantity: 0,
    maintenanceType: null,
    ...extra,
  };
}

/** A fresh device (IndexedDB + engine) signed in as `role` with the given items mirrored. */
export async function setUpInventory(role: string, items: InventoryItem[]): Promise<Harness> {
  resetClientState();
  await useEnglish();
  const h = createHarness({ userId: 'u1' });
  sessionStore.set({ status: 'signed-in', user: makeUser(role, { id: 'u1' }) });
  settingsStore.set({ status: 'ready', settings: makeSettings(), error: null });
  await h.db.inventory.bulkPut(items);
  return h;
}

export function renderInventory(h: Harness) {
  return render(
    <AppProviders env="test">
      <SyncEngineProvider engine={h.engine}>
        <Notifications />
        <InventoryPage />
      </SyncEngineProvider>
    </AppProviders>,
  );
}
