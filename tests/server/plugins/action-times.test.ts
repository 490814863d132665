import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCCURRED_AT_HEADER } from '@/domain/action-time';
import type { AuditEntryView } from '@/domain/audit';
import type { LogbookEntry } from '@/domain/logbook';
import type { Report } from '@/domain/report';
import {
  call,
  createExcavator,
  createReportsTestApp,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  reportBody,
  type ReportUsers,
} from '../support/reports-fixtures';
import type { TestApp } from '../support/helpers';

/*
 * Work done offline is recorded at the time it was done (the request's X-Occurred-At), not when the
 * outbox delivered it; the server keeps its own receive time beside it and never refuses a write over
 * a clock.
 */

let t: TestApp;
let users: ReportUsers;
let excavatorId: string;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const at = (date: Date) => ({ [OCCURRED_AT_HEADER]: date.toISOString() });

async function auditOf(entityId: string): Promise<AuditEntryView[]> {
  const res = await call(t.app, 'GET', `/api/audit?record=${entityId}&limit=100`, users.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: AuditEntryView[] }).items;
}

/** The instant lies within the test's own run: the server's receive time of a request made now. */
function expectNow(iso: string | null, started: number) {
  expect(iso).not.toBeNull();
  const ms = Date.parse(iso!);
  expect(ms).toBeGreaterThanOrEqual(started - 1);
  expect(ms).toBeLessThanOrEqual(Date.now() + 1);
}

beforeAll(async () => {
  ({ t, users } = await createReportsTestApp('times'));
  excavatorId = (await createExcavator(t.app, users.admin.token, 'T-1')).id;
});
afterAll(async () => t?.close());

describe('the action time of a write', () => {
  it('records the sent time for created, submitted and approved, and in the audit with the receive time', async () => {
    const started = Date.now();
    const created = minutesAgo(10);
    const submitted = minutesAgo(9);
    const approved = minutesAgo(8);
    const res = await call(
      t.app,
      'POST',
      '/api/reports',
      users.operator.token,
      reportBody(excavatorId, { operatorSignature: OPERATOR_SIGNATURE }),
      at(created),
    );
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as Report;
    expect(report.createdAt).toBe(created.toISOString());
    expect(report.updatedAt).toBe(created.toISOString());

    const submit = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}/submit`,
      users.operator.token,
      undefined,
      at(submitted),
    );
    expect(submit.statusCode, submit.body).toBe(200);
    expect((submit.json() as Report).submittedAt).toBe(submitted.toISOString());

    const approve = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}/approve`,
      users.manager.token,
      { signature: MANAGER_SIGNATURE },
      at(approved),
    );
    expect(approve.statusCode, approve.body).toBe(200);
    expect((approve.json() as Report).approvedAt).toBe(approved.toISOString());

    const audit = await auditOf(report.id);
    const byAction = new Map(audit.map((e) => [e.action, e]));
    expect(byAction.get('report.create')?.at).toBe(created.toISOString());
    expect(byAction.get('report.submit')?.at).toBe(submitted.toISOString());
    expect(byAction.get('report.approve')?.at).toBe(approved.toISOString());
    for (const entry of audit) {
      expectNow(entry.receivedAt, started);
      // Ten minutes is no delay worth showing twice.
      expect(entry.receivedLate).toBe(false);
    }
  });

  it('takes the receive time for a time in the future, an unreadable one, or none', async () => {
    for (const header of [
      at(new Date(Date.now() + 3_600_000)),
      { [OCCURRED_AT_HEADER]: 'yesterday at noon' },
      { [OCCURRED_AT_HEADER]: '2026-11-26 19:33' },
      {},
    ]) {
      const started = Date.now();
      const res = await call(
        t.app,
        'POST',
        '/api/reports',
        users.operator.token,
        reportBody(excavatorId),
        header,
      );
      // Never refused: field work must not be lost over a device's clock.
      expect(res.statusCode, res.body).toBe(201);
      const report = res.json() as Report;
      expectNow(report.createdAt, started);
      const [entry] = await auditOf(report.id);
      expect(entry?.at).toBe(report.createdAt);
      expect(entry?.receivedAt).toBe(report.createdAt);
    }
  });

  it('shows both times in the audit when the work waited more than a day', async () => {
    const signature = await call(t.app, 'PUT', '/api/profile/signature', users.operator.token, {
      signature: OPERATOR_SIGNATURE,
    });
    expect(signature.statusCode, signature.body).toBe(200);
    const started = Date.now();
    const signedOffline = new Date(Date.now() - 3 * 86_400_000);
    const res = await call(
      t.app,
      'POST',
      '/api/betriebstagebuch',
      users.operator.token,
      {
        date: signedOffline.toISOString().slice(0, 10),
        site: 'Recyclinghof Nord',
        shiftStart: '06:00',
        shiftEnd: '14:00',
        weather: { temperature: 4.5, humidity: 81, conditions: 'cloudy' },
        conveyorChecks: [{ key: 'aufgabeband', name: 'Aufgabeband', functional: true, notes: '' }],
        specialChecks: [],
        generalNotes: 'Signed on the yard without signal.',
        sign: true,
      },
      at(signedOffline),
    );
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as LogbookEntry;
    expect(entry.signedAt).toBe(signedOffline.toISOString());
    expect(entry.createdAt).toBe(signedOffline.toISOString());
    const [audited] = await auditOf(entry.id);
    expect(audited?.at).toBe(signedOffline.toISOString());
    expectNow(audited?.receivedAt ?? null, started);
    expect(audited?.receivedLate).toBe(true);
  });

  it('gives each entry of a batched replay its own time', async () => {
    const first = minutesAgo(30);
    const second = minutesAgo(20);
    const ids = ['0190a1b2-0000-7000-8000-0000000000a1', '0190a1b2-0000-7000-8000-0000000000a2'];
    const res = await call(
      t.app,
      'POST',
      '/api/sync/push',
      users.operator.token,
      {
        entries: ids.map((id, index) => ({
          method: 'POST',
          url: '/api/reports',
          idempotencyKey: id,
          body: reportBody(excavatorId, { id }),
          occurredAt: (index === 0 ? first : second).toISOString(),
        })),
      },
      // The batch's own header is not the entries' time.
      at(minutesAgo(1)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const results = (res.json() as { results: Array<{ status: number; body: Report }> }).results;
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results[0]?.body.createdAt).toBe(first.toISOString());
    expect(results[1]?.body.createdAt).toBe(second.toISOString());
  });
});

describe('the site time zone (app.timeZone)', () => {
  const putZone = (timeZone: string) =>
    call(t.app, 'PUT', '/api/settings', users.admin.token, { app: { timeZone } });

  it('refuses a name that is no IANA zone as a field error and keeps the zone', async () => {
    const before = (await call(t.app, 'GET', '/api/settings', users.admin.token)).json() as {
      app: { timeZone: string };
    };
    const res = await putZone('Mars/Olympus_Mons');
    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json() as { details: { fields: object } }).details.fields)).toEqual([
      'app.timeZone',
    ]);
    const after = (await call(t.app, 'GET', '/api/settings', users.admin.token)).json() as {
      app: { timeZone: string };
    };
    expect(after.app.timeZone).toBe(before.app.timeZone);
  });

  it('is what the backup schedule and the PDFs use once an admin sets it', async () => {
    expect((await putZone('America/New_York')).statusCode).toBe(200);
    const backups = await call(t.app, 'GET', '/api/backups', users.admin.token);
    expect(backups.statusCode, backups.body).toBe(200);
    expect((backups.json() as { schedule: { timeZone: string } }).schedule.timeZone).toBe('America/New_York');
    expect((await putZone('Europe/Berlin')).statusCode).toBe(200);
  });
});
