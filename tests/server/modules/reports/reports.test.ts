import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import type { Report, ReportList } from '@/domain/report';
import type { SyncPullResponse } from '@/domain/sync';
import { auditLog, reports } from '@/server/db/schema';
import type { TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReport,
  createReportsTestApp,
  daysAgo,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  reportBody,
  reportIn,
  today,
  type ReportUsers,
} from '../../support/reports-fixtures';

let t: TestApp;
let u: ReportUsers;
let machine: { id: string };
let otherMachine: { id: string };

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('rep'));
  machine = await createExcavator(t.app, u.manager.token, 'rep-1', { usageHours: 100 });
  otherMachine = await createExcavator(t.app, u.manager.token, 'rep-2', { usageHours: 5000 });
});
afterAll(async () => t.close());

const fieldErrors = (body: string) =>
  (JSON.parse(body) as { details?: { fields?: Record<string, string[]> } }).details?.fields ?? {};

describe('POST /api/reports', () => {
  it('creates an unsigned draft with the current checklist as its snapshot', async () => {
    const res = await call(t.app, 'POST', '/api/reports', u.operator.token, reportBody(machine.id));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Report;
    expect(res.headers.etag).toBe('"1"');
    expect(res.headers.location).toBe(`/api/reports/${body.id}`);
    expect(body).toMatchObject({
      status: 'unsigned',
      version: 1,
      createdBy: u.operator.id,
      createdByName: 'rep-operator',
      excavatorId: machine.id,
      excavator: { id: machine.id, name: 'Excavator rep-1', serialNumber: 'SN-rep-1' },
      operatorName: 'Jonas Becker',
      managerName: null,
      fuelLevel: 80,
      operatorSignature: null,
      managerSignature: null,
      checklist: {
        exterior: {
          tracks: { state: 'ok' },
          hydraulicLeaks: { state: 'not_ok', note: 'Hose at the boom wet' },
        },
        cleaning: { windows: { state: 'na' } },
      },
    });
    expect(body.checklistItems).toEqual(DEFAULT_CHECKLIST.categories);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const [audit] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.create'), eq(auditLog.entityId, body.id)));
    expect(audit?.changes).toMatchObject({ status: { from: null, to: 'unsigned' }, fuelLevel: { to: 80 } });
  });

  it('is signed when saved with the operator signature; the audit keeps a hash, not the image', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id, {
      operatorSignature: OPERATOR_SIGNATURE,
    });
    expect(report.status).toBe('signed');
    expect(report.operatorSignature).toBe(OPERATOR_SIGNATURE);
    const [audit] = await t.db.db.select().from(auditLog).where(eq(auditLog.entityId, report.id));
    const changes = audit?.changes as Record<string, { to: unknown }>;
    expect(changes.operatorSignature?.to).toMatch(/^sha256:[0-9a-f]{16}$/);
  });

  it('answers a repeated create with the same client id from the row, another user 409', async () => {
    const id = uuidv7();
    const body = reportBody(machine.id, { id });
    const first = await call(t.app, 'POST', '/api/reports', u.operator.token, body);
    expect(first.statusCode).toBe(201);
    const again = await call(t.app, 'POST', '/api/reports', u.operator.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await call(t.app, 'POST', '/api/reports', u.otherOperator.token, body);
    expect(other.statusCode).toBe(409);
    expect(await t.db.db.select().from(reports).where(eq(reports.id, id))).toHaveLength(1);
  });

  it('refuses roles without report:write', async () => {
    for (const token of [u.dispo.token, u.viewer.token]) {
      const res = await call(t.app, 'POST', '/api/reports', token, reportBody(machine.id));
      expect(res.statusCode).toBe(403);
    }
    for (const token of [u.admin.token, u.manager.token]) {
      const res = await call(t.app, 'POST', '/api/reports', token, reportBody(machine.id));
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('validation per field', () => {
  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['fuel above 100', { fuelLevel: 101 }, 'fuelLevel', 'Fuel level must be between 0 and 100'],
    ['fuel below 0', { fuelLevel: -1 }, 'fuelLevel', 'Fuel level must be between 0 and 100'],
    ['fuel not a number', { fuelLevel: 'full' }, 'fuelLevel', 'Fuel level must be a number'],
    [
      'a future report date',
      { reportDate: '2999-01-01' },
      'reportDate',
      'Report date cannot be in the future',
    ],
    [
      'a malformed report date',
      { reportDate: '01.02.2026' },
      'reportDate',
      'Report date must be a date (YYYY-MM-DD)',
    ],
    ['no report date', { reportDate: undefined }, 'reportDate', 'Report date is required'],
    ['no excavator', { excavatorId: undefined }, 'excavatorId', 'Excavator is required'],
    ['no operator name', { operatorName: ' ' }, 'operatorName', 'Operator name is required'],
    [
      'negative hours',
      { operatingHours: -5 },
      'operatingHours',
      'Operating hours must be between 0 and 1000000',
    ],
    [
      'a JPEG signature',
      { operatorSignature: 'data:image/jpeg;base64,AAAA' },
      'operatorSignature',
      'Signature must be a PNG data URL',
    ],
    [
      'a signature that is no data URL',
      { operatorSignature: 'https://x/y.png' },
      'operatorSignature',
      'Signature must be a PNG data URL',
    ],
    [
      'a bad checklist state',
      { checklist: { exterior: { tracks: { state: 'good' } } } },
      'checklist.exterior.tracks.state',
      'Choose ok, not ok or n.a.',
    ],
    [
      'a bad service date',
      { serviceDate: '2026-02-30' },
      'serviceDate',
      'Service date must be a date (YYYY-MM-DD)',
    ],
  ];

  it.each(invalid)('rejects %s', async (_name, change, field, message) => {
    const res = await call(t.app, 'POST', '/api/reports', u.operator.token, reportBody(machine.id, change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fieldErrors(res.body)[field]).toContain(message);
  });

  it('accepts the limits: fuel 0 and 100, today, a date in the past', async () => {
    for (const change of [
      { fuelLevel: 0 },
      { fuelLevel: 100 },
      { reportDate: today() },
      { reportDate: '2019-03-04' },
    ]) {
      const res = await call(t.app, 'POST', '/api/reports', u.operator.token, reportBody(machine.id, change));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('rejects checklist results the report checklist does not hold, and unknown excavators', async () => {
    const unknownItem = await call(
      t.app,
      'POST',
      '/api/reports',
      u.operator.token,
      reportBody(machine.id, { checklist: { exterior: { wings: { state: 'ok' } } } }),
    );
    expect(unknownItem.statusCode).toBe(400);
    expect(fieldErrors(unknownItem.body)['checklist.exterior.wings']).toEqual([
      'This checklist item is not part of the report',
    ]);
    const noMachine = await call(t.app, 'POST', '/api/reports', u.operator.token, reportBody(uuidv7()));
    expect(noMachine.statusCode).toBe(400);
    expect(fieldErrors(noMachine.body).excavatorId).toEqual(['Excavator not found']);
  });
});

describe('report date not after today', () => {
  // Two days past the server's UTC today is past today in every time zone on earth (UTC+14 at most).
  const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const issues = (body: string) =>
    (JSON.parse(body) as { details?: { issues?: Array<{ path: string; key: string; params: unknown }> } })
      .details?.issues ?? [];

  it('refuses a future date on create, PUT and field PATCH with a keyed issue naming reportDate', async () => {
    const created = await call(t.app, 'POST', '/api/reports', u.operator.token, reportBody(machine.id));
    expect(created.statusCode).toBe(201);
    const report = created.json<Report>();
    const future = daysAhead(2);
    const attempts = [
      await call(
        t.app,
        'POST',
        '/api/reports',
        u.operator.token,
        reportBody(machine.id, { reportDate: future }),
      ),
      await call(
        t.app,
        'PUT',
        `/api/reports/${report.id}`,
        u.operator.token,
        reportBody(machine.id, { reportDate: future }),
      ),
      await call(
        t.app,
        'PATCH',
        `/api/reports/${report.id}`,
        u.operator.token,
        { reportDate: future },
        {
          'if-match': `"${report.version}"`,
        },
      ),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(400);
      expect(issues(res.body)).toContainEqual({
        path: 'reportDate',
        key: 'validation.future',
        params: { field: 'reports.fields.reportDate' },
      });
      expect(fieldErrors(res.body).reportDate).toEqual(['Report date cannot be in the future']);
    }
    const stored = await call(t.app, 'GET', `/api/reports/${report.id}`, u.operator.token);
    expect(stored.json<Report>().reportDate).toBe(report.reportDate);
  });

  it('accepts an outbox create replayed weeks later, dated when it was written', async () => {
    const id = uuidv7();
    const res = await call(
      t.app,
      'POST',
      '/api/reports',
      u.operator.token,
      reportBody(machine.id, { id, reportDate: daysAgo(30) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Report>().reportDate).toBe(daysAgo(30));
  });
});

describe('operating hours', () => {
  const machineNow = async (id: string) =>
    (await call(t.app, 'GET', `/api/excavators/${id}`, u.manager.token)).json() as {
      usageHours: number;
      version: number;
    };

  it('reach the excavator only when the report is approved, stamped for sync', async () => {
    const m = await createExcavator(t.app, u.manager.token, 'rep-hours', { usageHours: 1000 });
    const before = await machineNow(m.id);
    // An unsigned draft with an absurd reading changes nothing, and neither does its deletion.
    const draft = await createReport(t.app, u.operator.token, m.id, { operatingHours: 999999 });
    expect(await machineNow(m.id)).toEqual(before);
    const edited = await call(
      t.app,
      'PUT',
      `/api/reports/${draft.id}`,
      u.operator.token,
      reportBody(m.id, { operatingHours: 999998 }),
      { 'if-match': '"1"' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await machineNow(m.id)).toEqual(before);

    const pending = await createReport(t.app, u.operator.token, m.id, {
      operatingHours: 1234.5,
      operatorSignature: OPERATOR_SIGNATURE,
    });
    await call(t.app, 'PUT', `/api/reports/${pending.id}/submit`, u.operator.token);
    expect((await machineNow(m.id)).usageHours).toBe(1000);
    const approved = await call(t.app, 'PUT', `/api/reports/${pending.id}/approve`, u.manager.token, {
      signature: MANAGER_SIGNATURE,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await machineNow(m.id);
    expect(after.usageHours).toBe(1234.5);
    expect(after.version).toBe(before.version + 1);
  });

  it('leave the machine alone when the approved reading is lower', async () => {
    const m = await createExcavator(t.app, u.manager.token, 'rep-hours-low', { usageHours: 1000 });
    const before = await machineNow(m.id);
    const report = await createReport(t.app, u.operator.token, m.id, {
      operatingHours: 900,
      operatorSignature: OPERATOR_SIGNATURE,
    });
    await call(t.app, 'PUT', `/api/reports/${report.id}/submit`, u.operator.token);
    await call(t.app, 'PUT', `/api/reports/${report.id}/approve`, u.manager.token, {
      signature: MANAGER_SIGNATURE,
    });
    expect(await machineNow(m.id)).toEqual(before);
  });
});

describe('checklist items', () => {
  it('must be configured ones: a report cannot bring its own checks', async () => {
    const own = [
      { key: 'madeUp', label: { en: 'Made up' }, items: [{ key: 'fine', label: { en: 'Fine' } }] },
    ];
    const res = await call(
      t.app,
      'POST',
      '/api/reports',
      u.operator.token,
      reportBody(machine.id, { checklistItems: own, checklist: { madeUp: { fine: { state: 'ok' } } } }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(fieldErrors(res.body))).toContain('checklistItems.0.items.0.key');
    // The configured snapshot is accepted as sent.
    const ok = await call(
      t.app,
      'POST',
      '/api/reports',
      u.operator.token,
      reportBody(machine.id, { checklistItems: DEFAULT_CHECKLIST.categories }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('PUT /api/reports/{id}', () => {
  it('replaces the fields, bumps the version, signs when the signature comes', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id);
    const res = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.operator.token,
      reportBody(machine.id, {
        notes: 'Checked twice',
        operatorSignature: OPERATOR_SIGNATURE,
        fuelLevel: null,
      }),
      { 'if-match': '"1"' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({
      version: 2,
      status: 'signed',
      notes: 'Checked twice',
      fuelLevel: null,
    });
  });

  it('answers a stale If-Match with 409 and the current row', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id);
    const first = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.operator.token,
      reportBody(machine.id, { notes: 'a' }),
      {
        'if-match': '"1"',
      },
    );
    expect(first.statusCode).toBe(200);
    const stale = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.operator.token,
      reportBody(machine.id, { notes: 'b' }),
      {
        'if-match': '"1"',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'version', current: { version: 2, notes: 'a' } },
    });
  });

  it('does not write a new version when nothing changed', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id);
    const res = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.operator.token,
      reportBody(machine.id),
      {
        'if-match': '"1"',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1 });
  });

  it('lets operators edit only their own reports, managers and admins any', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id);
    const other = await call(
      t.app,
      'PUT',
      `/api/reports/${report.id}`,
      u.otherOperator.token,
      reportBody(machine.id, { notes: 'x' }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: 'Operators may only change their own reports' });
    for (const [token, notes] of [
      [u.manager.token, 'by manager'],
      [u.admin.token, 'by admin'],
    ] as const) {
      const res = await call(
        t.app,
        'PUT',
        `/api/reports/${report.id}`,
        token,
        reportBody(machine.id, { notes }),
      );
      expect(res.statusCode).toBe(200);
    }
    for (const token of [u.dispo.token, u.viewer.token]) {
      const res = await call(
        t.app,
        'PUT',
        `/api/reports/${report.id}`,
        token,
        reportBody(machine.id, { notes: 'no' }),
      );
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses editing an approved or pending report with 409', async () => {
    for (const status of ['approved', 'pending'] as const) {
      const report = await reportIn(t.app, u, machine.id, status);
      for (const token of [u.operator.token, u.manager.token, u.admin.token]) {
        const res = await call(
          t.app,
          'PUT',
          `/api/reports/${report.id}`,
          token,
          reportBody(machine.id, { notes: 'late' }),
        );
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ details: { reason: 'status', status } });
      }
    }
  });
});

describe('DELETE /api/reports/{id}', () => {
  it('soft-deletes: gone from reads and lists, a tombstone for sync', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id);
    const res = await call(t.app, 'DELETE', `/api/reports/${report.id}`, u.operator.token, undefined, {
      'if-match': '"1"',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2 });
    expect((res.json() as Report).deletedAt).not.toBeNull();
    expect((await call(t.app, 'GET', `/api/reports/${report.id}`, u.operator.token)).statusCode).toBe(404);
    const again = await call(t.app, 'DELETE', `/api/reports/${report.id}`, u.operator.token);
    expect(again.statusCode).toBe(200);
  });

  it('lets an operator delete only own drafts; submitted or approved ones only a manager', async () => {
    const foreign = await createReport(t.app, u.operator.token, machine.id);
    expect(
      (await call(t.app, 'DELETE', `/api/reports/${foreign.id}`, u.otherOperator.token)).statusCode,
    ).toBe(403);
    const pending = await reportIn(t.app, u, machine.id, 'pending');
    const own = await call(t.app, 'DELETE', `/api/reports/${pending.id}`, u.operator.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: 'Only a manager can delete a submitted or approved report' });
    const approved = await reportIn(t.app, u, machine.id, 'approved');
    expect((await call(t.app, 'DELETE', `/api/reports/${approved.id}`, u.manager.token)).statusCode).toBe(
      200,
    );
  });
});

describe('GET /api/reports', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    const a = await createReport(t.app, u.otherOperator.token, otherMachine.id, {
      reportDate: daysAgo(40),
      description: 'Quarterly Sichtprüfung',
      operatingHours: null,
    });
    const b = await createReport(t.app, u.otherOperator.token, otherMachine.id, {
      reportDate: daysAgo(10),
      notes: 'Greasing done',
      operatorName: 'Stefan Ölmann',
      operatingHours: null,
    });
    const c = await reportIn(t.app, u, otherMachine.id, 'approved', u.otherOperator);
    ids = { a: a.id, b: b.id, c: c.id };
  });

  const list = async (query: string, token = u.viewer.token) => {
    const res = await call(t.app, 'GET', `/api/reports?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportList;
  };

  it('pages newest report date first', async () => {
    const page = await list(`excavator=${otherMachine.id}&limit=2`);
    expect(page.total).toBe(3);
    expect(page.limit).toBe(2);
    expect(page.items.map((r) => r.id)).toEqual([ids.c, ids.b]);
    const second = await list(`excavator=${otherMachine.id}&limit=2&page=2`);
    expect(second.items.map((r) => r.id)).toEqual([ids.a]);
  });

  it('filters by status, author, date range and text', async () => {
    expect((await list(`excavator=${otherMachine.id}&status=approved`)).items.map((r) => r.id)).toEqual([
      ids.c,
    ]);
    expect(
      (await list(`author=${u.otherOperator.id}&status=unsigned`)).items.map((r) => r.id).sort(),
    ).toEqual([ids.a, ids.b].sort());
    expect(
      (await list(`excavator=${otherMachine.id}&from=${daysAgo(45)}&to=${daysAgo(20)}`)).items.map(
        (r) => r.id,
      ),
    ).toEqual([ids.a]);
    expect((await list(`q=sichtprüfung`)).items.map((r) => r.id)).toEqual([ids.a]);
    expect((await list(`q=greasing`)).items.map((r) => r.id)).toEqual([ids.b]);
    expect((await list(`q=ölmann`)).items.map((r) => r.id)).toEqual([ids.b]);
    expect((await list('q=100%25')).total).toBe(0);
  });

  it('lists one excavator at /api/reports/excavator/{id}', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/reports/excavator/${otherMachine.id}?status=unsigned`,
      u.dispo.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReportList;
    expect(body.items.map((r) => r.id).sort()).toEqual([ids.a, ids.b].sort());
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
  });

  it('reads one report with its ETag', async () => {
    const res = await call(t.app, 'GET', `/api/reports/${ids.c}`, u.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${(res.json() as Report).version}"`);
    expect(res.json()).toMatchObject({ status: 'approved', approvedByName: 'rep-manager' });
  });

  it('rejects bad filters', async () => {
    const res = await call(t.app, 'GET', '/api/reports?status=done', u.viewer.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('sync and the feature flag', () => {
  it('serves reports in the pull exactly as the API returns them', async () => {
    const metered = await createExcavator(t.app, u.manager.token, 'rep-pull', { usageHours: 10 });
    const start = (
      await call(t.app, 'GET', '/api/sync/pull?cursor=0&limit=2000', u.operator.token)
    ).json() as SyncPullResponse;
    expect(start.collections).toContain('reports');
    const report = await createReport(t.app, u.operator.token, machine.id, { operatingHours: 99999 });
    const approved = await createReport(t.app, u.operator.token, metered.id, {
      operatingHours: 99999,
      operatorSignature: OPERATOR_SIGNATURE,
    });
    await call(t.app, 'PUT', `/api/reports/${approved.id}/submit`, u.operator.token);
    const approval = await call(t.app, 'PUT', `/api/reports/${approved.id}/approve`, u.manager.token, {
      signature: MANAGER_SIGNATURE,
    });
    expect(approval.statusCode, approval.body).toBe(200);
    const res = await call(
      t.app,
      'GET',
      `/api/sync/pull?cursor=${start.cursor}&collections=reports,excavators`,
      u.viewer.token,
    );
    const pull = res.json() as SyncPullResponse;
    const change = pull.changes.find((c) => c.collection === 'reports' && c.id === report.id);
    const one = await call(t.app, 'GET', `/api/reports/${report.id}`, u.viewer.token);
    expect(change).toEqual({
      collection: 'reports',
      id: report.id,
      deleted: false,
      version: 1,
      data: one.json(),
    });
    // The approval's raised usage hours travel in the same pull; the draft raised nothing.
    expect(pull.changes.some((c) => c.collection === 'reports' && c.id === approved.id)).toBe(true);
    expect(pull.changes.some((c) => c.collection === 'excavators' && c.id === metered.id)).toBe(true);
  });

  it('answers 403 FEATURE_DISABLED everywhere when the reports flag is false', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id);
    await t.app.settingsStore.update({ features: { reports: false } });
    try {
      for (const [method, url] of [
        ['GET', '/api/reports'],
        ['GET', `/api/reports/${report.id}`],
        ['GET', `/api/reports/${report.id}/pdf`],
        ['PUT', `/api/reports/${report.id}/submit`],
        ['GET', '/api/checklist-config'],
      ] as const) {
        const res = await call(t.app, method, url, u.admin.token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
      }
      const post = await call(t.app, 'POST', '/api/reports', u.admin.token, reportBody(machine.id));
      expect(post.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
      const pull = (
        await call(t.app, 'GET', '/api/sync/pull?cursor=0', u.admin.token)
      ).json() as SyncPullResponse;
      expect(pull.collections).not.toContain('reports');
    } finally {
      await t.app.settingsStore.update({ features: { reports: true } });
    }
  });
});
