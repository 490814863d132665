import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUp } from '@/domain/followup';
import type { Report } from '@/domain/report';
import type { SyncPullResponse } from '@/domain/sync';
import { notifications } from '@/server/db/schema';
import type { TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReport,
  createReportsTestApp,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  type ReportUsers,
} from '../../support/reports-fixtures';

let t: TestApp;
let u: ReportUsers;

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('fu'));
});
afterAll(async () => t.close());

async function followUpsOf(excavatorId: string, token = u.viewer.token): Promise<FollowUp[]> {
  const res = await call(t.app, 'GET', `/api/follow-ups?excavator=${excavatorId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: FollowUp[] }).items;
}

async function submitted(excavatorId: string, extra: Record<string, unknown> = {}): Promise<Report> {
  const report = await createReport(t.app, u.operator.token, excavatorId, {
    operatorSignature: OPERATOR_SIGNATURE,
    ...extra,
  });
  const res = await call(t.app, 'PUT', `/api/reports/${report.id}/submit`, u.operator.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
}

describe('follow-ups opened from a submitted report', () => {
  it('opens one follow-up per "not ok" item with its label and note, once however often it is submitted', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-open');
    const draft = await createReport(t.app, u.operator.token, machine.id, {
      operatorSignature: OPERATOR_SIGNATURE,
    });
    // Saving alone opens nothing: the report is not final yet.
    expect(await followUpsOf(machine.id)).toEqual([]);

    const submit = () => call(t.app, 'PUT', `/api/reports/${draft.id}/submit`, u.operator.token);
    const first = await submit();
    expect(first.statusCode).toBe(200);
    const [opened, ...more] = await followUpsOf(machine.id);
    expect(more).toEqual([]);
    // Opened at the submit's own time, not at some later moment of the transaction.
    const submittedAt = (first.json() as Report).submittedAt;
    expect(opened!.createdAt).toBe(submittedAt);
    expect(opened!.updatedAt).toBe(submittedAt);
    expect(opened).toMatchObject({
      excavatorId: machine.id,
      note: 'Hose at the boom wet',
      status: 'open',
      source: { reportId: draft.id, categoryKey: 'exterior', itemKey: 'hydraulicLeaks' },
      closedByReportId: null,
    });
    expect(opened!.titleLabels?.en).toBeTruthy();
    expect(opened!.titleLabels?.de).toBeTruthy();

    // Rejected and submitted again: still the one follow-up.
    const reject = await call(t.app, 'PUT', `/api/reports/${draft.id}/reject`, u.manager.token, {
      reason: 'Hours missing',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await submit()).statusCode).toBe(200);
    expect((await followUpsOf(machine.id)).map((f) => f.id)).toEqual([opened!.id]);

    // A later report failing the same item while it is still open adds none.
    await submitted(machine.id);
    expect((await followUpsOf(machine.id)).map((f) => f.id)).toEqual([opened!.id]);
  });

  it('tells managers and admins in their language, not the operator who submitted', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-notify');
    await submitted(machine.id);
    const link = `/excavators?view=${machine.id}`;
    const rows = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.link, link), eq(notifications.messageKey, 'followup.opened')));
    const recipients = rows.map((r) => r.userId).sort();
    expect(recipients).toEqual([u.admin.id, u.manager.id].sort());
    expect(rows[0]!.params).toMatchObject({ machine: 'Excavator fu-notify', count: 1 });

    await call(t.app, 'PUT', '/api/profile/language', u.manager.token, { language: 'en' });
    const list = await call(t.app, 'GET', '/api/notifications', u.manager.token);
    const mine = (list.json() as Array<{ key: string; title: string; link: string }>).find(
      (n) => n.link === link,
    );
    expect(mine?.title).toBe('Follow-ups opened: Excavator fu-notify');
  });
});

describe('closing by a later report', () => {
  it('closes the follow-ups the report lists when it is submitted, and links the two', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-close');
    const other = await createExcavator(t.app, u.manager.token, 'fu-close-other');
    await submitted(machine.id);
    await submitted(other.id);
    const [open] = await followUpsOf(machine.id);
    const [foreign] = await followUpsOf(other.id);

    const allOk = {
      exterior: { tracks: { state: 'ok' }, hydraulicLeaks: { state: 'ok' } },
      cleaning: { windows: { state: 'ok' } },
    };
    const later = await createReport(t.app, u.operator.token, machine.id, {
      operatorSignature: OPERATOR_SIGNATURE,
      checklist: allOk,
      // Another machine's follow-up is not this report's to close.
      resolvesFollowUps: [open!.id, foreign!.id],
    });
    expect(later.resolvesFollowUps).toEqual([open!.id, foreign!.id]);
    expect((await followUpsOf(machine.id))[0]!.status).toBe('open');

    const res = await call(t.app, 'PUT', `/api/reports/${later.id}/submit`, u.operator.token);
    expect(res.statusCode, res.body).toBe(200);
    const [closed] = await followUpsOf(machine.id);
    expect(closed).toMatchObject({ id: open!.id, status: 'closed', closedByReportId: later.id });
    // Closed at the time of the submit that closed it.
    expect(closed!.closedAt).toBe((res.json() as Report).submittedAt);
    expect(closed!.updatedAt).toBe(closed!.closedAt);
    expect((await followUpsOf(other.id))[0]!.status).toBe('open');

    // The report can be found from the follow-up and the follow-ups from the report.
    const closedBy = await call(t.app, 'GET', `/api/follow-ups?status=closed`, u.viewer.token);
    const items = (closedBy.json() as { items: FollowUp[] }).items.filter(
      (f) => f.closedByReportId === later.id,
    );
    expect(items.map((f) => f.id)).toEqual([open!.id]);

    // Approving does not touch it again.
    const approve = await call(t.app, 'PUT', `/api/reports/${later.id}/approve`, u.manager.token, {
      signature: MANAGER_SIGNATURE,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await followUpsOf(machine.id))[0]!.version).toBe(closed!.version);
  });
});

describe('manual follow-ups and permissions', () => {
  it('tells managers of a follow-up opened by hand without speaking of failed checks', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-by-hand');
    const created = await call(t.app, 'POST', '/api/follow-ups', u.operator.token, {
      excavatorId: machine.id,
      title: 'Grease the boom pins',
    });
    expect(created.statusCode, created.body).toBe(201);
    await call(t.app, 'PUT', '/api/profile/language', u.manager.token, { language: 'en' });
    const list = await call(t.app, 'GET', '/api/notifications', u.manager.token);
    const mine = (list.json() as Array<{ title: string; message: string; link: string }>).find(
      (n) => n.link === `/excavators?view=${machine.id}`,
    );
    expect(mine).toMatchObject({
      title: 'Follow-ups opened: Excavator fu-by-hand',
      message: 'New follow-up on Excavator fu-by-hand: Grease the boom pins.',
    });
  });

  it('lets operators open and close, managers plan, and viewers only read', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-manual');
    const body = { excavatorId: machine.id, title: 'Replace the cracked mirror', note: 'Left side' };

    for (const role of ['viewer', 'dispo'] as const) {
      const refused = await call(t.app, 'POST', '/api/follow-ups', u[role].token, body);
      expect(refused.statusCode, role).toBe(403);
    }
    const id = uuidv7();
    const created = await call(t.app, 'POST', '/api/follow-ups', u.operator.token, { ...body, id });
    expect(created.statusCode, created.body).toBe(201);
    const followUp = created.json() as FollowUp;
    expect(followUp).toMatchObject({ id, title: body.title, status: 'open', source: null });

    const plan = { ...body, assigneeId: u.otherOperator.id, dueDate: '2030-05-01' };
    const byOperator = await call(t.app, 'PUT', `/api/follow-ups/${id}`, u.operator.token, plan);
    expect(byOperator.statusCode).toBe(403);
    const stale = await call(t.app, 'PUT', `/api/follow-ups/${id}`, u.manager.token, plan, {
      'if-match': '"7"',
    });
    expect(stale.statusCode).toBe(409);
    const planned = await call(t.app, 'PUT', `/api/follow-ups/${id}`, u.manager.token, plan, {
      'if-match': `"${followUp.version}"`,
    });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({ assigneeId: u.otherOperator.id, dueDate: '2030-05-01' });
    const told = await t.db.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, u.otherOperator.id), eq(notifications.messageKey, 'followup.assigned')),
      );
    expect(told).toHaveLength(1);

    const badAssignee = await call(t.app, 'PUT', `/api/follow-ups/${id}`, u.manager.token, {
      ...plan,
      assigneeId: uuidv7(),
    });
    expect(badAssignee.statusCode).toBe(400);

    expect((await call(t.app, 'PUT', `/api/follow-ups/${id}/close`, u.viewer.token)).statusCode).toBe(403);
    const closed = await call(t.app, 'PUT', `/api/follow-ups/${id}/close`, u.operator.token);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      closedBy: u.operator.id,
      closedByReportId: null,
    });
    const reopened = await call(t.app, 'PUT', `/api/follow-ups/${id}/reopen`, u.manager.token);
    expect(reopened.json()).toMatchObject({ status: 'open', closedAt: null, closedBy: null });
  });

  it('closes and reopens without If-Match, and refuses a stale one with the current follow-up', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-if-match');
    const created = await call(t.app, 'POST', '/api/follow-ups', u.operator.token, {
      excavatorId: machine.id,
      title: 'Tighten the cab door hinge',
    });
    expect(created.statusCode, created.body).toBe(201);
    const followUp = created.json() as FollowUp;
    const url = `/api/follow-ups/${followUp.id}`;

    // Someone plans it meanwhile: the device that saw version 1 closes on a stale base.
    const planned = await call(t.app, 'PUT', url, u.manager.token, {
      excavatorId: machine.id,
      title: followUp.title,
      dueDate: '2030-06-01',
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const current = planned.json() as FollowUp;
    expect(current.version).toBe(followUp.version + 1);

    const stale = await call(t.app, 'PUT', `${url}/close`, u.operator.token, undefined, {
      'if-match': `"${followUp.version}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({
      reason: 'version',
      current: { id: followUp.id, version: current.version, status: 'open' },
    });
    expect((await followUpsOf(machine.id))[0]).toMatchObject({ status: 'open', version: current.version });

    const fresh = await call(t.app, 'PUT', `${url}/close`, u.operator.token, undefined, {
      'if-match': `"${current.version}"`,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const closed = fresh.json() as FollowUp;
    expect(closed).toMatchObject({ status: 'closed', version: current.version + 1 });
    expect(fresh.headers.etag).toBe(`"${closed.version}"`);
    expect(closed.closedAt).toBe(closed.updatedAt);

    const staleReopen = await call(t.app, 'PUT', `${url}/reopen`, u.manager.token, undefined, {
      'if-match': `"${current.version}"`,
    });
    expect(staleReopen.statusCode).toBe(409);
    const reopened = await call(t.app, 'PUT', `${url}/reopen`, u.manager.token);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', version: closed.version + 1, closedAt: null });
  });

  it('answers the outbox repeating a create with the row it made', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-repeat');
    const payload = { id: uuidv7(), excavatorId: machine.id, title: 'Grease the bucket pins' };
    const first = await call(t.app, 'POST', '/api/follow-ups', u.operator.token, payload);
    const again = await call(t.app, 'POST', '/api/follow-ups', u.operator.token, payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect((await followUpsOf(machine.id)).length).toBe(1);
  });

  it('refuses a follow-up on an unknown machine', async () => {
    const res = await call(t.app, 'POST', '/api/follow-ups', u.manager.token, {
      excavatorId: uuidv7(),
      title: 'Anything',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: { fields: { excavatorId: ['Excavator not found'] } } });
  });
});

describe('sync', () => {
  it('serves follow-ups in the pull, a later change past the cursor', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'fu-sync');
    await submitted(machine.id);
    const first = await call(t.app, 'GET', '/api/sync/pull?cursor=0&limit=2000', u.viewer.token);
    expect(first.statusCode, first.body).toBe(200);
    const pull = first.json() as SyncPullResponse;
    expect(pull.collections).toContain('followUps');
    const [followUp] = await followUpsOf(machine.id);
    const change = pull.changes.find((c) => c.collection === 'followUps' && c.id === followUp!.id);
    expect(change?.data).toEqual(followUp);

    await call(t.app, 'PUT', `/api/follow-ups/${followUp!.id}/close`, u.manager.token);
    const next = (
      await call(t.app, 'GET', `/api/sync/pull?cursor=${pull.cursor}&collections=followUps`, u.viewer.token)
    ).json() as SyncPullResponse;
    expect(next.changes.map((c) => [c.id, (c.data as FollowUp).status])).toEqual([[followUp!.id, 'closed']]);
  });
});
