import { v7 as uuidv7 } from 'uuid';
import type { Database } from '@/server/db/client';
import { auditLog, excavators, inventoryItems, logbookEntries, reports } from '@/server/db/schema';

/*
 * Seed data for tests/server/analytics.test.ts. The clock is fixed at NOW (Wednesday 2026-03-18, 12:00
 * UTC); the expected figures in the test are worked out by hand from the rows below.
 */

export const NOW = new Date('2026-03-18T12:00:00Z');

let seq = 1;
const synced = () => ({ id: uuidv7(), changeSeq: seq++ });
const at = (iso: string) => new Date(iso);

type Checklist = Record<string, Record<string, { state: 'ok' | 'not_ok' | 'na' }>>;
const ok = { state: 'ok' } as const;
const bad = { state: 'not_ok' } as const;
const na = { state: 'na' } as const;

const CHECKLIST_ITEMS = [
  {
    key: 'exterior',
    label: { de: 'Außen', en: 'Exterior' },
    items: [
      { key: 'tracks', label: { de: 'Ketten', en: 'Tracks' } },
      { key: 'leaks', label: { de: 'Lecks', en: 'Leaks' } },
    ],
  },
  {
    key: 'cleaning',
    label: { de: 'Reinigung', en: 'Cleaning' },
    items: [{ key: 'windows', label: { de: 'Fenster', en: 'Windows' } }],
  },
];

export interface Seeded {
  alpha: string;
  bravo: string;
  charlie: string;
  pendingReport: string;
  feederEntry: string;
  sorterEntry: string;
  filter: string;
  bolt: string;
}

export async function seedAnalytics(db: Database): Promise<Seeded> {
  const [alpha, bravo, charlie, deleted] = [synced(), synced(), synced(), synced()];
  await db.insert(excavators).values([
    // 1000 h, last service at 520 → due at 1020: 20 h left, within 10 % of 500 → due soon.
    {
      ...alpha,
      name: 'Alpha',
      model: 'M1',
      serialNumber: 'A-1',
      status: 'operational',
      usageHours: 1000,
      lastServiceHours: 520,
    },
    // Inspection set at 1100, reading 1200 → 100 h overdue.
    {
      ...bravo,
      name: 'Bravo',
      model: 'M1',
      serialNumber: 'B-1',
      status: 'maintenance',
      usageHours: 1200,
      nextInspectionHours: 1100,
    },
    // 100 h, no service → due at 500: fine.
    {
      ...charlie,
      name: 'Charlie',
      model: 'M2',
      serialNumber: 'C-1',
      status: 'out_of_service',
      usageHours: 100,
    },
    {
      ...deleted,
      name: 'Deleted',
      model: 'M2',
      serialNumber: 'D-1',
      usageHours: 5000,
      nextInspectionHours: 10,
      deletedAt: at('2026-03-01T00:00:00Z'),
    },
  ]);

  const report = (
    excavatorId: string,
    reportDate: string,
    status: string,
    operatingHours: number,
    checklist: Checklist,
    extra: Partial<typeof reports.$inferInsert> = {},
  ) => ({
    ...synced(),
    excavatorId,
    reportDate,
    status,
    operatingHours,
    checklist,
    checklistItems: CHECKLIST_ITEMS,
    operatorName: 'Jonas',
    ...extra,
  });
  const pending = report(
    bravo.id,
    '2026-03-02',
    'pending',
    1190,
    { exterior: { tracks: ok } },
    {
      submittedAt: at('2026-03-05T00:00:00Z'),
    },
  );
  await db.insert(reports).values([
    report(
      alpha.id,
      '2026-03-17',
      'approved',
      990,
      { exterior: { tracks: ok, leaks: bad }, cleaning: { windows: na } },
      {
        submittedAt: at('2026-03-17T08:00:00Z'),
        approvedAt: at('2026-03-17T18:00:00Z'),
      },
    ),
    report(
      alpha.id,
      '2026-03-10',
      'approved',
      950,
      { exterior: { tracks: bad, leaks: bad } },
      {
        submittedAt: at('2026-03-10T00:00:00Z'),
        approvedAt: at('2026-03-12T00:00:00Z'),
      },
    ),
    pending,
    report(bravo.id, '2026-03-16', 'rejected', 1195, {}),
    // First day of the 1month window (Monday 2026-02-16) and the Sunday before it.
    report(alpha.id, '2026-02-16', 'signed', 900, { exterior: { tracks: ok } }),
    report(alpha.id, '2026-02-15', 'unsigned', 880, { exterior: { leaks: bad } }),
    // First day of the 6months window and the day before it.
    report(
      charlie.id,
      '2025-10-01',
      'approved',
      50,
      {},
      {
        submittedAt: at('2025-10-01T00:00:00Z'),
        approvedAt: at('2025-10-02T06:00:00Z'),
      },
    ),
    report(
      charlie.id,
      '2025-09-30',
      'approved',
      40,
      {},
      {
        submittedAt: at('2025-09-30T00:00:00Z'),
        approvedAt: at('2025-09-30T04:00:00Z'),
      },
    ),
    // Deleted: counts nowhere.
    report(
      alpha.id,
      '2026-03-17',
      'pending',
      2000,
      { exterior: { tracks: bad } },
      {
        submittedAt: at('2026-03-01T00:00:00Z'),
        deletedAt: at('2026-03-17T00:00:00Z'),
      },
    ),
    // Today, submitted a day ago: pending but not yet an alert.
    report(alpha.id, '2026-03-18', 'pending', 1000, {}, { submittedAt: at('2026-03-17T12:00:00Z') }),
  ]);

  const entry = (
    date: string,
    status: string,
    conveyorChecks: unknown[],
    specialChecks: unknown[],
    extra = {},
  ) => ({
    ...synced(),
    date,
    status,
    shiftStart: '06:00',
    shiftEnd: '14:00',
    conveyorChecks: conveyorChecks as (typeof logbookEntries.$inferInsert)['conveyorChecks'],
    specialChecks: specialChecks as (typeof logbookEntries.$inferInsert)['specialChecks'],
    ...extra,
  });
  const conveyor = (key: string | null, name: string, functional: boolean, notes: string | null = null) => ({
    key,
    name,
    functional,
    notes,
  });
  const special = (key: string, name: string, open: boolean) => ({ key, name, open, notes: null });
  const feederEntry = entry(
    '2026-03-17',
    'pending',
    [conveyor('c1', 'Main belt', true), conveyor('c2', 'Feeder', false, 'Motor')],
    [special('s1', 'Fire extinguisher', false)],
  );
  const sorterEntry = entry('2026-01-05', 'unsigned', [conveyor(null, 'Sorter', false, 'Jammed')], []);
  await db.insert(logbookEntries).values([
    entry(
      '2026-03-10',
      'approved',
      [conveyor('c1', 'Main belt', false, 'Torn'), conveyor('c2', 'Feeder', true)],
      [special('s1', 'Fire extinguisher', true), special('s2', 'First aid kit', true)],
    ),
    feederEntry,
    sorterEntry,
    entry(
      '2026-03-18',
      'pending',
      [conveyor('c2', 'Feeder', true)],
      [special('s2', 'First aid kit', false)],
      {
        deletedAt: at('2026-03-18T10:00:00Z'),
      },
    ),
  ]);

  const [filter, oil, bolt, gone] = [synced(), synced(), synced(), synced()];
  await db.insert(inventoryItems).values([
    { ...filter, name: 'Filter', quantity: 2, minQuantity: 5, priceCents: 1250 },
    { ...oil, name: 'Oil', quantity: 10, minQuantity: 2, priceCents: 800 },
    { ...bolt, name: 'Bolt', quantity: 0, minQuantity: 1, priceCents: null },
    {
      ...gone,
      name: 'Gone',
      quantity: 100,
      minQuantity: 200,
      priceCents: 100,
      deletedAt: at('2026-03-01T00:00:00Z'),
    },
  ]);
  const adjust = (entityId: string, iso: string, delta: number) => ({
    id: uuidv7(),
    at: at(iso),
    action: 'inventory.adjust',
    entity: 'inventory',
    entityId,
    changes: { quantity: { from: 0, to: 0 }, delta },
  });
  await db
    .insert(auditLog)
    .values([
      adjust(filter.id, '2026-03-17T10:00:00Z', -3),
      adjust(oil.id, '2026-03-02T10:00:00Z', -2),
      adjust(oil.id, '2026-03-03T10:00:00Z', 5),
      adjust(oil.id, '2025-11-15T10:00:00Z', -1),
    ]);

  return {
    alpha: alpha.id,
    bravo: bravo.id,
    charlie: charlie.id,
    pendingReport: pending.id,
    feederEntry: feederEntry.id,
    sorterEntry: sorterEntry.id,
    filter: filter.id,
    bolt: bolt.id,
  };
}
