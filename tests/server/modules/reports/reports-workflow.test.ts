import { and, count, eq, like } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@/domain/notification';
import type { Report } from '@/domain/report';
import type { ReportStatus } from '@/domain/report-status';
import { auditLog, notifications } from '@/server/db/schema';
import type { TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReportsTestApp,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  reportBody,
  reportIn,
  type ReportUsers,
} from '../../support/reports-fixtures';

let t: TestApp;
let u: ReportUsers;
let machine: { id: string };

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('wf'));
  machine = await createExcavator(t.app, u.manager.token, 'wf-1', { usageHours: 10 });
});
afterAll(async () => t.close());

type Role = keyof ReportUsers;
type Step = 'submit' | 'approve' | 'reject';

const stepBody: Record<Step, unknown> = {
  submit: undefined,
  approve: { signature: MANAGER_SIGNATURE },
  reject: { reason: 'Fuel level missing' },
};

function step(report: Report, action: Step, role: Role, headers: Record<string, string> = {}) {
  return call(t.app, 'PUT', `/api/reports/${report.id}/${action}`, u[role].token, stepBody[action], headers);
}

async function notificationsOf(userId: string, reportId: string, type?: string) {
  return t.db.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        like(notifications.link, `%${reportId}`),
        type ? eq(notifications.type, type) : undefined,
      ),
    );
}

async function auditCount(reportId: string, action: string) {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, reportId), eq(auditLog.action, action)));
  return row?.n ?? 0;
}

describe('transitions allowed and refused per role', () => {
  // [action, from status, role, expected HTTP status]; 'operator' is the report's author.
  const matrix: Array<[Step, ReportStatus, Role, number]> = [
    ['submit', 'signed', 'operator', 200],
    ['submit', 'signed', 'otherOperator', 403],
    ['submit', 'signed', 'manager', 200],
    ['submit', 'signed', 'admin', 200],
    ['submit', 'signed', 'dispo', 403],
    ['submit', 'signed', 'viewer', 403],
    ['submit', 'rejected', 'operator', 200],
    ['submit', 'unsigned', 'operator', 409],
    ['submit', 'pending', 'operator', 409],
    ['submit', 'approved', 'manager', 409],
    ['approve', 'pending', 'manager', 200],
    ['approve', 'pending', 'admin', 200],
    ['approve', 'pending', 'operator', 403],
    ['approve', 'pending', 'otherOperator', 403],
    ['approve', 'pending', 'dispo', 403],
    ['approve', 'pending', 'viewer', 403],
    ['approve', 'signed', 'manager', 409],
    ['approve', 'unsigned', 'manager', 409],
    ['approve', 'approved', 'admin', 409],
    ['approve', 'rejected', 'manager', 409],
    ['reject', 'pending', 'manager', 200],
    ['reject', 'pending', 'admin', 200],
    ['reject', 'pending', 'operator', 403],
    ['reject', 'pending', 'dispo', 403],
    ['reject', 'pending', 'viewer', 403],
    ['reject', 'signed', 'manager', 409],
    ['reject', 'approved', 'manager', 409],
    ['reject', 'rejected', 'admin', 409],
  ];

  const expectedStatus: Record<Step, ReportStatus> = {
    submit: 'pending',
    approve: 'approved',
    reject: 'rejected',
  };

  it.each(matrix)('%s from %s by %s → %i', async (action, from, role, expected) => {
    const report = await reportIn(t.app, u, machine.id, from);
    const res = await step(report, action, role);
    expect(res.statusCode, res.body).toBe(expected);
    const after = (await call(t.app, 'GET', `/api/reports/${report.id}`, u.viewer.token)).json() as Report;
    if (expected === 200) {
      expect(after.status).toBe(expectedStatus[action]);
      expect(after.version).toBe(report.version + 1);
      expect(await auditCount(report.id, `report.${action}`)).toBeGreaterThanOrEqual(1);
    } else {
      expect(after).toEqual(report);
      if (expected === 409)
        expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'status' } });
      else expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('names why a transition is impossible', async () => {
    const unsigned = await reportIn(t.app, u, machine.id, 'unsigned');
    expect((await step(unsigned, 'submit', 'operator')).json()).toMatchObject({
      message: 'Sign the report before submitting it',
    });
    const approved = await reportIn(t.app, u, machine.id, 'approved');
    const edit = await call(
      t.app,
      'PUT',
      `/api/reports/${approved.id}`,
      u.admin.token,
      reportBody(machine.id),
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: 'An approved report cannot be edited' });
  });
});

describe('approve and reject', () => {
  it('approve stores the manager signature, approver and time; the author is notified', async () => {
    const report = await reportIn(t.app, u, machine.id, 'pending');
    const res = await step(report, 'approve', 'manager');
    const body = res.json() as Report;
    expect(body).toMatchObject({
      status: 'approved',
      managerSignature: MANAGER_SIGNATURE,
      managerName: 'wf-manager',
      approvedBy: u.manager.id,
      approvedByName: 'wf-manager',
    });
    expect(Date.parse(body.approvedAt!)).toBeGreaterThan(Date.parse(body.submittedAt!) - 1);
    const told = await notificationsOf(u.operator.id, report.id, 'report.approved');
    expect(told).toHaveLength(1);
    // The app's default language is German.
    expect(told[0]).toMatchObject({
      title: 'Bericht freigegeben: Excavator wf-1',
      link: `/reports?id=${report.id}`,
    });
    expect(await notificationsOf(u.manager.id, report.id, 'report.approved')).toHaveLength(0);
  });

  it('approve needs a PNG signature; reject needs a reason', async () => {
    const report = await reportIn(t.app, u, machine.id, 'pending');
    const none = await call(t.app, 'PUT', `/api/reports/${report.id}/approve`, u.manager.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ details: { fields: { signature: ['Signature is required'] } } });
    const jpeg = await call(t.app, 'PUT', `/api/reports/${report.id}/approve`, u.manager.token, {
      signature: 'data:image/jpeg;base64,AAAA',
    });
    expect(jpeg.json()).toMatchObject({
      details: { fields: { signature: ['Signature must be a PNG data URL'] } },
    });
    const blank = await call(t.app, 'PUT', `/api/reports/${report.id}/reject`, u.manager.token, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ details: { fields: { reason: ['A reason is required'] } } });
    const still = (await call(t.app, 'GET', `/api/reports/${report.id}`, u.viewer.token)).json() as Report;
    expect(still.status).toBe('pending');
  });

  it('a rejected report can be edited, re-signed and resubmitted, then approved', async () => {
    const report = await reportIn(t.app, u, machine.id, 'rejected');
    expect(report).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Operating hours do not match the meter',
      rejectedBy: u.manager.id,
      rejectedByName: 'wf-manager',
    });
    const told = await notificationsOf(u.operator.id, report.id, 'report.rejected');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Operating hours do not match the meter');

    const other = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.otherOperator.token,
      reportBody(machine.id),
    );
    expect(other.statusCode).toBe(403);
    const edited = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.operator.token,
      reportBody(machine.id, { operatingHours: 130, operatorSignature: OPERATOR_SIGNATURE }),
      { 'if-match': `"${report.version}"` },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // Back to a signed draft; the reason stays visible until it is resubmitted.
    expect(edited.json()).toMatchObject({
      status: 'signed',
      rejectionReason: 'Operating hours do not match the meter',
    });

    const resubmitted = await step(edited.json() as Report, 'submit', 'operator');
    expect(resubmitted.json()).toMatchObject({ status: 'pending', rejectionReason: null, rejectedBy: null });
    const approved = await step(resubmitted.json() as Report, 'approve', 'manager');
    expect(approved.json()).toMatchObject({ status: 'approved', managerSignature: MANAGER_SIGNATURE });
    expect(await auditCount(report.id, 'report.submit')).toBe(2);
  });

  it('reject may carry the manager signature', async () => {
    const report = await reportIn(t.app, u, machine.id, 'pending');
    const res = await call(t.app, 'PUT', `/api/reports/${report.id}/reject`, u.admin.token, {
      reason: 'Wrong machine',
      signature: MANAGER_SIGNATURE,
    });
    expect(res.json()).toMatchObject({ status: 'rejected', managerSignature: MANAGER_SIGNATURE });
  });
});

describe('notifications and audit', () => {
  it('a submit notifies every active manager and admin but the submitter, after the commit', async () => {
    const report = await reportIn(t.app, u, machine.id, 'signed');
    const announced: Array<[string, Notification]> = [];
    const listener = (userId: string, n: Notification) => announced.push([userId, n]);
    t.app.events.on('notification:created', listener);
    try {
      const res = await step(report, 'submit', 'operator');
      expect(res.statusCode).toBe(200);
    } finally {
      t.app.events.off('notification:created', listener);
    }
    expect(await notificationsOf(u.manager.id, report.id, 'report.submitted')).toHaveLength(1);
    expect(await notificationsOf(u.admin.id, report.id, 'report.submitted')).toHaveLength(1);
    for (const role of ['operator', 'otherOperator', 'dispo', 'viewer'] as const) {
      expect(await notificationsOf(u[role].id, report.id)).toHaveLength(0);
    }
    expect(announced.map(([userId]) => userId).sort()).toEqual([u.admin.id, u.manager.id].sort());
    expect(announced[0]![1]).toMatchObject({
      type: 'report.submitted',
      title: 'Bericht wartet auf Freigabe: Excavator wf-1',
    });

    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, report.id), eq(auditLog.action, 'report.submit')));
    expect(entry).toMatchObject({ userId: u.operator.id, entity: 'report' });
    expect(entry!.changes).toMatchObject({ status: { from: 'signed', to: 'pending' } });
  });

  it('a manager submitting tells the other managers and admins, not themselves', async () => {
    const report = await reportIn(t.app, u, machine.id, 'signed', u.manager);
    await step(report, 'submit', 'manager');
    expect(await notificationsOf(u.manager.id, report.id)).toHaveLength(0);
    expect(await notificationsOf(u.admin.id, report.id, 'report.submitted')).toHaveLength(1);
  });

  it('a failed transition stores no notification and no audit record', async () => {
    const report = await reportIn(t.app, u, machine.id, 'signed');
    const res = await step(report, 'approve', 'manager');
    expect(res.statusCode).toBe(409);
    expect(await notificationsOf(u.operator.id, report.id)).toHaveLength(0);
    expect(await auditCount(report.id, 'report.approve')).toBe(0);
  });
});

describe('replays from the outbox', () => {
  it('an approval sent twice with the same Idempotency-Key is one transition', async () => {
    const report = await reportIn(t.app, u, machine.id, 'pending');
    const key = uuidv7();
    const headers = { 'idempotency-key': key, 'if-match': `"${report.version}"` };
    const first = await step(report, 'approve', 'manager', headers);
    expect(first.statusCode).toBe(200);
    const second = await step(report, 'approve', 'manager', headers);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((second.json() as Report).version).toBe(report.version + 1);
    expect(await auditCount(report.id, 'report.approve')).toBe(1);
    expect(await notificationsOf(u.operator.id, report.id, 'report.approved')).toHaveLength(1);

    // Without the key the repeat is refused by the status machine.
    const again = await step(report, 'approve', 'manager');
    expect(again.statusCode).toBe(409);
    // The same key with another body is a client bug: 422.
    const other = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}/approve`,
      u.manager.token,
      { signature: OPERATOR_SIGNATURE },
      headers,
    );
    expect(other.statusCode).toBe(422);
  });

  it('a stale If-Match on a transition answers 409 with the current row', async () => {
    const report = await reportIn(t.app, u, machine.id, 'signed');
    await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.operator.token,
      reportBody(machine.id, { notes: 'x', operatorSignature: OPERATOR_SIGNATURE }),
    );
    const res = await step(report, 'submit', 'operator', { 'if-match': `"${report.version}"` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      details: { reason: 'version', current: { version: report.version + 1 } },
    });
  });
});
