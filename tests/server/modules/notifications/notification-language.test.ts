import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@/domain/notification';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../fixtures/fake-smtp-server';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import {
  ALL_OFF,
  createChannelsTestApp,
  putChannels,
  waitFor,
} from '../../support/notification-channels-setup';

let t: TestApp;
let smtp: FakeSmtpServer;
let ann: { id: string; token: string };
let bob: { id: string; token: string };
let cara: { id: string; token: string };

const AUTH = { user: 'mailer', pass: 'mail-password-77' };

const chooseLanguage = (token: string, language: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile/language',
    headers: { 'x-auth-token': token },
    payload: { language },
  });

const titles = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { 'x-auth-token': token },
  });
  return (res.json() as Notification[]).map((n) => n.title);
};

beforeAll(async () => {
  t = await createChannelsTestApp({ smtpTls: { rejectUnauthorized: false } });
  smtp = await startFakeSmtpServer({ auth: AUTH });
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  ann = await createUser(t, { username: 'ann-lang', role: 'manager', email: 'ann@example.test' });
  bob = await createUser(t, { username: 'bob-lang', role: 'manager', email: 'bob@example.test' });
  cara = await createUser(t, { username: 'cara-lang', role: 'manager', email: 'cara@example.test' });
  await putChannels(t, admin, {
    ...ALL_OFF,
    email: {
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: AUTH.user,
      password: AUTH.pass,
      sender: 'FleetPilot <fleet@example.test>',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

describe('notifications in the reader’s language', () => {
  it('keeps the language a user picks and refuses one the app does not speak', async () => {
    const res = await chooseLanguage(ann.token, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'en' });
    expect((await chooseLanguage(cara.token, 'gr')).statusCode).toBe(200);
    expect((await chooseLanguage(bob.token, 'fr')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      payload: { language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a key with parameters and renders list, socket items and e-mail per recipient', async () => {
    const pending = await t.app.db.transaction((tx) =>
      t.app.notify(
        {
          roles: ['manager'],
          type: 'stock.low',
          key: 'stock.low',
          params: { item: 'Hydraulikfilter HF-7', quantity: 1, minimum: 4 },
          link: '/inventory',
        },
        tx,
      ),
    );
    pending.publish();
    const byUser = new Map(pending.items.map((i) => [i.userId, i]));
    expect(byUser.get(ann.id)?.language).toBe('en');
    expect(byUser.get(ann.id)?.notification).toMatchObject({
      title: 'Low stock: Hydraulikfilter HF-7',
      key: 'stock.low',
      params: { item: 'Hydraulikfilter HF-7', quantity: 1, minimum: 4 },
    });
    // No choice made: the site's default language (German).
    expect(byUser.get(bob.id)?.notification.title).toBe('Niedriger Bestand: Hydraulikfilter HF-7');
    expect(byUser.get(cara.id)?.notification.title).toBe('Χαμηλό απόθεμα: Hydraulikfilter HF-7');

    expect(await titles(ann.token)).toContain('Low stock: Hydraulikfilter HF-7');
    expect(await titles(bob.token)).toContain('Niedriger Bestand: Hydraulikfilter HF-7');
    expect(await titles(cara.token)).toContain('Χαμηλό απόθεμα: Hydraulikfilter HF-7');

    await waitFor(() => smtp.messages.length >= 3);
    await t.app.notificationChannels.settle();
    const mailTo = (address: string) => smtp.messages.find((m) => m.to.includes(address))!;
    expect(mailTo('ann@example.test').subject).toBe('FleetPilot: Low stock: Hydraulikfilter HF-7');
    expect(mailTo('ann@example.test').text).toContain('Hello ann-lang,');
    expect(mailTo('bob@example.test').subject).toBe('FleetPilot: Niedriger Bestand: Hydraulikfilter HF-7');
    expect(mailTo('bob@example.test').text).toContain('Hallo bob-lang,');
    expect(mailTo('cara@example.test').subject).toBe('FleetPilot: Χαμηλό απόθεμα: Hydraulikfilter HF-7');
    expect(mailTo('cara@example.test').text).toContain('Γεια σας, cara-lang,');
  });

  it('re-renders stored notifications when the reader changes language', async () => {
    expect(await titles(ann.token)).toContain('Low stock: Hydraulikfilter HF-7');
    await chooseLanguage(ann.token, 'bg');
    expect(await titles(ann.token)).toContain('Ниска наличност: Hydraulikfilter HF-7');
  });

  it('renders workflow notifications from raw values: dates in the reader’s format', async () => {
    const pending = await t.app.notify({
      userIds: [ann.id, bob.id],
      type: 'report.approved',
      key: 'report.approved',
      params: { machine: 'Bagger 7', date: '2026-11-03', actor: 'Mia Meister', reason: '' },
    });
    const byUser = new Map(pending.items.map((i) => [i.userId, i.notification]));
    expect(byUser.get(bob.id)?.message).toBe(
      'Mia Meister hat Ihren Wartungsbericht vom 03.11.2026 für Bagger 7 freigegeben.',
    );
    expect(byUser.get(ann.id)?.title).toBe('Докладът е одобрен: Bagger 7');
  });
});
