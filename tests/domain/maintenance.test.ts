import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_INTERVAL_HOURS,
  MAINTENANCE_FILTERS,
  MAINTENANCE_LABELS,
  matchesMaintenanceFilter,
  MAINTENANCE_SOON_RATIO,
  MAINTENANCE_URGENT_RATIO,
  maintenanceDue,
  maintenanceLabel,
  nextMaintenanceAt,
  serviceIntervalFromSettings,
} from '@/domain/maintenance';

describe('maintenance due', () => {
  it('uses 500 h by default, 10 % urgent and 25 % soon', () => {
    expect(DEFAULT_SERVICE_INTERVAL_HOURS).toBe(500);
    expect(MAINTENANCE_URGENT_RATIO).toBe(0.1);
    expect(MAINTENANCE_SOON_RATIO).toBe(0.25);
  });

  it('counts from the hours at the last service', () => {
    expect(maintenanceDue({ usageHours: 1200, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 300,
      label: 'ok',
    });
    expect(maintenanceDue({ usageHours: 1376, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 124,
      label: 'soon',
    });
    expect(maintenanceDue({ usageHours: 1375, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 125,
      label: 'soon',
    });
    expect(maintenanceDue({ usageHours: 1374, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 126,
      label: 'ok',
    });
    expect(maintenanceDue({ usageHours: 1450, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 50,
      label: 'urgent',
    });
    expect(maintenanceDue({ usageHours: 1449, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 51,
      label: 'soon',
    });
  });

  it('is urgent when overdue, with negative hours', () => {
    expect(maintenanceDue({ usageHours: 1600, lastServiceHours: 1000 })).toEqual({
      hoursUntil: -100,
      label: 'urgent',
    });
    expect(maintenanceDue({ usageHours: 1500, lastServiceHours: 1000 })).toEqual({
      hoursUntil: 0,
      label: 'urgent',
    });
  });

  it('prefers the per-machine next-inspection override', () => {
    expect(
      nextMaintenanceAt({ usageHours: 1200, lastServiceHours: 1000, nextInspectionHours: 1250 }, 500),
    ).toBe(1250);
    expect(maintenanceDue({ usageHours: 1200, lastServiceHours: 1000, nextInspectionHours: 1250 })).toEqual({
      hoursUntil: 50,
      label: 'urgent',
    });
    expect(maintenanceDue({ usageHours: 1200, nextInspectionHours: 0 })).toEqual({
      hoursUntil: -1200,
      label: 'urgent',
    });
  });

  it('without a recorded service, services fall on multiples of the interval', () => {
    expect(maintenanceDue({ usageHours: 0 })).toEqual({ hoursUntil: 500, label: 'ok' });
    expect(maintenanceDue({ usageHours: 480 })).toEqual({ hoursUntil: 20, label: 'urgent' });
    expect(maintenanceDue({ usageHours: 500 })).toEqual({ hoursUntil: 500, label: 'ok' });
    expect(maintenanceDue({ usageHours: null })).toEqual({ hoursUntil: 500, label: 'ok' });
  });

  it('scales the thresholds with the configured interval', () => {
    expect(maintenanceDue({ usageHours: 170, lastServiceHours: 0 }, 250)).toEqual({
      hoursUntil: 80,
      label: 'ok',
    });
    expect(maintenanceDue({ usageHours: 190, lastServiceHours: 0 }, 250)).toEqual({
      hoursUntil: 60,
      label: 'soon',
    });
    expect(maintenanceDue({ usageHours: 230, lastServiceHours: 0 }, 250)).toEqual({
      hoursUntil: 20,
      label: 'urgent',
    });
    expect(maintenanceLabel(100, 1000)).toBe('urgent');
    expect(maintenanceLabel(101, 1000)).toBe('soon');
  });

  it('rounds to a tenth of an hour', () => {
    expect(maintenanceDue({ usageHours: 1234.56, lastServiceHours: 1000 }).hoursUntil).toBe(265.4);
  });

  it('reads the interval from settings, falling back to the default', () => {
    expect(serviceIntervalFromSettings({ maintenance: { serviceIntervalHours: 250 } })).toBe(250);
    expect(serviceIntervalFromSettings({ maintenance: { serviceIntervalHours: 0 } })).toBe(500);
    expect(serviceIntervalFromSettings({ maintenance: { serviceIntervalHours: '250' } })).toBe(500);
    expect(serviceIntervalFromSettings({})).toBe(500);
    expect(serviceIntervalFromSettings(null)).toBe(500);
  });
});

describe('maintenance filters', () => {
  it('due means urgent or soon; urgent and soon mean themselves', () => {
    const table = MAINTENANCE_LABELS.map((label) =>
      MAINTENANCE_FILTERS.map((filter) => matchesMaintenanceFilter(label, filter)),
    );
    // rows: urgent, soon, ok — columns: due, urgent, soon
    expect(table).toEqual([
      [true, true, false],
      [true, false, true],
      [false, false, false],
    ]);
  });
});
