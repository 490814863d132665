import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_NOTIFICATION_CHANNEL_SETTINGS,
  maskSecretUrl,
  type NotificationChannelsView,
} from '@/domain/notification-channels';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/*
 * Settings → Notifications against a fake of S5's admin API that holds real secrets, so the test can
 * check that none of them ever reaches the page and that the PUT body carries a secret only when it
 * is replaced (a string) or removed (null).
 */

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXXXXXXsecretTOKEN1234';
const SMTP_PASSWORD = 'smtp-Passw0rd-never-shown';

let secrets: Record<string, string>;
let settings: typeof DEFAULT_NOTIFICATION_CHANNEL_SETTINGS;
let puts: unknown[];
let tests: Array<{ channel: string; body: unknown }>;
let testAnswer: { ok: boolean; code?: string; error?: string };

function view(): NotificationChannelsView {
  const url = (value?: string) => ({ configured: !!value, hint: value ? maskSecretUrl(value) : null });
  return {
    email: { ...settings.email, password: { configured: !!secrets.emailPassword, hint: null } },
    push: { ...settings.push, vapidPublicKey: 'BPUBLICKEY' },
    slack: { ...settings.slack, url: url(secrets.slackUrl) },
    teams: { ...settings.teams, url: url(secrets.teamsUrl) },
    discord: { ...settings.discord, url: url(secrets.discordUrl) },
    webhook: { ...settings.webhook, url: url(secrets.webhookUrl), secret: { configured: false, hint: null } },
    routing: settings.routing,
  };
}

function installServer() {
  secrets = { slackUrl: SLACK_URL, emailPassword: SMTP_PASSWORD };
  settings = structuredClone(DEFAULT_NOTIFICATION_CHANNEL_SETTINGS);
  settings.email = {
    ...settings.email,
    host: 'smtp.example.com',
    sender: 'fleet@example.com',
    user: 'fleet',
  };
  settings.slack = { enabled: true };
  puts = [];
  tests = [];
  testAnswer = { ok: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      const reply = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
      if (url === '/api/notification-channels' && method === 'GET') return reply(200, view());
      if (url === '/api/notification-channels' && method === 'PUT') {
        puts.push(body);
        const update = body as {
          email?: Record<string, unknown>;
          slack?: Record<string, unknown>;
          routing?: typeof settings.routing;
        };
        const { password, ...email } = update.email ?? {};
        const { url: slackUrl, ...slack } = update.slack ?? {};
        settings = {
          ...settings,
          email: { ...settings.email, ...email },
          slack: { ...settings.slack, ...slack },
          routing: { ...settings.routing, ...update.routing },
        };
        if (password === null) delete secrets.emailPassword;
        else if (typeof password === 'string') secrets.emailPassword = password;
        if (slackUrl === null) delete secrets.slackUrl;
        else if (typeof slackUrl === 'string') secrets.slackUrl = slackUrl;
        return reply(200, view());
      }
      const test = /^\/api\/notification-channels\/(\w+)\/test$/.exec(url);
      if (test && method === 'POST') {
        tests.push({ channel: test[1]!, body });
        return reply(200, testAnswer);
      }
      return reply(200, { items: [], total: 0, page: 1, limit: 10 });
    }),
  );
}

async function openSection() {
  await renderApp({ path: '/settings#notifications', user: makeUser('admin') });
  return screen.findByTestId('notification-admin');
}

/** Pastes the text into the field (typing key by key is slow in a page this size). */
async function typeInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const card = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  resetClientState();
  installServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The section is a large form inside the whole app: more time than the default on a busy machine.
describe('Settings → Notifications', { timeout: 60_000 }, () => {
  it('is a section of the Settings page and shows secrets only as "configured", never their values', async () => {
    const section = await openSection();
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

    const slack = card('Slack');
    expect(within(slack).getByText('Configured')).toBeInTheDocument();
    expect(within(slack).getByTestId('secret-hint')).toHaveTextContent(`Stored: ${maskSecretUrl(SLACK_URL)}`);
    expect(within(slack).getByLabelText(/Webhook URL/)).toHaveValue('');
    expect(within(card('E-mail')).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(card('E-mail')).getByText('Configured')).toBeInTheDocument();
    expect(within(card('Discord')).getByText('Not set')).toBeInTheDocument();
    expect(within(card('E-mail')).getByLabelText('SMTP server')).toHaveValue('smtp.example.com');

    // Neither secret appears anywhere: not as text, not in an input, not in an attribute.
    const html = document.body.innerHTML;
    expect(html).not.toContain(SMTP_PASSWORD);
    expect(html).not.toContain('XXXXXXXXsecretTOKEN');
    for (const input of within(section).getAllByRole('textbox'))
      expect((input as HTMLInputElement).value).not.toContain('secret');
  });

  it('sends a secret only when it is replaced or removed, and keeps the others', async () => {
    await openSection();
    const email = card('E-mail');
    await userEvent.clear(within(email).getByLabelText('SMTP server'));
    await typeInto(within(email).getByLabelText('SMTP server'), 'mail.example.org');
    // Slack off and its URL removed (a channel that is on needs its URL).
    await userEvent.click(within(card('Slack')).getByRole('switch'));
    await userEvent.click(within(card('Slack')).getByRole('button', { name: 'Remove' }));
    expect(within(card('Slack')).getByText('Removed on save')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    const first = puts[0] as { email: Record<string, unknown>; slack: Record<string, unknown> };
    expect(first.email.host).toBe('mail.example.org');
    expect(first.email).not.toHaveProperty('password');
    expect(first.slack).toEqual({ enabled: false, url: null });
    await waitFor(() => expect(within(card('Slack')).getByText('Not set')).toBeInTheDocument());
    expect(secrets.emailPassword).toBe(SMTP_PASSWORD);

    await typeInto(within(card('E-mail')).getByLabelText(/^Password/), 'new-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect((puts[1] as { email: Record<string, unknown> }).email.password).toBe('new-Passw0rd');
    // Saved: the input is empty again and the password still only "configured".
    await waitFor(() => expect(within(card('E-mail')).getByLabelText(/^Password/)).toHaveValue(''));
    expect(secrets.emailPassword).toBe('new-Passw0rd');
  });

  it('checks fields with the API schema before saving, in the user language', async () => {
    await openSection();
    await typeInto(within(card('Discord')).getByLabelText(/Webhook URL/), 'not a url');
    await userEvent.click(within(card('Generic webhook')).getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(within(card('Discord')).getByText('Enter an http(s) URL')).toBeInTheDocument();
    // Switched on without its URL: refused as the server would.
    expect(
      within(card('Generic webhook')).getByText('Required to switch this channel on'),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('routes events to channels with the matrix', async () => {
    await openSection();
    const cell = screen.getByRole('checkbox', { name: 'Stock below minimum via Slack' });
    expect(cell).toBeChecked();
    await userEvent.click(cell);
    // Told to the section and to the page's own save status.
    expect(within(screen.getByTestId('notification-admin')).getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getAllByText('Unsaved changes').length).toBeGreaterThan(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const routing = (puts[0] as { routing: Record<string, string[]> }).routing;
    expect(routing['stock.low']).toEqual(['email', 'push', 'teams', 'discord', 'webhook']);
    expect(routing['report.submitted']).toEqual(['email', 'push', 'slack', 'teams', 'discord', 'webhook']);
  });

  it('sends a test per channel and shows success or the provider error', async () => {
    await openSection();
    await userEvent.click(within(card('Slack')).getByRole('button', { name: 'Send a test through Slack' }));
    expect(await within(card('Slack')).findByText('Test message sent.')).toBeInTheDocument();
    expect(tests).toEqual([{ channel: 'slack', body: {} }]);

    testAnswer = { ok: false, code: 'REJECTED', error: 'Webhook answered 404' };
    const email = card('E-mail');
    await typeInto(within(email).getByLabelText(/Send the test to/), 'ops@example.com');
    await userEvent.click(within(email).getByRole('button', { name: 'Send a test through E-mail' }));
    const failure = await within(email).findByTestId('test-result-email');
    expect(failure).toHaveTextContent('The test failed');
    // The kind of failure in the user's language, the server's detail beneath it.
    expect(failure).toHaveTextContent('The server answered with an error.');
    expect(failure).toHaveTextContent('Webhook answered 404');
    expect(tests[1]).toEqual({ channel: 'email', body: { to: 'ops@example.com' } });
  });
});
