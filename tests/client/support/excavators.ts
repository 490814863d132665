import { vi } from 'vitest';
import { getSyncEngine, type SyncedRow } from '@/client/offline';

/** A synced excavator row as the pull stores it. */
export function excavatorRow(name: string, extra: Record<string, unknown> = {}): SyncedRow {
  return {
    id: `exc-${name.toLowerCase().replace(/\W+/g, '-')}`,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'u-admin',
    updatedAt: '2025-01-01T00:00:00.000Z',
    updatedBy: 'u-admin',
    deletedAt: null,
    name,
    model: 'CAT 320',
    serialNumber: `SN-${name}`,
    year: 2019,
    status: 'operational',
    usageHours: 1200,
    location: 'Hamburg Hafen',
    engineNumber: null,
    nextInspectionHours: null,
    lastServiceHours: 1000,
    purchaseDate: null,
    lastServiceDate: '2025-01-10',
    profileImage: null,
    gallery: [],
    specifications: [],
    description: null,
    notes: null,
    ...extra,
  };
}

/** Empties the app engine's device database (the one AppProviders uses) and stores `rows`. */
export async function mirrorExcavators(rows: SyncedRow[], reports: SyncedRow[] = []): Promise<void> {
  const { db } = getSyncEngine();
  await db.transaction('rw', [db.excavators, db.reports, db.outbox, db.files], async () => {
    await Promise.all([db.excavators.clear(), db.reports.clear(), db.outbox.clear(), db.files.clear()]);
    await db.excavators.bulkPut(rows);
    await db.reports.bulkPut(reports);
  });
}

/** No server in client tests: every request fails as if offline, so nothing leaves the outbox. */
export function stubOfflineFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}
