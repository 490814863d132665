import type { AnalyticsDetailed, AnalyticsRange, AnalyticsSummary } from '@/domain/analytics';

/** Answers of GET /api/analytics/summary and /detailed for the client tests. */

export const SUMMARY: AnalyticsSummary = {
  generatedAt: '2026-03-18T12:00:00.000Z',
  fleet: { total: 3, byStatus: { operational: 1, maintenance: 1, out_of_service: 1 } },
  reportsThisMonth: { total: 5, byStatus: { unsigned: 0, signed: 0, pending: 2, approved: 2, rejected: 1 } },
  pendingApprovals: { reports: 2, logbook: 1, total: 3 },
  maintenance: { overdue: 1, dueSoon: 1 },
  openSpecialChecks: 1,
  inventory: { value: 105, items: 3, lowStock: 2 },
};

export const EMPTY_SUMMARY: AnalyticsSummary = {
  generatedAt: '2026-03-18T12:00:00.000Z',
  fleet: { total: 0, byStatus: { operational: 0, maintenance: 0, out_of_service: 0 } },
  reportsThisMonth: { total: 0, byStatus: { unsigned: 0, signed: 0, pending: 0, approved: 0, rejected: 0 } },
  pendingApprovals: { reports: 0, logbook: 0, total: 0 },
  maintenance: { overdue: 0, dueSoon: 0 },
  openSpecialChecks: 0,
  inventory: { value: 0, items: 0, lowStock: 0 },
};

const PERIODS: Record<AnalyticsRange, string[]> = {
  '1month': ['2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16'],
  '3months': Array.from({ length: 13 }, (_, i) =>
    new Date(Date.UTC(2025, 11, 22 + i * 7)).toISOString().slice(0, 10),
  ),
  '6months': ['2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'],
  '1year': Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(2025, 3 + i, 1)).toISOString().slice(0, 10),
  ),
};

const zero = { unsigned: 0, signed: 0, pending: 0, approved: 0, rejected: 0, total: 0 };

export function detailedFor(range: AnalyticsRange, empty = false): AnalyticsDetailed {
  const periods = PERIODS[range];
  const unit = range === '1month' || range === '3months' ? 'week' : 'month';
  const last = periods.length - 1;
  return {
    generatedAt: '2026-03-18T12:00:00.000Z',
    range,
    unit,
    from: periods[0]!,
    to: '2026-03-18',
    reportsByStatus: periods.map((period, i) =>
      empty || i !== last ? { ...zero, period } : { ...zero, period, approved: 2, pending: 1, total: 3 },
    ),
    approvalLeadTime: {
      count: empty ? 0 : 2,
      medianHours: empty ? null : 29,
      p90Hours: empty ? null : 44.2,
      series: periods.map((period, i) =>
        empty || i !== last
          ? { period, count: 0, medianHours: null, p90Hours: null }
          : { period, count: 2, medianHours: 29, p90Hours: 44.2 },
      ),
    },
    checklistCategories: empty
      ? []
      : [
          {
            category: 'exterior',
            label: { de: 'Außen', en: 'Exterior' },
            checked: 6,
            failed: 3,
            failureRate: 0.5,
          },
        ],
    checklistItems: empty
      ? []
      : [
          {
            category: 'exterior',
            item: 'leaks',
            label: { de: 'Lecks', en: 'Leaks' },
            categoryLabel: { de: 'Außen', en: 'Exterior' },
            checked: 2,
            failed: 2,
            failureRate: 1,
          },
        ],
    machinesMostFailed: empty ? [] : [{ excavatorId: 'ex-1', name: 'Alpha', failed: 3, reports: 3 }],
    usageHours: empty
      ? []
      : [
          { excavatorId: 'ex-1', name: 'Alpha', usageHours: 1000, hoursInRange: 100, reports: 4 },
          { excavatorId: 'ex-2', name: 'Bravo', usageHours: 1200, hoursInRange: 5, reports: 2 },
        ],
    conveyorFailures: empty ? [] : [{ conveyor: 'c2', name: 'Feeder', checks: 2, failures: 1 }],
    inventory: {
      value: empty ? 0 : 105,
      consumedUnits: empty ? 0 : 5,
      consumedValue: empty ? 0 : 53.5,
      consumption: periods.map((period, i) => ({
        period,
        units: empty || i !== last ? 0 : 5,
        value: empty || i !== last ? 0 : 53.5,
      })),
    },
    alerts: empty
      ? []
      : [
          {
            kind: 'maintenanceOverdue',
            recordId: 'ex-2',
            link: '/excavators?id=ex-2',
            name: 'Bravo',
            hoursUntil: -100,
          },
          {
            kind: 'reportPending',
            recordId: 'rep-1',
            link: '/reports?id=rep-1',
            name: 'Bravo',
            reportDate: '2026-03-02',
            submittedAt: '2026-03-05T00:00:00.000Z',
            days: 13,
          },
          {
            kind: 'conveyorDown',
            recordId: 'log-1',
            link: '/betriebstagebuch?id=log-1',
            name: 'Feeder',
            date: '2026-03-17',
            notes: 'Motor',
          },
          {
            kind: 'stockLow',
            recordId: 'inv-1',
            link: '/inventory?id=inv-1',
            name: 'Filter',
            quantity: 2,
            minQuantity: 5,
          },
        ],
  };
}
