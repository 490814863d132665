import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsWindow, type AnalyticsDetailed, type AnalyticsSummary } from '@/domain/analytics';
import { loadDetailed, loadSummary } from '@/server/modules/analytics/service';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';
import { NOW, seedAnalytics, type Seeded } from './analytics-fixtures';

let t: TestApp;
let admin: string;
let operator: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  operator = (await createUser(t, { username: 'an-operator', role: 'operator' })).token;
  viewer = (await createUser(t, { username: 'an-viewer', role: 'auditor' })).token;
});
afterAll(async () => t.close());

const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: token ? { 'x-auth-token': token } : {} });
const detailed = (range: '1month' | '3months' | '6months' | '1year') => loadDetailed(t.db.db, range, NOW);
const zeros = { unsigned: 0, signed: 0, pending: 0, approved: 0, rejected: 0, total: 0 };

describe('analyticsWindow', () => {
  it('ends with the current week or month and starts on a Monday or the 1st', () => {
    expect(analyticsWindow('1month', '2026-03-18').buckets).toEqual([
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    const quarter = analyticsWindow('3months', '2026-03-22');
    expect([quarter.unit, quarter.buckets.length, quarter.from, quarter.to]).toEqual([
      'week',
      13,
      '2025-12-22',
      '2026-03-22',
    ]);
    expect(analyticsWindow('6months', '2026-03-18').buckets).toEqual([
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    const year = analyticsWindow('1year', '2026-01-31');
    expect([year.unit, year.buckets.length, year.from]).toEqual(['month', 12, '2025-02-01']);
  });
});

describe('empty database', () => {
  it('summary: all zero', async () => {
    const res = await get('/api/analytics/summary');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AnalyticsSummary;
    expect(body).toMatchObject({
      fleet: { total: 0, byStatus: { operational: 0, maintenance: 0, out_of_service: 0 } },
      reportsThisMonth: { total: 0 },
      pendingApprovals: { reports: 0, logbook: 0, total: 0 },
      maintenance: { overdue: 0, dueSoon: 0 },
      openSpecialChecks: 0,
      inventory: { value: 0, items: 0, lowStock: 0 },
    });
  });

  it('detailed: zero-filled series, no lead time, empty lists (default range 6months)', async () => {
    const res = await get('/api/analytics/detailed');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AnalyticsDetailed;
    expect(body.range).toBe('6months');
    expect(body.unit).toBe('month');
    expect(body.reportsByStatus).toHaveLength(6);
    for (const point of body.reportsByStatus) expect(point).toMatchObject(zeros);
    expect(body.approvalLeadTime).toMatchObject({ count: 0, medianHours: null, p90Hours: null });
    expect(body.approvalLeadTime.series.every((p) => p.count === 0 && p.medianHours === null)).toBe(true);
    expect(body.checklistCategories).toEqual([]);
    expect(body.checklistItems).toEqual([]);
    expect(body.machinesMostFailed).toEqual([]);
    expect(body.usageHours).toEqual([]);
    expect(body.conveyorFailures).toEqual([]);
    expect(body.inventory).toMatchObject({ value: 0, consumedUnits: 0, consumedValue: 0 });
    expect(body.inventory.consumption.every((p) => p.units === 0 && p.value === 0)).toBe(true);
    expect(body.alerts).toEqual([]);
  });
});

describe('access', () => {
  it('every signed-in role may read; no token → 401', async () => {
    expect((await get('/api/analytics/summary', operator)).statusCode).toBe(200);
    expect((await get('/api/analytics/detailed?range=1month', viewer)).statusCode).toBe(200);
    expect((await get('/api/analytics/summary', null)).statusCode).toBe(401);
  });

  it('an unknown range → 400 naming the ranges', async () => {
    for (const range of ['2months', '', 'year']) {
      const res = await get(`/api/analytics/detailed?range=${range}`);
      expect(res.statusCode, range).toBe(400);
      expect(res.body).toContain('1month, 3months, 6months or 1year');
    }
  });

  it('flag analytics false → 403 FEATURE_DISABLED on both routes; back on → 200', async () => {
    const put = (analytics: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { 'x-auth-token': admin },
        payload: { features: { analytics } },
      });
    expect((await put(false)).statusCode).toBe(200);
    for (const url of ['/api/analytics/summary', '/api/analytics/detailed?range=1year']) {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', details: { feature: 'analytics' } });
    }
    expect((await put(true)).statusCode).toBe(200);
    expect((await get('/api/analytics/summary')).statusCode).toBe(200);
  });
});

describe('seeded data (clock fixed at 2026-03-18 12:00 UTC)', () => {
  let s: Seeded;
  beforeAll(async () => {
    s = await seedAnalytics(t.db.db);
  });

  it('summary', async () => {
    const summary = await loadSummary(t.db.db, NOW);
    expect(summary).toEqual({
      generatedAt: NOW.toISOString(),
      fleet: { total: 3, byStatus: { operational: 1, maintenance: 1, out_of_service: 1 } },
      reportsThisMonth: {
        total: 5,
        byStatus: { unsigned: 0, signed: 0, pending: 2, approved: 2, rejected: 1 },
      },
      pendingApprovals: { reports: 2, logbook: 1, total: 3 },
      maintenance: { overdue: 1, dueSoon: 1 },
      openSpecialChecks: 1,
      inventory: { value: 105, items: 3, lowStock: 2 },
    });
  });

  it('1month: weekly buckets from Monday 2026-02-16', async () => {
    const d = await detailed('1month');
    expect([d.unit, d.from, d.to]).toEqual(['week', '2026-02-16', '2026-03-18']);
    expect(d.reportsByStatus).toEqual([
      { ...zeros, period: '2026-02-16', signed: 1, total: 1 },
      { ...zeros, period: '2026-02-23' },
      { ...zeros, period: '2026-03-02', pending: 1, total: 1 },
      { ...zeros, period: '2026-03-09', approved: 1, total: 1 },
      { ...zeros, period: '2026-03-16', approved: 1, pending: 1, rejected: 1, total: 3 },
    ]);
    // 10 h and 48 h: median 29, p90 10 + 0.9 × 38 = 44.2 (continuous percentile).
    expect(d.approvalLeadTime).toMatchObject({ count: 2, medianHours: 29, p90Hours: 44.2 });
    expect(d.approvalLeadTime.series.map((p) => [p.period, p.count, p.medianHours])).toEqual([
      ['2026-02-16', 0, null],
      ['2026-02-23', 0, null],
      ['2026-03-02', 0, null],
      ['2026-03-09', 1, 48],
      ['2026-03-16', 1, 10],
    ]);
    expect(d.checklistCategories).toEqual([
      {
        category: 'exterior',
        label: { de: 'Außen', en: 'Exterior' },
        checked: 6,
        failed: 3,
        failureRate: 0.5,
      },
      {
        category: 'cleaning',
        label: { de: 'Reinigung', en: 'Cleaning' },
        checked: 0,
        failed: 0,
        failureRate: 0,
      },
    ]);
    expect(d.checklistItems.map((i) => [i.category, i.item, i.checked, i.failed, i.failureRate])).toEqual([
      ['exterior', 'leaks', 2, 2, 1],
      ['exterior', 'tracks', 4, 1, 0.25],
      ['cleaning', 'windows', 0, 0, 0],
    ]);
    expect(d.checklistItems[0]).toMatchObject({ label: { en: 'Leaks' }, categoryLabel: { en: 'Exterior' } });
    expect(d.machinesMostFailed).toEqual([{ excavatorId: s.alpha, name: 'Alpha', failed: 3, reports: 3 }]);
    expect(d.usageHours).toEqual([
      { excavatorId: s.alpha, name: 'Alpha', usageHours: 1000, hoursInRange: 100, reports: 4 },
      { excavatorId: s.bravo, name: 'Bravo', usageHours: 1200, hoursInRange: 5, reports: 2 },
      { excavatorId: s.charlie, name: 'Charlie', usageHours: 100, hoursInRange: 0, reports: 0 },
    ]);
    expect(d.conveyorFailures).toEqual([
      { conveyor: 'c2', name: 'Feeder', checks: 2, failures: 1 },
      { conveyor: 'c1', name: 'Main belt', checks: 2, failures: 1 },
    ]);
    expect(d.inventory).toEqual({
      value: 105,
      consumedUnits: 5,
      consumedValue: 53.5,
      consumption: [
        { period: '2026-02-16', units: 0, value: 0 },
        { period: '2026-02-23', units: 0, value: 0 },
        { period: '2026-03-02', units: 2, value: 16 },
        { period: '2026-03-09', units: 0, value: 0 },
        { period: '2026-03-16', units: 3, value: 37.5 },
      ],
    });
  });

  it('3months: the Sunday before the 1month window counts', async () => {
    const d = await detailed('3months');
    expect([d.unit, d.reportsByStatus.length, d.from]).toEqual(['week', 13, '2025-12-22']);
    expect(d.reportsByStatus.find((p) => p.period === '2026-02-09')).toMatchObject({ unsigned: 1, total: 1 });
    expect(d.reportsByStatus.reduce((n, p) => n + p.total, 0)).toBe(7);
    expect(d.checklistItems.find((i) => i.item === 'leaks')).toMatchObject({ checked: 3, failed: 3 });
    expect(d.usageHours[0]).toMatchObject({ name: 'Alpha', hoursInRange: 120, reports: 5 });
    expect(d.conveyorFailures.map((c) => [c.name, c.failures])).toEqual([
      ['Feeder', 1],
      ['Main belt', 1],
      ['Sorter', 1],
    ]);
  });

  it('6months: monthly buckets from 2025-10-01; 2025-09-30 is outside', async () => {
    const d = await detailed('6months');
    expect(d.reportsByStatus.map((p) => [p.period, p.total])).toEqual([
      ['2025-10-01', 1],
      ['2025-11-01', 0],
      ['2025-12-01', 0],
      ['2026-01-01', 0],
      ['2026-02-01', 2],
      ['2026-03-01', 5],
    ]);
    // 10, 30, 48 h → median 30, p90 30 + 0.8 × 18 = 44.4.
    expect(d.approvalLeadTime).toMatchObject({ count: 3, medianHours: 30, p90Hours: 44.4 });
    expect(d.inventory.consumption.map((p) => [p.period, p.units, p.value])).toEqual([
      ['2025-10-01', 0, 0],
      ['2025-11-01', 1, 8],
      ['2025-12-01', 0, 0],
      ['2026-01-01', 0, 0],
      ['2026-02-01', 0, 0],
      ['2026-03-01', 5, 53.5],
    ]);
    expect(d.inventory).toMatchObject({ consumedUnits: 6, consumedValue: 61.5 });
  });

  it('1year: twelve months including 2025-09-30', async () => {
    const d = await detailed('1year');
    expect([d.unit, d.reportsByStatus.length, d.from]).toEqual(['month', 12, '2025-04-01']);
    expect(d.reportsByStatus.find((p) => p.period === '2025-09-01')).toMatchObject({ approved: 1, total: 1 });
    // 4, 10, 30, 48 h → median 20, p90 30 + 0.7 × 18 = 42.6.
    expect(d.approvalLeadTime).toMatchObject({ count: 4, medianHours: 20, p90Hours: 42.6 });
  });

  it('alerts: maintenance, reports pending > 3 days, conveyors down, stock under minimum', async () => {
    const d = await detailed('6months');
    expect(d.alerts).toEqual([
      {
        kind: 'maintenanceOverdue',
        recordId: s.bravo,
        link: `/excavators?id=${s.bravo}`,
        name: 'Bravo',
        hoursUntil: -100,
      },
      {
        kind: 'maintenanceDue',
        recordId: s.alpha,
        link: `/excavators?id=${s.alpha}`,
        name: 'Alpha',
        hoursUntil: 20,
      },
      {
        kind: 'reportPending',
        recordId: s.pendingReport,
        link: `/reports?id=${s.pendingReport}`,
        name: 'Bravo',
        reportDate: '2026-03-02',
        submittedAt: '2026-03-05T00:00:00.000Z',
        days: 13,
      },
      {
        kind: 'conveyorDown',
        recordId: s.sorterEntry,
        link: `/betriebstagebuch?id=${s.sorterEntry}`,
        name: 'Sorter',
        date: '2026-01-05',
        notes: 'Jammed',
      },
      {
        kind: 'conveyorDown',
        recordId: s.feederEntry,
        link: `/betriebstagebuch?id=${s.feederEntry}`,
        name: 'Feeder',
        date: '2026-03-17',
        notes: 'Motor',
      },
      {
        kind: 'stockLow',
        recordId: s.filter,
        link: `/inventory?id=${s.filter}`,
        name: 'Filter',
        quantity: 2,
        minQuantity: 5,
      },
      {
        kind: 'stockLow',
        recordId: s.bolt,
        link: `/inventory?id=${s.bolt}`,
        name: 'Bolt',
        quantity: 0,
        minQuantity: 1,
      },
    ]);
  });

  it('the HTTP answer matches the service for the range asked', async () => {
    for (const range of ['1month', '3months', '6months', '1year'] as const) {
      const res = await get(`/api/analytics/detailed?range=${range}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AnalyticsDetailed;
      expect(body.range).toBe(range);
      expect(body.reportsByStatus).toHaveLength(
        { '1month': 5, '3months': 13, '6months': 6, '1year': 12 }[range],
      );
    }
    const summary = (await get('/api/analytics/summary')).json() as AnalyticsSummary;
    expect(summary.fleet.total).toBe(3);
    expect(summary.inventory).toEqual({ value: 105, items: 3, lowStock: 2 });
  });
});
