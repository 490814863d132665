import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../fixtures/fake-smtp-server';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import {
  ALL_OFF,
  createChannelsTestApp,
  deliveries,
  PUBLIC_URL,
  putChannels,
  waitFor,
} from '../../support/notification-channels-setup';

let t: TestApp;
let smtp: FakeSmtpServer;
let admin: string;
let ann: { id: string; token: string };
let bob: { id: string; token: string };

const AUTH = { user: 'mailer', pass: 'mail-password-77' };

beforeAll(async () => {
  // The fake servers' TLS certificate is the smtp-server package's self-signed test certificate.
  t = await createChannelsTestApp({ smtpTls: { rejectUnauthorized: false } });
  smtp = await startFakeSmtpServer({ auth: AUTH });
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  ann = await createUser(t, { username: 'ann', role: 'manager', email: 'ann@example.test' });
  bob = await createUser(t, { username: 'bob', role: 'manager' });
  await t.db.db.update(users).set({ name: 'Ann Schäfer' }).where(eq(users.id, ann.id));
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

async function notifyManagers(title: string, message: string) {
  const pending = await t.app.db.transaction((tx) =>
    t.app.notify({ roles: ['manager'], type: 'report.submitted', title, message, link: '/reports/5' }, tx),
  );
  pending.publish();
  return pending;
}

const testMail = (payload?: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notification-channels/email/test',
    headers: { 'x-auth-token': token },
    ...(payload && { payload }),
  });

describe('e-mail delivery', () => {
  it('mails every recipient that has an address: plain text and HTML with a link back', async () => {
    const pending = await notifyManagers('Bericht R-5 eingereicht', 'Bagger 7 <Hydraulik> & Kette prüfen');
    expect(pending.items).toHaveLength(2);
    const [mail] = await waitFor(() => smtp.messages.length > 0 && smtp.messages);
    await t.app.notificationChannels.settle();
    expect(smtp.messages).toHaveLength(1);
    expect(mail!.to).toEqual(['ann@example.test']);
    expect(mail!.from).toBe('fleet@example.test');
    expect(mail!.user).toBe(AUTH.user);
    expect(mail!.secure).toBe(false);
    expect(mail!.subject).toBe('FleetPilot: Bericht R-5 eingereicht');
    expect(mail!.text).toBe(
      [
        'Hallo Ann Schäfer,',
        '',
        'Es gibt eine neue Benachrichtigung für Sie in FleetPilot:',
        '',
        'Bericht R-5 eingereicht',
        'Bagger 7 <Hydraulik> & Kette prüfen',
        '',
        `In FleetPilot öffnen: ${PUBLIC_URL}/reports/5`,
        '',
        '-- ',
        'Sie erhalten diese E-Mail, weil E-Mail-Benachrichtigungen in FleetPilot eingeschaltet sind. Administratoren können das unter Einstellungen → Benachrichtigungen ändern.',
      ].join('\n'),
    );
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/reports/5"`);
    expect(mail!.html).toContain('Bagger 7 &lt;Hydraulik&gt; &amp; Kette prüfen');
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.html).not.toContain('<Hydraulik>');

    const rows = (await deliveries(t)).filter((d) => d.channel === 'email');
    expect(rows.map((r) => [r.userId, r.target, r.status])).toEqual([[ann.id, 'ann@example.test', 'sent']]);
    expect(rows.some((r) => r.userId === bob.id)).toBe(false);
  });

  it.each([
    ['en', 'Hello Ann Schäfer,', 'Open in FleetPilot', 'Report approved'],
    ['bg', 'Здравейте, Ann Schäfer,', 'Отваряне в FleetPilot', 'Докладът е одобрен'],
    ['gr', 'Γεια σας, Ann Schäfer,', 'Άνοιγμα στο FleetPilot', 'Η αναφορά εγκρίθηκε'],
  ] as const)('writes in the app default language (%s)', async (language, greeting, open, title) => {
    await t.app.settingsStore.update({ app: { defaultLanguage: language } });
    try {
      await notifyManagers(title, `${title}.`);
      const [mail] = await waitFor(() => smtp.messages.length > 0 && smtp.messages);
      expect(mail!.subject).toBe(`FleetPilot: ${title}`);
      expect(mail!.text.split('\n')[0]).toBe(greeting);
      expect(mail!.text).toContain(`${open}: ${PUBLIC_URL}/reports/5`);
      expect(mail!.html).toContain(`>${open}</a>`);
    } finally {
      await t.app.settingsStore.update({ app: { defaultLanguage: 'de' } });
    }
  });

  it('sends a test mail to the given address or the admin’s own, and reports the server’s refusal', async () => {
    expect((await testMail()).json()).toEqual({
      ok: false,
      code: 'NO_RECIPIENT',
      error: 'No recipient: give an address or add one to your profile',
    });
    expect((await testMail({ to: 'ops@example.test' })).json()).toEqual({ ok: true });
    expect(smtp.messages.map((m) => [m.to[0], m.subject])).toEqual([
      ['ops@example.test', 'FleetPilot: Testnachricht'],
    ]);
    expect(smtp.messages[0]!.text).toContain('Der E-Mail-Versand aus FleetPilot funktioniert.');

    await putChannels(t, admin, { email: { password: 'wrong-password' } });
    try {
      const refused = (await testMail({ to: 'ops@example.test' })).json();
      expect(refused.ok).toBe(false);
      // The reply code, in our words: the server's own text never comes back.
      expect(refused.error).toBe('The mail server refused the sign-in (535)');
      expect(refused.code).toBe('AUTH_FAILED');
    } finally {
      await putChannels(t, admin, { email: { password: AUTH.pass } });
    }
    expect((await testMail({ to: 'ops@example.test' }, ann.token)).statusCode).toBe(403);
  });

  // A new port is a new destination: the stored password is dropped unless it is sent again.
  it('speaks STARTTLS and implicit TLS, and refuses plain text when STARTTLS is required', async () => {
    const starttls = await startFakeSmtpServer({ starttls: true, auth: AUTH });
    const implicit = await startFakeSmtpServer({ secure: true, auth: AUTH });
    const plainOnly = await startFakeSmtpServer({ auth: AUTH });
    try {
      await putChannels(t, admin, {
        email: { port: starttls.port, security: 'starttls', password: AUTH.pass },
      });
      expect((await testMail({ to: 'ops@example.test' })).json()).toEqual({ ok: true });
      expect(starttls.messages[0]!.secure).toBe(true);

      await putChannels(t, admin, { email: { port: implicit.port, security: 'tls', password: AUTH.pass } });
      expect((await testMail({ to: 'ops@example.test' })).json()).toEqual({ ok: true });
      expect(implicit.messages[0]!.secure).toBe(true);

      await putChannels(t, admin, {
        email: { port: plainOnly.port, security: 'starttls', password: AUTH.pass },
      });
      const refused = (await testMail({ to: 'ops@example.test' })).json();
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatch(/STARTTLS/i);
      expect(plainOnly.messages).toHaveLength(0);
    } finally {
      await putChannels(t, admin, { email: { port: smtp.port, security: 'none', password: AUTH.pass } });
      await Promise.all([starttls.close(), implicit.close(), plainOnly.close()]);
    }
  });
});
