import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogbookEntry } from '@/domain/logbook';
import type { Report } from '@/domain/report';
import { auditLog } from '@/server/db/schema';
import { demoSignature } from '@/server/modules/logbook/signature-png';
import type { TestApp } from '../support/helpers';
import {
  call,
  createExcavator,
  createReportsTestApp,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  reportBody,
  reportIn,
  type ReportUsers,
} from '../support/reports-fixtures';

/*
 * Four eyes on approvals: nobody approves a report or an operations-log entry they created or signed
 * as its author — unless the site allows it, or an admin gives a reason, which the audit keeps.
 */

let t: TestApp;
let u: ReportUsers;
let machine: { id: string };

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('fe'));
  machine = await createExcavator(t.app, u.manager.token, 'fe-1', { usageHours: 10 });
  for (const who of [u.admin, u.manager, u.operator]) {
    const res = await call(t.app, 'PUT', '/api/profile/signature', who.token, {
      signature: demoSignature('Signer'),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 180_000);
afterAll(async () => t?.close());

async function allowSelfApproval(value: boolean) {
  const res = await call(t.app, 'PUT', '/api/settings', u.admin.token, {
    approval: { allowSelfApproval: value },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { approval: { allowSelfApproval: boolean } }).approval.allowSelfApproval).toBe(value);
}

const approveReport = (report: Report, who: { token: string }, extra: Record<string, unknown> = {}) =>
  call(t.app, 'PUT', `/api/reports/${report.id}/approve`, who.token, {
    signature: MANAGER_SIGNATURE,
    ...extra,
  });

async function pendingEntry(author: { token: string }): Promise<LogbookEntry> {
  const res = await call(t.app, 'POST', '/api/betriebstagebuch', author.token, {
    date: '2026-03-02',
    shiftStart: '06:00',
    shiftEnd: '14:00',
    conveyorChecks: [],
    specialChecks: [],
    sign: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const entry = res.json() as LogbookEntry;
  expect(entry.status).toBe('pending');
  return entry;
}

const approveEntry = (entry: LogbookEntry, who: { token: string }, extra: Record<string, unknown> = {}) =>
  call(t.app, 'PUT', `/api/betriebstagebuch/${entry.id}/approve`, who.token, extra);

async function auditOf(entity: string, entityId: string, action: string) {
  return t.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
}

describe('maintenance reports', () => {
  it('refuses a manager approving their own report with 403 SELF_APPROVAL; someone else may', async () => {
    const own = await reportIn(t.app, u, machine.id, 'pending', u.manager);
    const res = await approveReport(own, u.manager);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELF_APPROVAL', details: { reason: 'self_approval' } });
    const after = await call(t.app, 'GET', `/api/reports/${own.id}`, u.manager.token);
    expect((after.json() as Report).status).toBe('pending');

    const byAdmin = await approveReport(own, u.admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((byAdmin.json() as Report).approvedBy).toBe(u.admin.id);
  });

  it('counts the one who signed as author: a manager who signed an operator’s draft does not approve it', async () => {
    const draft = (
      await call(
        t.app,
        'POST',
        '/api/reports',
        u.operator.token,
        reportBody(machine.id, { operatorSignature: null }),
      )
    ).json() as Report;
    const signed = await call(
      t.app,
      'PUT',
      `/api/reports/${draft.id}`,
      u.manager.token,
      reportBody(machine.id, { operatorSignature: OPERATOR_SIGNATURE }),
      { 'if-match': `"${draft.version}"` },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const submitted = await call(t.app, 'PUT', `/api/reports/${draft.id}/submit`, u.operator.token);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const res = await approveReport(submitted.json() as Report, u.manager);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELF_APPROVAL' });
  });

  it('still lets a manager reject their own report: sending it back certifies nothing', async () => {
    const own = await reportIn(t.app, u, machine.id, 'pending', u.manager);
    const res = await call(t.app, 'PUT', `/api/reports/${own.id}/reject`, u.manager.token, {
      reason: 'Wrong machine picked',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('allows approving one’s own report while the site setting says so', async () => {
    const own = await reportIn(t.app, u, machine.id, 'pending', u.manager);
    await allowSelfApproval(true);
    try {
      const res = await approveReport(own, u.manager);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await auditOf('report', own.id, 'report.approve');
      expect(row?.changes).not.toHaveProperty('overrideReason');
    } finally {
      await allowSelfApproval(false);
    }
  });

  it('lets an admin override only with a reason, and audits the reason', async () => {
    const own = await reportIn(t.app, u, machine.id, 'pending', u.admin);
    for (const extra of [{}, { overrideReason: '   ' }]) {
      const res = await approveReport(own, u.admin, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'OVERRIDE_REASON_REQUIRED',
        details: { fields: { overrideReason: [expect.any(String)] } },
      });
    }
    const reason = 'Only admin on site during the holidays';
    const res = await approveReport(own, u.admin, { overrideReason: reason });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditOf('report', own.id, 'report.approve');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(u.admin.id);
    expect(rows[0]!.changes).toMatchObject({
      overrideReason: { from: null, to: reason },
      status: { to: 'approved' },
    });
  });

  it('does not let a manager override with a reason', async () => {
    const own = await reportIn(t.app, u, machine.id, 'pending', u.manager);
    const res = await approveReport(own, u.manager, { overrideReason: 'I am sure' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELF_APPROVAL' });
  });
});

describe('operations-log entries', () => {
  it('refuses a manager approving their own entry; an admin may approve it', async () => {
    const own = await pendingEntry(u.manager);
    const res = await approveEntry(own, u.manager);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELF_APPROVAL' });
    const byAdmin = await approveEntry(own, u.admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('allows it with the site setting, and an admin with an audited reason', async () => {
    const mine = await pendingEntry(u.manager);
    await allowSelfApproval(true);
    try {
      expect((await approveEntry(mine, u.manager)).statusCode).toBe(200);
    } finally {
      await allowSelfApproval(false);
    }

    const adminsOwn = await pendingEntry(u.admin);
    const noReason = await approveEntry(adminsOwn, u.admin);
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'OVERRIDE_REASON_REQUIRED' });
    const reason = 'Night shift, nobody else on duty';
    const ok = await approveEntry(adminsOwn, u.admin, { overrideReason: reason });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await auditOf('logbook', adminsOwn.id, 'logbook.approve');
    expect(row?.changes).toMatchObject({ overrideReason: { from: null, to: reason } });
  });
});

describe('the setting', () => {
  it('is off by default and only admins change it', async () => {
    const res = await call(t.app, 'GET', '/api/settings', u.viewer.token);
    expect(res.json()).toMatchObject({ approval: { allowSelfApproval: false } });
    const byManager = await call(t.app, 'PUT', '/api/settings', u.manager.token, {
      approval: { allowSelfApproval: true },
    });
    expect(byManager.statusCode).toBe(403);
  });
});
