import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@/domain/dispo/dates';
import type { Assignment } from '@/domain/dispo/assignments';
import type { DispoDashboard, DispoOverview } from '@/domain/dispo/board';
import type { Driver } from '@/domain/dispo/drivers';
import { createDispoWorld, round, type DispoWorld } from './dispo-fixtures';

/*
 * The week board and the dashboard, on Thursday 2026-03-12 (week Monday 03-09 to Sunday 03-15).
 */

let w: DispoWorld;
let thursdayA: Assignment;
let inactive: Driver;

beforeAll(async () => {
  w = await createDispoWorld('db');
  const { a, b, c } = w.drivers;
  const { roll10, roll20, skip7 } = w.types;
  thursdayA = await w.createAssignment({
    date: '2026-03-12',
    driverId: a.driver.id,
    truckId: w.trucks.one.id,
    rounds: [
      {
        notes: 'Hof Nord',
        items: [
          { containerTypeId: roll10.id, quantity: 2, operation: 'swap' },
          { containerTypeId: skip7.id, quantity: 1, operation: 'place' },
        ],
      },
      round(skip7.id, 'pickup', 3),
    ],
  });
  await w.publish(thursdayA.id);
  const tick = await w.call(
    'PUT',
    `/api/containers/assignments/${thursdayA.id}/rounds/0/done`,
    a.user.token,
    { done: true },
  );
  expect(tick.statusCode).toBe(200);
  await w.createAssignment({
    date: '2026-03-12',
    driverId: b.driver.id,
    rounds: [round(roll20.id, 'place', 1)],
  });
  const deleted = await w.createAssignment({
    date: '2026-03-12',
    driverId: c.driver.id,
    rounds: [round(roll20.id, 'pickup', 5)],
  });
  await w.call('DELETE', `/api/containers/assignments/${deleted.id}`, w.tokens.dispo);
  await w.createAssignment({
    date: '2026-03-15',
    driverId: a.driver.id,
    rounds: [round(roll10.id, 'pickup', 4)],
  });
  await w.createAssignment({
    date: '2026-03-16',
    driverId: a.driver.id,
    rounds: [round(roll10.id, 'place', 9)],
  });
  await w.createAssignment({
    date: '2026-03-08',
    driverId: b.driver.id,
    rounds: [round(roll10.id, 'place', 7)],
  });

  // An inactive driver still shows on the board while they have work in the window; one without does not.
  inactive = (
    await w.call('POST', '/api/containers/drivers', w.tokens.dispo, { name: 'Zoran Ilić' })
  ).json() as Driver;
  await w.createAssignment({ date: '2026-03-13', driverId: inactive.id, rounds: [round(skip7.id)] });
  await w.call('PUT', `/api/containers/drivers/${inactive.id}`, w.tokens.dispo, {
    name: 'Zoran Ilić',
    active: false,
  });
  await w.call('POST', '/api/containers/drivers', w.tokens.dispo, { name: 'Yvonne Ruhe', active: false });
});
afterAll(async () => w.t.close());

describe('GET /api/containers/dashboard', () => {
  it("lists today's rounds, this week's containers per type and the drivers without work", async () => {
    const res = await w.call(
      'GET',
      '/api/containers/dashboard?date=2026-03-12&tz=Europe/Berlin',
      w.tokens.dispo,
    );
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as DispoDashboard;
    expect(board).toMatchObject({
      date: '2026-03-12',
      timeZone: 'Europe/Berlin',
      week: { from: '2026-03-09', to: '2026-03-15' },
    });
    expect(
      board.todayRounds.map((r) => [r.driverName, r.index, r.done, r.containers, r.status, r.licensePlate]),
    ).toEqual([
      ['Andreas Wolf', 0, true, 3, 'published', 'M-FP 1234'],
      ['Andreas Wolf', 1, false, 3, 'published', 'M-FP 1234'],
      ['Piotr Nowak', 0, false, 1, 'draft', null],
    ]);
    expect(board.todayRounds[0]).toMatchObject({ assignmentId: thursdayA.id, notes: 'Hof Nord' });
    // Swaps count as placed and picked up; Sunday 03-15 is in the week, 03-08 and 03-16 are not;
    // the deleted assignment is not counted.
    expect(board.containersThisWeek.map((c) => [c.name, c.volume, c.placed, c.pickedUp])).toEqual([
      ['Abrollcontainer 10 m³', 10, 2, 6],
      ['Abrollcontainer 20 m³', 20, 1, 0],
      ['Absetzmulde 7 m³', 7, 2, 3], // one on Thursday, one by the (now inactive) driver on Friday
    ]);
    expect(board.driversWithoutAssignment.map((d) => d.name)).toEqual(['Stefan Brandl']);
  });

  it('takes today in the viewer zone when no date is given', async () => {
    const res = await w.call('GET', '/api/containers/dashboard?tz=Pacific/Kiritimati', w.tokens.manager);
    expect(res.json().date).toBe(todayIn('Pacific/Kiritimati'));
    const fallback = await w.call('GET', '/api/containers/dashboard', w.tokens.manager);
    expect(fallback.json()).toMatchObject({ date: todayIn('Europe/Berlin'), timeZone: 'Europe/Berlin' });
    const bad = await w.call('GET', '/api/containers/dashboard?tz=Mars/Olympus', w.tokens.manager);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/containers/overview', () => {
  it('gives seven days by driver from the day asked', async () => {
    const res = await w.call('GET', '/api/containers/overview?from=2026-03-12', w.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as DispoOverview;
    expect(board.dates).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
    expect(board).toMatchObject({ from: '2026-03-12', to: '2026-03-18', timeZone: 'Europe/Berlin' });
    expect(board.drivers.map((d) => [d.driver.name, d.driver.active])).toEqual([
      ['Andreas Wolf', true],
      ['Piotr Nowak', true],
      ['Stefan Brandl', true],
      ['Zoran Ilić', false],
    ]);
    const andreas = board.drivers[0]!;
    expect(andreas.days).toHaveLength(7);
    expect(andreas.days.filter((d) => d.assignments.length > 0).map((d) => d.date)).toEqual([
      '2026-03-12',
      '2026-03-15',
      '2026-03-16',
    ]);
    expect(andreas.days[0]!.assignments).toEqual([
      {
        id: thursdayA.id,
        version: 3,
        status: 'published',
        truckId: w.trucks.one.id,
        licensePlate: 'M-FP 1234',
        rounds: 2,
        roundsDone: 1,
        containers: 6,
      },
    ]);
    expect(board.drivers[2]!.days.every((d) => d.assignments.length === 0)).toBe(true);
    expect(board.drivers[3]!.days[1]!.assignments).toHaveLength(1);
  });

  it('starts today in the viewer zone by default', async () => {
    const res = await w.call('GET', '/api/containers/overview?tz=America/Los_Angeles', w.tokens.dispo);
    const board = res.json() as DispoOverview;
    expect(board.from).toBe(todayIn('America/Los_Angeles'));
    expect(board.dates).toHaveLength(7);
  });
});
