import { describe, expect, it } from 'vitest';
import { rangeDays, type DashboardRange } from '@/domain/dashboard';
import { activityHref, excavatorsHref, maintenanceHref, reportsHref } from '@/client/lib/links';
import { dashboardFromMirror } from '@/client/features/dashboard/model';
import type { SyncedRow } from '@/client/offline';

/*
 * The offline dashboard computed from mirrored rows gives the same answers as the server for the fleet
 * of tests/server/modules/dashboard/dashboard.test.ts (service interval 500 h).
 */

const TODAY = '2025-03-10';
const machine = (id: string, fields: Record<string, unknown>): SyncedRow => ({
  id,
  version: 1,
  name: `Excavator ${id}`,
  model: 'CAT 320',
  ...fields,
});
const excavators = [
  machine('A', { usageHours: 1200, lastServiceHours: 760, status: 'operational' }),
  machine('B', { usageHours: 480, status: 'maintenance' }),
  machine('C', { usageHours: 300, status: 'out_of_service' }),
  machine('D', { usageHours: 900, nextInspectionHours: 850, status: 'operational' }),
  machine('E', { usageHours: 50, status: 'operational' }),
  machine('F', { usageHours: 5000, status: 'operational', deletedAt: '2025-03-01T00:00:00Z' }),
];
const report = (
  id: string,
  excavatorId: string,
  reportDate: string,
  status: string,
  deletedAt?: string,
): SyncedRow => ({
  id,
  version: 1,
  excavatorId,
  reportDate,
  status,
  deletedAt: deletedAt ?? null,
});
const reports = [
  report('r1', 'A', TODAY, 'unsigned'),
  report('r2', 'A', TODAY, 'approved'),
  report('r3', 'B', '2025-03-09', 'pending'),
  report('r4', 'D', '2025-02-28', 'rejected'),
  report('r5', 'A', '2025-01-29', 'approved'),
  report('r6', 'C', '2024-11-30', 'unsigned'),
  report('r7', 'E', TODAY, 'unsigned', '2025-03-10T08:00:00Z'),
];

describe('dashboardFromMirror', () => {
  it('counts the fleet, ranks by usage hours and labels maintenance like the server', () => {
    const view = dashboardFromMirror({ excavators, reports, range: 7, today: TODAY, intervalHours: 500 });
    expect(view.source).toBe('device');
    expect(view.fleet).toEqual({ operational: 3, maintenance: 1, out_of_service: 1, total: 5 });
    expect(view.topExcavators?.items.map((e) => [e.id, e.reportsInRange])).toEqual([
      ['A', 2],
      ['D', 0],
      ['B', 1],
      ['C', 0],
      ['E', 0],
    ]);
    expect(view.upcomingMaintenance).toMatchObject({ urgent: 2, soon: 1 });
    expect(view.upcomingMaintenance?.items.map((i) => [i.id, i.hoursUntil, i.label, i.dueAtHours])).toEqual([
      ['D', -50, 'urgent', 850],
      ['B', 20, 'urgent', 500],
      ['A', 60, 'soon', 1260],
    ]);
    expect(view.recentActivity).toBeNull();
  });

  it.each([
    [7, 3],
    [30, 4],
    [90, 5],
  ])('counts the reports of the last %i days', (range, total) => {
    const view = dashboardFromMirror({
      excavators,
      reports,
      range: range as DashboardRange,
      today: TODAY,
      intervalHours: 500,
    });
    expect(view.from).toBe(rangeDays(TODAY, range)[0]);
    expect(view.reportsTrend?.days).toHaveLength(range);
    expect(view.reportsTrend?.days.reduce((sum, d) => sum + d.total, 0)).toBe(total);
  });

  it('leaves out what is not mirrored', () => {
    const view = dashboardFromMirror({
      excavators: null,
      reports: null,
      range: 7,
      today: TODAY,
      intervalHours: 500,
    });
    expect(view.fleet).toBeNull();
    expect(view.topExcavators).toBeNull();
    expect(view.upcomingMaintenance).toBeNull();
    expect(view.reportsTrend).toBeNull();
  });
});

describe('dashboard links', () => {
  it('builds the filtered list URLs', () => {
    expect(excavatorsHref()).toBe('/excavators');
    expect(excavatorsHref('out_of_service')).toBe('/excavators?status=out_of_service');
    expect(maintenanceHref('urgent')).toBe('/excavators?maintenance=urgent');
    expect(reportsHref({ status: 'pending', from: '2025-03-04', to: '2025-03-10' })).toBe(
      '/reports?status=pending&from=2025-03-04&to=2025-03-10',
    );
  });

  it('links activity to the record while it exists', () => {
    const entry = {
      id: 'a',
      at: '',
      verb: 'update' as const,
      action: 'logbook.update',
      entity: 'logbook' as const,
      entityId: 'l1',
      subject: '2025-03-10',
      exists: true,
      userId: null,
      userName: null,
    };
    expect(activityHref(entry)).toBe('/betriebstagebuch?view=detail&id=l1');
    expect(activityHref({ ...entry, entity: 'dispoAssignment' })).toBe('/dispo/assignments/l1');
    expect(activityHref({ ...entry, exists: false })).toBeNull();
  });
});
