import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '@/server/db/schema';
import { createUser, type TestApp } from '../../support/helpers';
import { createChannelsTestApp } from '../../support/notification-channels-setup';

let t: TestApp;
let ann: { id: string; token: string };
beforeAll(async () => {
  t = await createChannelsTestApp({ background: false });
  ann = await createUser(t, { username: 'ann', role: 'operator' });
});
afterAll(async () => t.close());

describe('notifications switched off', () => {
  it('are off on every channel: nothing stored, announced on the socket or queued for mail, push or chat', async () => {
    const announced: string[] = [];
    const listener = (userId: string) => announced.push(userId);
    t.app.events.on('notification:created', listener);
    try {
      await t.app.settingsStore.update({ features: { notifications: false } });
      const pending = await t.app.notify({ userIds: [ann.id], type: 'test', title: 'Hello', message: 'Off' });
      pending.publish();
      expect(pending.items).toEqual([]);
      expect(await t.db.db.select().from(notifications).where(eq(notifications.userId, ann.id))).toEqual([]);
      await t.app.notificationChannels.settle();
      expect(await t.db.db.select().from(notificationDeliveries)).toEqual([]);
      expect(announced).toEqual([]);

      await t.app.settingsStore.update({ features: { notifications: true } });
      const on = await t.app.notify({ userIds: [ann.id], type: 'test', title: 'Hello', message: 'On' });
      expect(on.items).toHaveLength(1);
      expect(announced).toEqual([ann.id]);
    } finally {
      t.app.events.off('notification:created', listener);
    }
  });
});
