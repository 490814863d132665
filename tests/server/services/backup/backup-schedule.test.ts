import { describe, expect, it } from 'vitest';
import { isBackupDue, latestSlotDay, nextBackupAt } from '@/server/modules/backups/schedule';
import { siteTimeZone, zonedInstant, zonedTime } from '@/server/site-time';

/* The daily backup's clock: site time, daylight-saving changes, a PC that was off at the time. */

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);

describe('site time', () => {
  it('is the process TZ when it names a zone, else Europe/Berlin', () => {
    expect(siteTimeZone({ TZ: 'America/New_York' })).toBe('America/New_York');
    expect(siteTimeZone({ TZ: 'UTC' })).toBe('UTC');
    expect(siteTimeZone({})).toBe('Europe/Berlin');
    expect(siteTimeZone({ TZ: ':/etc/localtime' })).toBe('Europe/Berlin');
    expect(siteTimeZone({ TZ: 'Not/AZone' })).toBe('Europe/Berlin');
  });

  it('reads wall clocks and finds the instant of a wall time, across daylight-saving changes', () => {
    expect(zonedTime(at('2026-01-15T23:30:00Z'), BERLIN)).toEqual({ date: '2026-01-16', minutes: 30 });
    expect(zonedInstant('2026-01-16', 120, BERLIN).toISOString()).toBe('2026-01-16T01:00:00.000Z');
    expect(zonedInstant('2026-07-16', 120, BERLIN).toISOString()).toBe('2026-07-16T00:00:00.000Z');
    // 29 March 2026: 02:00–03:00 does not happen in Berlin; the first moment after is 03:00 CEST.
    expect(zonedInstant('2026-03-29', 150, BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 02:30 happens twice; the first one counts.
    expect(zonedInstant('2026-10-25', 150, BERLIN).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('daily backup schedule', () => {
  it('is due for the latest slot not yet run, today after BACKUP_AT and yesterday before it', () => {
    expect(latestSlotDay(at('2026-03-11T00:59:00Z'), '02:00', BERLIN)).toBe('2026-03-10');
    expect(latestSlotDay(at('2026-03-11T01:00:00Z'), '02:00', BERLIN)).toBe('2026-03-11');
    expect(isBackupDue(at('2026-03-11T01:00:00Z'), '02:00', BERLIN, '2026-03-10')).toEqual({
      due: true,
      day: '2026-03-11',
    });
    expect(isBackupDue(at('2026-03-11T09:00:00Z'), '02:00', BERLIN, '2026-03-11').due).toBe(false);
    // Never run: due at once (the first backup comes right after BACKUP_DIR is set).
    expect(isBackupDue(at('2026-03-11T09:00:00Z'), '02:00', BERLIN, null).due).toBe(true);
    // The PC was off for days: one backup when it is back, not one per missed day.
    expect(isBackupDue(at('2026-03-15T07:00:00Z'), '02:00', BERLIN, '2026-03-11')).toEqual({
      due: true,
      day: '2026-03-15',
    });
  });

  it('runs once on the days the clocks change', () => {
    // Spring: at 03:00 CEST (the first minute after the gap) the 02:00 slot is due.
    expect(isBackupDue(at('2026-03-29T00:59:00Z'), '02:00', BERLIN, '2026-03-28').due).toBe(false);
    expect(isBackupDue(at('2026-03-29T01:00:00Z'), '02:00', BERLIN, '2026-03-28').due).toBe(true);
    // Autumn: the repeated hour does not make a second run.
    expect(isBackupDue(at('2026-10-25T00:00:00Z'), '02:00', BERLIN, '2026-10-24')).toEqual({
      due: true,
      day: '2026-10-25',
    });
    expect(isBackupDue(at('2026-10-25T01:10:00Z'), '02:00', BERLIN, '2026-10-25').due).toBe(false);
  });

  it('says when the next backup starts', () => {
    expect(nextBackupAt(at('2026-03-11T09:00:00Z'), '02:00', BERLIN, '2026-03-11').toISOString()).toBe(
      '2026-03-12T01:00:00.000Z',
    );
    expect(nextBackupAt(at('2026-03-28T09:00:00Z'), '02:00', BERLIN, '2026-03-28').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(nextBackupAt(at('2026-03-11T09:00:00Z'), '23:45', 'UTC', '2026-03-10').toISOString()).toBe(
      '2026-03-11T23:45:00.000Z',
    );
    const now = at('2026-03-11T09:00:00Z');
    expect(nextBackupAt(now, '02:00', BERLIN, null)).toBe(now);
  });
});
