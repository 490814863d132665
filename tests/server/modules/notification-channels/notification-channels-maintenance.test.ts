import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/server/db/client';
import { excavators, maintenanceAlerts, notifications } from '@/server/db/schema';
import { MAINTENANCE_CHECK_LOCK_ID } from '@/server/modules/notification-channels/maintenance-job';
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from '../../../fixtures/fake-webhook-receiver';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import {
  ALL_OFF,
  createChannelsTestApp,
  putChannels,
  waitFor,
} from '../../support/notification-channels-setup';

let t: TestApp;
let receiver: FakeWebhookReceiver;
let adminId: string;
let managers: string[];
let operatorId: string;

/** Interval 500 h, last service at 1000 h: due at 1500 h; 'soon' within 125 h, 'urgent' within 50 h. */
async function addMachine(
  name: string,
  usageHours: number,
  fields: Partial<typeof excavators.$inferInsert> = {},
  db: DatabaseHandle = t.db,
) {
  const id = uuidv7();
  await db.db.insert(excavators).values({
    id,
    name,
    model: 'CAT 320',
    serialNumber: `SN-${name}`,
    usageHours,
    lastServiceHours: 1000,
    changeSeq: 0,
    ...fields,
  });
  return id;
}
const setMachine = (id: string, fields: Partial<typeof excavators.$inferInsert>) =>
  t.db.db.update(excavators).set(fields).where(eq(excavators.id, id));
const maintenanceFor = (userId: string) =>
  t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'maintenance.due')))
    .orderBy(notifications.createdAt);
const run = () => t.app.notificationChannels.runMaintenanceCheck();
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title);

let startMachine: string;

beforeAll(async () => {
  // The machine is there before the app starts, so the first scheduled run sees it however slowly the
  // app comes up on a busy machine.
  t = await createChannelsTestApp(
    { dailyInitialDelayMs: 400, dailyIntervalMs: 60 * 60 * 1000 },
    {},
    async (db) => {
      startMachine = await addMachine('Startbagger', 1460, {}, db);
    },
  );
  receiver = await startFakeWebhookReceiver();
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  adminId = (await t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': admin } })).json().id;
  managers = [
    (await createUser(t, { username: 'mgr1', role: 'manager' })).id,
    (await createUser(t, { username: 'mgr2', role: 'MANAGER' })).id,
  ];
  operatorId = (await createUser(t, { username: 'op1', role: 'operator' })).id;
  await putChannels(t, admin, {
    ...ALL_OFF,
    slack: { enabled: true, url: receiver.url('/slack') },
    routing: { 'maintenance.due': ['slack'] },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('daily maintenance-due check', () => {
  it('runs by itself shortly after start', async () => {
    const rows = await waitFor(async () => {
      const found = await maintenanceFor(adminId);
      return found.length > 0 && found;
    });
    expect(titles(rows)).toEqual(['Wartung dringend: Startbagger']);
    expect(rows[0]!.message).toBe(
      'Startbagger (CAT 320, SN-Startbagger) ist in 40 Betriebsstunden zur Wartung fällig.',
    );
    expect(rows[0]!.link).toBe(`/excavators?id=${startMachine}`);
    const marks = await t.db.db
      .select()
      .from(maintenanceAlerts)
      .where(eq(maintenanceAlerts.excavatorId, startMachine));
    expect(marks.map((m) => m.threshold).sort()).toEqual(['soon', 'urgent']);
  });

  it('notifies managers and admins once per machine and threshold', async () => {
    await t.app.notificationChannels.settle();
    receiver.reset();
    const soon = await addMachine('Bagger A', 1400.04);
    await addMachine('Bagger B', 1300);
    await addMachine('Bagger C', 1490, { deletedAt: new Date() });
    const overdue = await addMachine('Bagger D', 1520);

    const first = await run();
    expect(first).toEqual({
      status: 'done',
      cleared: 0,
      notified: [
        { excavatorId: soon, threshold: 'soon', hoursUntil: 100 },
        { excavatorId: overdue, threshold: 'urgent', hoursUntil: -20 },
      ],
    });
    for (const userId of [...managers, adminId]) {
      const rows = (await maintenanceFor(userId)).filter((r) => r.title !== 'Wartung dringend: Startbagger');
      expect(rows.map((r) => [r.title, r.message])).toEqual([
        [
          'Wartung bald fällig: Bagger A',
          'Bagger A (CAT 320, SN-Bagger A) ist in 100 Betriebsstunden zur Wartung fällig.',
        ],
        [
          'Wartung dringend: Bagger D',
          'Die Wartung von Bagger D (CAT 320, SN-Bagger D) ist seit 20 Betriebsstunden überfällig.',
        ],
      ]);
    }
    expect(await maintenanceFor(operatorId)).toEqual([]);
    // Chat gets each machine's notice once, not once per manager.
    await t.app.notificationChannels.settle();
    const chat = receiver
      .received('/slack')
      .map((r) => (r.json as { text: string }).text.split(':').slice(0, 2).join(':'));
    expect(chat.sort()).toEqual(['Wartung bald fällig: Bagger A', 'Wartung dringend: Bagger D']);

    expect(await run()).toEqual({ status: 'done', cleared: 0, notified: [] });
    // (Whether Startbagger's start-up notice reached the managers depends on when they were created.)
    expect((await maintenanceFor(managers[0]!)).filter((r) => !r.title.includes('Startbagger'))).toHaveLength(
      2,
    );

    // Crossing into 'urgent' is a new threshold: told once more, then quiet again.
    await setMachine(soon, { usageHours: 1460 });
    expect(await run()).toMatchObject({
      notified: [{ excavatorId: soon, threshold: 'urgent', hoursUntil: 40 }],
    });
    expect(await run()).toMatchObject({ notified: [] });
    expect(titles(await maintenanceFor(managers[1]!))).toContain('Wartung dringend: Bagger A');

    // Serviced: back to 'ok' clears the marks, so the next approach is announced again.
    await setMachine(soon, { lastServiceHours: 1460 });
    expect(await run()).toEqual({ status: 'done', cleared: 1, notified: [] });
    expect(
      await t.db.db.select().from(maintenanceAlerts).where(eq(maintenanceAlerts.excavatorId, soon)),
    ).toEqual([]);
    await setMachine(soon, { usageHours: 1860 });
    expect(await run()).toMatchObject({
      notified: [{ excavatorId: soon, threshold: 'soon', hoursUntil: 100 }],
    });
    expect(
      (await maintenanceFor(managers[0]!)).filter((r) => r.title === 'Wartung bald fällig: Bagger A'),
    ).toHaveLength(2);
  });

  it('lets only one of two concurrent runs notify (advisory lock)', async () => {
    const machine = await addMachine('Bagger E', 1410);
    const results = await Promise.all([run(), run()]);
    const notifiedE = results.filter(
      (r) => r.status === 'done' && r.notified.some((n) => n.excavatorId === machine),
    );
    expect(notifiedE).toHaveLength(1);
    for (const userId of managers)
      expect(
        titles(await maintenanceFor(userId)).filter((x) => x === 'Wartung bald fällig: Bagger E'),
      ).toHaveLength(1);

    if (t.db.kind === 'postgres') {
      // Another instance holding the lock: this one does nothing at all.
      const pool = (t.db.db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [MAINTENANCE_CHECK_LOCK_ID]);
        const late = await addMachine('Bagger F', 1420);
        expect(await run()).toEqual({ status: 'locked' });
        expect(
          await t.db.db.select().from(maintenanceAlerts).where(eq(maintenanceAlerts.excavatorId, late)),
        ).toEqual([]);
        await other.query('select pg_advisory_unlock($1)', [MAINTENANCE_CHECK_LOCK_ID]);
        expect(await run()).toMatchObject({
          status: 'done',
          notified: [{ excavatorId: late, threshold: 'soon' }],
        });
      } finally {
        other.release();
      }
    }
  });
});
