import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@/domain/dashboard';
import { todayIn } from '@/domain/dispo/dates';
import type { Report } from '@/domain/report';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReport,
  createReportsTestApp,
  daysAgo,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  today,
  type ReportUsers,
} from '../../support/reports-fixtures';

/*
 * GET /api/dashboard against a seeded fleet with known answers (service interval 500 h):
 *   A 1200 h operational, last service at 760 → due 1260, 60 h left → soon
 *   B  480 h maintenance, no service data      → due  500, 20 h left → urgent
 *   C  300 h out of service                    → due  500, 200 h left → ok
 *   D  900 h operational, next inspection 850  → 50 h overdue → urgent
 *   E   50 h operational                       → ok
 *   F 5000 h deleted                           → counted nowhere
 * Reports (report date, status): A today unsigned, A today approved, B yesterday pending,
 * D 10 days ago rejected, A 40 days ago approved, C 100 days ago unsigned, and one deleted today.
 */

let t: TestApp;
let u: ReportUsers;
const m: Record<string, { id: string }> = {};
let deletedReport: Report;
const dispoAssignmentId = uuidv7();

async function report(machine: string, date: string, status: Report['status']): Promise<Report> {
  const signed = status !== 'unsigned';
  let r = await createReport(t.app, u.operator.token, m[machine]!.id, {
    reportDate: date,
    operatingHours: null,
    operatorSignature: signed ? OPERATOR_SIGNATURE : null,
  });
  if (!signed) return r;
  r = (await call(t.app, 'PUT', `/api/reports/${r.id}/submit`, u.operator.token)).json() as Report;
  if (status === 'approved' || status === 'rejected') {
    const res =
      status === 'approved'
        ? await call(t.app, 'PUT', `/api/reports/${r.id}/approve`, u.manager.token, {
            signature: MANAGER_SIGNATURE,
          })
        : await call(t.app, 'PUT', `/api/reports/${r.id}/reject`, u.manager.token, { reason: 'Wrong hours' });
    expect(res.statusCode, res.body).toBe(200);
    r = res.json() as Report;
  }
  expect(r.status).toBe(status);
  return r;
}

async function dashboard(token: string, query = ''): Promise<Dashboard> {
  const res = await call(t.app, 'GET', `/api/dashboard${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('dash'));
  const admin = u.admin.token;
  m.A = await createExcavator(t.app, admin, 'A', { usageHours: 1200, lastServiceHours: 760 });
  m.B = await createExcavator(t.app, admin, 'B', { usageHours: 480, status: 'maintenance' });
  m.C = await createExcavator(t.app, admin, 'C', { usageHours: 300, status: 'out_of_service' });
  m.D = await createExcavator(t.app, admin, 'D', { usageHours: 900, nextInspectionHours: 850 });
  m.E = await createExcavator(t.app, admin, 'E', { usageHours: 50 });
  m.F = await createExcavator(t.app, admin, 'F', { usageHours: 5000 });
  expect((await call(t.app, 'DELETE', `/api/excavators/${m.F.id}`, admin)).statusCode).toBeLessThan(300);

  await report('A', today(), 'unsigned');
  await report('A', today(), 'approved');
  await report('B', daysAgo(1), 'pending');
  await report('D', daysAgo(10), 'rejected');
  await report('A', daysAgo(40), 'approved');
  await report('C', daysAgo(100), 'unsigned');
  deletedReport = await report('E', today(), 'unsigned');
  expect(
    (await call(t.app, 'DELETE', `/api/reports/${deletedReport.id}`, u.operator.token)).statusCode,
  ).toBeLessThan(300);

  // The newest two audit records: a settings change (admins only) and a dispo assignment (dispo readers).
  const settings = await call(t.app, 'PUT', '/api/settings', admin, { app: { name: 'FleetPilot Test' } });
  expect(settings.statusCode, settings.body).toBe(200);
  await t.app.audit(null, {
    action: 'dispoAssignment.publish',
    entity: 'dispoAssignment',
    entityId: dispoAssignmentId,
    username: 'dash-dispo',
  });
}, 120_000);
afterAll(async () => t.close());

describe('GET /api/dashboard aggregates', () => {
  it('counts the live fleet by status', async () => {
    const d = await dashboard(u.manager.token);
    expect(d.fleet).toEqual({ operational: 3, maintenance: 1, out_of_service: 1, total: 5 });
  });

  it('lists the top machines by usage hours with their reports in the range', async () => {
    const week = await dashboard(u.manager.token, '?range=7');
    expect(week.topExcavators?.metric).toBe('usageHours');
    expect(week.topExcavators?.items.map((e) => [e.name, e.usageHours, e.reportsInRange])).toEqual([
      ['Excavator A', 1200, 2],
      ['Excavator D', 900, 0],
      ['Excavator B', 480, 1],
      ['Excavator C', 300, 0],
      ['Excavator E', 50, 0],
    ]);
    const quarter = await dashboard(u.manager.token, '?range=90');
    expect(quarter.topExcavators?.items.map((e) => e.reportsInRange)).toEqual([3, 1, 1, 0, 0]);
  });

  it('labels upcoming maintenance urgent or soon by the shared rules', async () => {
    const d = await dashboard(u.manager.token);
    expect(d.upcomingMaintenance).toMatchObject({ intervalHours: 500, urgent: 2, soon: 1 });
    expect(d.upcomingMaintenance?.items.map((i) => [i.name, i.hoursUntil, i.label, i.dueAtHours])).toEqual([
      ['Excavator D', -50, 'urgent', 850],
      ['Excavator B', 20, 'urgent', 500],
      ['Excavator A', 60, 'soon', 1260],
    ]);
  });

  it.each([
    [7, { total: 3, unsigned: 1, approved: 1, pending: 1, rejected: 0, signed: 0 }],
    [30, { total: 4, unsigned: 1, approved: 1, pending: 1, rejected: 1, signed: 0 }],
    [90, { total: 5, unsigned: 1, approved: 2, pending: 1, rejected: 1, signed: 0 }],
  ])('counts reports per day by status over %i days', async (range, expected) => {
    const d = await dashboard(u.manager.token, `?range=${range}`);
    expect(d.range).toBe(range);
    expect(d.to).toBe(today());
    expect(d.from).toBe(daysAgo(range - 1));
    const days = d.reportsTrend!.days;
    expect(days).toHaveLength(range);
    expect(days[0]!.date).toBe(d.from);
    expect(days.at(-1)).toMatchObject({ date: today(), total: 2, unsigned: 1, approved: 1 });
    expect(days.at(-2)).toMatchObject({ date: daysAgo(1), total: 1, pending: 1 });
    const { total, ...totals } = expected;
    expect(d.reportsTrend!.totals).toEqual(totals);
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(total);
  });

  it('defaults to 7 days and takes "today" in the viewer\'s time zone', async () => {
    expect((await dashboard(u.manager.token)).range).toBe(7);
    const d = await dashboard(u.manager.token, '?range=30&tz=Pacific%2FKiritimati');
    expect(d.timeZone).toBe('Pacific/Kiritimati');
    expect(d.to).toBe(todayIn('Pacific/Kiritimati'));
  });
});

describe('GET /api/dashboard recent activity', () => {
  it('gives an admin the newest entries as readable parts, settings changes included', async () => {
    const d = await dashboard(u.admin.token);
    expect(d.recentActivity.length).toBe(10);
    expect(d.recentActivity[0]).toMatchObject({
      entity: 'dispoAssignment',
      entityId: dispoAssignmentId,
      verb: 'publish',
      exists: false,
      userName: 'dash-dispo',
    });
    expect(d.recentActivity[1]).toMatchObject({ entity: 'settings', verb: 'update', exists: true });
    const deleted = d.recentActivity.find((a) => a.entityId === deletedReport.id && a.verb === 'delete');
    expect(deleted).toMatchObject({ entity: 'report', exists: false, userName: 'dash-operator' });
    expect(d.recentActivity.some((a) => a.action === 'login')).toBe(false);
    const times = d.recentActivity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('names the record an entry points at', async () => {
    const res = await call(t.app, 'PUT', `/api/excavators/${m.E!.id}`, u.admin.token, {
      name: 'Excavator E',
      model: 'CAT 320',
      serialNumber: 'SN-E',
      usageHours: 55,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = await dashboard(u.manager.token);
    expect(d.recentActivity[0]).toMatchObject({
      entity: 'excavator',
      entityId: m.E!.id,
      verb: 'update',
      subject: 'Excavator E',
      exists: true,
      userName: 'Administrator',
    });
  });

  it('shows other roles only the modules they may read', async () => {
    const manager = await dashboard(u.manager.token);
    expect(manager.recentActivity.some((a) => a.entity === 'settings' || a.entity === 'user')).toBe(false);
    expect(manager.recentActivity.some((a) => a.entity === 'dispoAssignment')).toBe(true);
    const operator = await dashboard(u.operator.token);
    expect(operator.recentActivity.some((a) => a.entity === 'dispoAssignment')).toBe(true);
    // A role outside the policy reads the fleet but not dispo.
    const viewer = await dashboard(u.viewer.token);
    expect(viewer.recentActivity.some((a) => a.entity === 'dispoAssignment' || a.entity === 'settings')).toBe(
      false,
    );
    expect(viewer.fleet?.total).toBe(5);
    const dispo = await dashboard(u.dispo.token);
    expect(dispo.recentActivity.some((a) => a.entity === 'dispoAssignment')).toBe(true);
  });

  it('leaves out the sections of a disabled feature', async () => {
    const off = await call(t.app, 'PUT', '/api/settings', u.admin.token, { features: { excavators: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const d = await dashboard(u.manager.token);
      expect(d.fleet).toBeNull();
      expect(d.topExcavators).toBeNull();
      expect(d.upcomingMaintenance).toBeNull();
      expect(d.reportsTrend).not.toBeNull();
      expect(d.recentActivity.some((a) => a.entity === 'excavator')).toBe(false);
    } finally {
      await call(t.app, 'PUT', '/api/settings', u.admin.token, { features: { excavators: true } });
    }
  });
});

describe('GET /api/dashboard access and validation', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it.each(['15', 'abc', '0', '7,30'])('answers 400 for range=%s', async (range) => {
    const res = await call(t.app, 'GET', `/api/dashboard?range=${range}`, u.manager.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 400 for an unknown time zone', async () => {
    const res = await call(t.app, 'GET', '/api/dashboard?tz=Mars%2FOlympus', u.manager.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/dashboard on an empty database', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
  }, 60_000);
  afterAll(async () => empty.close());

  it('answers zeros and empty lists', async () => {
    const { token } = await createUser(empty, { username: 'empty-manager', role: 'manager' });
    const res = await empty.app.inject({
      url: '/api/dashboard?range=30',
      headers: { 'x-auth-token': token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as Dashboard;
    expect(d.fleet).toEqual({ operational: 0, maintenance: 0, out_of_service: 0, total: 0 });
    expect(d.topExcavators?.items).toEqual([]);
    expect(d.upcomingMaintenance).toMatchObject({ urgent: 0, soon: 0, items: [] });
    expect(d.reportsTrend?.days).toHaveLength(30);
    expect(d.reportsTrend?.days.every((day) => day.total === 0)).toBe(true);
    expect(d.recentActivity).toEqual([]);
  });
});
