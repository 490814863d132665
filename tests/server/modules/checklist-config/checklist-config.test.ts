import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKLIST, type ChecklistConfig } from '@/domain/checklist';
import type { Report } from '@/domain/report';
import { auditLog } from '@/server/db/schema';
import type { TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReport,
  createReportsTestApp,
  OPERATOR_SIGNATURE,
  reportBody,
  type ReportUsers,
} from '../../support/reports-fixtures';

let t: TestApp;
let u: ReportUsers;

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('cl'));
});
afterAll(async () => t.close());

const label = (en: string, de = en, bg = en, gr = en) => ({ en, de, bg, gr });

/** Two categories: a renamed engine group without 'belts' and a new 'safety' group. */
const NEW_CONFIG: ChecklistConfig = {
  categories: [
    {
      key: 'engine',
      label: label('Engine bay', 'Motorraum', 'Двигателен отсек', 'Χώρος κινητήρα'),
      items: [
        { key: 'oilLevel', label: label('Engine oil', 'Motoröl', 'Моторно масло', 'Λάδι κινητήρα') },
        { key: 'coolantLevel', label: label('Coolant', 'Kühlmittel', 'Охладителна течност', 'Ψυκτικό υγρό') },
      ],
    },
    {
      key: 'safety',
      label: label('Safety', 'Sicherheit', 'Безопасност', 'Ασφάλεια'),
      items: [
        {
          key: 'fireExtinguisher',
          label: label('Fire extinguisher', 'Feuerlöscher', 'Пожарогасител', 'Πυροσβεστήρας'),
        },
        { key: 'windows', label: label('Windows', 'Scheiben', 'Стъкла', 'Παράθυρα') },
      ],
    },
  ],
};

const put = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t.app, 'PUT', '/api/checklist-config', token, body, headers);

describe('GET /api/checklist-config', () => {
  it('answers the spec defaults to every signed-in user until an admin saves one', async () => {
    for (const role of ['viewer', 'dispo', 'operator'] as const) {
      const res = await call(t.app, 'GET', '/api/checklist-config', u[role].token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULT_CHECKLIST);
    }
    const body = DEFAULT_CHECKLIST;
    expect(body.categories.map((c) => [c.key, c.items.length])).toEqual([
      ['exterior', 10],
      ['interior', 7],
      ['engine', 8],
      ['cleaning', 4],
    ]);
    expect((await t.app.inject({ url: '/api/checklist-config' })).statusCode).toBe(401);
  });
});

describe('PUT /api/checklist-config', () => {
  it('is for admins only', async () => {
    for (const role of ['manager', 'operator', 'dispo', 'viewer'] as const) {
      expect((await put(u[role].token, NEW_CONFIG)).statusCode).toBe(403);
    }
  });

  const broken: Array<[string, (c: ChecklistConfig) => void, string, string]> = [
    [
      'an empty item key',
      (c) => (c.categories[0]!.items[1]!.key = ' '),
      'categories.0.items.1.key',
      'Fix duplicate/empty keys before saving',
    ],
    [
      'a duplicate item key',
      (c) => (c.categories[1]!.items[1]!.key = 'FireExtinguisher'),
      'categories.1.items.1.key',
      'Fix duplicate/empty keys before saving',
    ],
    [
      'an empty category key',
      (c) => (c.categories[1]!.key = ''),
      'categories.1.key',
      'Category key is required',
    ],
    [
      'a duplicate category key',
      (c) => (c.categories[1]!.key = 'engine'),
      'categories.1.key',
      'Duplicate category key',
    ],
    [
      'a key with spaces',
      (c) => (c.categories[0]!.items[0]!.key = 'oil level'),
      'categories.0.items.0.key',
      'Keys may contain letters, digits, _ and - and start with a letter or digit',
    ],
  ];

  it.each(broken)('rejects %s with the rule as message', async (_name, breakIt, path, message) => {
    const config = structuredClone(NEW_CONFIG);
    breakIt(config);
    const res = await put(u.admin.token, config);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      details: { fields: { [path]: [message] } },
    });
    expect((await call(t.app, 'GET', '/api/checklist-config', u.viewer.token)).json()).not.toEqual(config);
  });

  it('rejects a missing category key and an empty list', async () => {
    const res = await put(u.admin.token, { categories: [{ label: label('X'), items: [] }] });
    expect(res.json()).toMatchObject({
      details: { fields: { 'categories.0.key': ['Category key is required'] } },
    });
    expect((await put(u.admin.token, { categories: [] })).statusCode).toBe(400);
  });

  it('saves a valid configuration, audits it and answers it to everyone; a repeated key replays', async () => {
    const headers = { 'idempotency-key': 'checklist-save-1' };
    const res = await put(u.admin.token, NEW_CONFIG, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(NEW_CONFIG);
    const replay = await put(u.admin.token, NEW_CONFIG, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await call(t.app, 'GET', '/api/checklist-config', u.operator.token)).json()).toEqual(NEW_CONFIG);
    const audits = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'checklist.update'), eq(auditLog.entity, 'checklist-config')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes).toMatchObject({ categories: { to: NEW_CONFIG.categories } });
    // Saving the same again changes nothing and is not audited again.
    expect((await put(u.admin.token, NEW_CONFIG)).statusCode).toBe(200);
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'checklist.update'))).toHaveLength(
      1,
    );
  });

  it('fills missing languages with empty labels', async () => {
    const config = {
      categories: [
        { key: 'tools', label: { en: 'Tools' }, items: [{ key: 'hammer', label: { de: 'Hammer' } }] },
      ],
    };
    const res = await put(u.admin.token, config);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      categories: [
        {
          key: 'tools',
          label: label('Tools', '', '', ''),
          items: [{ key: 'hammer', label: { en: '', de: 'Hammer', bg: '', gr: '' } }],
        },
      ],
    });
    expect((await put(u.admin.token, NEW_CONFIG)).statusCode).toBe(200);
  });
});

describe('changing the configuration keeps existing reports intact', () => {
  it('old reports keep their checklist; new ones take the new one', async () => {
    await put(u.admin.token, DEFAULT_CHECKLIST);
    const machine = await createExcavator(t.app, u.manager.token, 'cl-1');
    const old = await createReport(t.app, u.operator.token, machine.id, {
      checklist: {
        exterior: { tracks: { state: 'not_ok', note: 'Loose chain' } },
        engine: { belts: { state: 'ok' } },
      },
    });
    expect(old.checklistItems).toEqual(DEFAULT_CHECKLIST.categories);

    expect((await put(u.admin.token, NEW_CONFIG)).statusCode).toBe(200);

    const reread = (await call(t.app, 'GET', `/api/reports/${old.id}`, u.viewer.token)).json() as Report;
    expect(reread.checklistItems).toEqual(DEFAULT_CHECKLIST.categories);
    expect(reread.checklist).toEqual(old.checklist);

    // Editing the old report keeps its checklist, so its items stay valid.
    const edited = await call(
      t.app,
      'PUT',
      `/api/reports/${old.id}`,
      u.operator.token,
      reportBody(machine.id, {
        checklist: { exterior: { tracks: { state: 'ok' } }, engine: { belts: { state: 'ok' } } },
        operatorSignature: OPERATOR_SIGNATURE,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Report).checklistItems).toEqual(DEFAULT_CHECKLIST.categories);

    // A new report is filled against the new configuration: removed items are refused.
    const fresh = await createReport(t.app, u.operator.token, machine.id, {
      checklist: { safety: { fireExtinguisher: { state: 'ok' } } },
    });
    expect(fresh.checklistItems).toEqual(NEW_CONFIG.categories);
    const removed = await call(
      t.app,
      'POST',
      '/api/reports',
      u.operator.token,
      reportBody(machine.id, { checklist: { engine: { belts: { state: 'ok' } } } }),
    );
    expect(removed.statusCode).toBe(400);
  });

  it('an offline form filled with a cached configuration keeps what it showed', async () => {
    const machine = await createExcavator(t.app, u.manager.token, 'cl-2');
    const report = await createReport(t.app, u.operator.token, machine.id, {
      checklistItems: DEFAULT_CHECKLIST.categories,
      checklist: { engine: { belts: { state: 'not_ok', note: 'Cracked' } } },
    });
    expect(report.checklistItems).toEqual(DEFAULT_CHECKLIST.categories);
    expect(report.checklist).toEqual({ engine: { belts: { state: 'not_ok', note: 'Cracked' } } });
    const bad = await call(
      t.app,
      'POST',
      '/api/reports',
      u.operator.token,
      reportBody(machine.id, {
        checklistItems: [{ key: 'a', label: label('A'), items: [{ key: '', label: label('') }] }],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: { fields: { 'checklistItems.0.items.0.key': ['Fix duplicate/empty keys before saving'] } },
    });
  });
});
