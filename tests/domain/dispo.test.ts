import { describe, expect, it } from 'vitest';
import { decodeIssue } from '@/domain/fields';
import { addDays, dateWindow, isUpcoming, todayIn, upcomingWindow, weekOf } from '@/domain/dispo/dates';
import { assignmentCreateSchema, type AssignmentFields } from '@/domain/dispo/assignment-input';
import {
  assignmentListQuerySchema,
  countContainers,
  matchesAssignmentQuery,
} from '@/domain/dispo/assignments';
import { containerTypeInputSchema } from '@/domain/dispo/container-types';
import { describeDispoChanges, diffAssignment } from '@/domain/dispo/changes';
import { driverInputSchema } from '@/domain/dispo/drivers';
import { normalizeLicensePlate, truckInputSchema } from '@/domain/dispo/trucks';

const TYPE = '0196a0c2-0000-7000-8000-0000000000a1';
const DRIVER = '0196a0c2-0000-7000-8000-0000000000d1';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [i.path.join('.'), decodeIssue(i.message).english]),
  );

describe('normalizeLicensePlate', () => {
  it.each([
    ['m-fp 1234', 'M-FP 1234'],
    ['  M - FP   1234 ', 'M-FP 1234'],
    ['m--fp 1234', 'M-FP 1234'],
    ['-M-FP 1234-', 'M-FP 1234'],
    ['ebe\tk  512', 'EBE K 512'],
    ['ca 1234 ab', 'CA 1234 AB'],
    ['ικα-1234', 'ΙΚΑ-1234'],
  ])('%j → %j', (raw, normalised) => {
    expect(normalizeLicensePlate(raw)).toBe(normalised);
  });

  it('stores the normalised plate and refuses what is no plate', () => {
    expect(truckInputSchema.parse({ licensePlate: ' m -fp 1234 ' })).toEqual({
      licensePlate: 'M-FP 1234',
      type: null,
      capacity: null,
      active: true,
    });
    for (const bad of ['', ' - ', 'M', 'M/FP 1234', 'M_FP', 'ABCDEFGHIJ 123456']) {
      const result = truckInputSchema.safeParse({ licensePlate: bad });
      expect(result.success, bad).toBe(false);
      expect(Object.keys(fieldErrors(result))).toEqual(['licensePlate']);
    }
    expect(fieldErrors(truckInputSchema.safeParse({ licensePlate: 'M-FP 1', capacity: -1 }))).toEqual({
      capacity: 'Capacity must be non-negative',
    });
  });
});

describe('master data schemas', () => {
  it('drivers: name required, phone characters, blank link becomes null', () => {
    expect(driverInputSchema.parse({ name: ' Piotr Nowak ', phone: '', userId: '' })).toEqual({
      name: 'Piotr Nowak',
      phone: null,
      userId: null,
      active: true,
    });
    expect(fieldErrors(driverInputSchema.safeParse({ name: ' ', phone: 'call me', userId: 'x' }))).toEqual({
      name: 'Name is required',
      phone: 'Phone may contain digits, spaces and + ( ) / - .',
      userId: 'User is not valid',
    });
  });

  it('container types: volume must be positive', () => {
    expect(fieldErrors(containerTypeInputSchema.safeParse({ name: 'Mulde', volume: 0 }))).toEqual({
      volume: 'Volume must be greater than 0',
    });
    expect(containerTypeInputSchema.parse({ name: 'Absetzmulde 7 m³', volume: 7 }).description).toBeNull();
  });
});

describe('assignment schema', () => {
  const base = {
    date: '2026-03-12',
    driverId: DRIVER,
    rounds: [{ notes: 'Hof', items: [{ containerTypeId: TYPE, quantity: 2, operation: 'swap' }] }],
  };

  it('accepts a plan and fills the defaults', () => {
    expect(assignmentCreateSchema.parse(base)).toEqual({
      ...base,
      truckId: null,
      generalNotes: null,
      allowDuplicate: false,
      rounds: [{ notes: 'Hof', done: false, items: base.rounds[0]!.items }],
    });
  });

  it('refuses bad quantities, operations, dates and empty rounds', () => {
    const item = (patch: object) => ({
      ...base,
      rounds: [{ items: [{ ...base.rounds[0]!.items[0], ...patch }] }],
    });
    expect(fieldErrors(assignmentCreateSchema.safeParse(item({ quantity: 0 })))).toEqual({
      'rounds.0.items.0.quantity': 'Quantity must be at least 1',
    });
    expect(fieldErrors(assignmentCreateSchema.safeParse(item({ quantity: 1.5 })))).toEqual({
      'rounds.0.items.0.quantity': 'Quantity must be a whole number',
    });
    expect(fieldErrors(assignmentCreateSchema.safeParse(item({ quantity: 100 })))).toEqual({
      'rounds.0.items.0.quantity': 'Quantity must be at most 99',
    });
    expect(fieldErrors(assignmentCreateSchema.safeParse(item({ operation: 'dump' })))).toEqual({
      'rounds.0.items.0.operation': 'Operation must be one of: pickup, place, swap',
    });
    expect(fieldErrors(assignmentCreateSchema.safeParse({ ...base, date: '2026-02-30' }))).toEqual({
      date: 'Date must be a date (YYYY-MM-DD)',
    });
    expect(fieldErrors(assignmentCreateSchema.safeParse({ ...base, rounds: [{ items: [] }] }))).toEqual({
      'rounds.0.items': 'Containers: at least 1 required',
    });
  });

  it('list query: "to" not before "from"', () => {
    expect(assignmentListQuerySchema.safeParse({ from: '2026-03-12', to: '2026-03-11' }).success).toBe(false);
    expect(assignmentListQuerySchema.parse({ from: '2026-03-12', to: '2026-03-12' })).toMatchObject({
      page: 1,
      limit: 10,
      sort: '-date',
    });
  });
});

describe('diffAssignment and describeDispoChanges', () => {
  const round = (notes: string, quantity = 1) => ({
    notes,
    done: false,
    items: [{ containerTypeId: TYPE, quantity, operation: 'place' as const }],
  });
  const before: AssignmentFields = {
    date: '2026-03-12',
    driverId: DRIVER,
    truckId: null,
    generalNotes: null,
    rounds: [round('A'), round('B'), round('C')],
  };

  it('lists changed fields and rounds by position; a done tick is no change', () => {
    const after: AssignmentFields = {
      ...before,
      date: '2026-03-13',
      truckId: TYPE,
      rounds: [{ ...round('A'), done: true }, round('B', 2)],
    };
    const changes = diffAssignment(before, after);
    expect(changes).toEqual([
      { kind: 'field', field: 'date' },
      { kind: 'field', field: 'truck' },
      { kind: 'round', index: 1, change: 'changed' },
      { kind: 'round', index: 2, change: 'removed' },
    ]);
    expect(describeDispoChanges(changes, 'en')).toBe('date, truck, round 2 changed, round 3 removed');
    expect(describeDispoChanges(changes, 'de')).toBe('Datum, LKW, Tour 2 geändert, Tour 3 entfernt');
    expect(diffAssignment(before, { ...before, rounds: [...before.rounds, round('D')] })).toEqual([
      { kind: 'round', index: 3, change: 'added' },
    ]);
    expect(
      diffAssignment(before, { ...before, rounds: before.rounds.map((r) => ({ ...r, done: true })) }),
    ).toEqual([]);
  });
});

describe('countContainers and matchesAssignmentQuery', () => {
  it('a swap places one and picks one up', () => {
    expect(
      countContainers([
        {
          items: [
            { containerTypeId: TYPE, quantity: 2, operation: 'place' },
            { containerTypeId: TYPE, quantity: 1, operation: 'pickup' },
            { containerTypeId: TYPE, quantity: 3, operation: 'swap' },
          ],
        },
      ]),
    ).toEqual({ placed: 5, pickedUp: 4 });
  });

  it('filters by inclusive date range, driver and status', () => {
    const a = { date: '2026-03-12', driverId: DRIVER, truckId: null, status: 'published' as const };
    expect(matchesAssignmentQuery(a, { from: '2026-03-12', to: '2026-03-12' })).toBe(true);
    expect(matchesAssignmentQuery(a, { from: '2026-03-13' })).toBe(false);
    expect(matchesAssignmentQuery(a, { status: 'draft' })).toBe(false);
    expect(matchesAssignmentQuery(a, { truckId: TYPE })).toBe(false);
  });
});

describe('the 7-day window across time zones', () => {
  // 2026-03-28 23:30 UTC: already Sunday the 29th in Berlin (UTC+1) and Kiritimati (UTC+14), still
  // Saturday the 28th in London (UTC+0) and Los Angeles (UTC−7).
  const lateSaturdayUtc = new Date('2026-03-28T23:30:00Z');

  it('today is the local calendar date of the zone', () => {
    expect(todayIn('Europe/Berlin', lateSaturdayUtc)).toBe('2026-03-29');
    expect(todayIn('Pacific/Kiritimati', lateSaturdayUtc)).toBe('2026-03-29');
    expect(todayIn('Europe/London', lateSaturdayUtc)).toBe('2026-03-28');
    expect(todayIn('America/Los_Angeles', lateSaturdayUtc)).toBe('2026-03-28');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-03-29T10:59:00Z'))).toBe('2026-03-28');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-03-29T11:00:00Z'))).toBe('2026-03-29');
  });

  it('covers seven calendar days from today, today included', () => {
    expect(upcomingWindow('Europe/Berlin', lateSaturdayUtc)).toEqual({
      from: '2026-03-29',
      to: '2026-04-04',
      dates: [
        '2026-03-29',
        '2026-03-30',
        '2026-03-31',
        '2026-04-01',
        '2026-04-02',
        '2026-04-03',
        '2026-04-04',
      ],
    });
    expect(upcomingWindow('America/Los_Angeles', lateSaturdayUtc)).toMatchObject({
      from: '2026-03-28',
      to: '2026-04-03',
    });
  });

  it('edges: the last day is in, the day after and yesterday are out — per zone', () => {
    expect(isUpcoming('2026-04-04', 'Europe/Berlin', lateSaturdayUtc)).toBe(true);
    expect(isUpcoming('2026-04-05', 'Europe/Berlin', lateSaturdayUtc)).toBe(false);
    expect(isUpcoming('2026-03-28', 'Europe/Berlin', lateSaturdayUtc)).toBe(false);
    expect(isUpcoming('2026-03-28', 'America/Los_Angeles', lateSaturdayUtc)).toBe(true);
    expect(isUpcoming('2026-04-04', 'America/Los_Angeles', lateSaturdayUtc)).toBe(false);
  });

  it('a window over the DST change still has seven days; dates do not drift with the clock', () => {
    // Berlin switches to summer time on 2026-03-29 at 01:00 UTC; one minute before and after midnight.
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    // Back to winter time on 2026-10-25: that day starts at 22:00 UTC and lasts 25 hours.
    expect(todayIn('Europe/Berlin', new Date('2026-10-24T21:59:00Z'))).toBe('2026-10-24');
    expect(todayIn('Europe/Berlin', new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Berlin', new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Berlin', new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(dateWindow('2026-10-22').dates).toHaveLength(7);
    expect(dateWindow('2026-10-22').to).toBe('2026-10-28');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(dateWindow('2026-12-28')).toMatchObject({ from: '2026-12-28', to: '2027-01-03' });
    expect(dateWindow('2028-02-26').dates).toContain('2028-02-29');
    expect(dateWindow('2027-02-26').to).toBe('2027-03-04');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('weekOf runs Monday to Sunday', () => {
    expect(weekOf('2026-03-12')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // a Thursday
    expect(weekOf('2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // Sunday
    expect(weekOf('2026-03-16')).toEqual({ from: '2026-03-16', to: '2026-03-22' }); // Monday
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});
