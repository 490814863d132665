import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryView } from '@/domain/audit';
import { makeUser, renderApp, resetClientState } from '../../support/render';

vi.setConfig({ testTimeout: 40_000 });

/** Records as GET /api/audit returns them (src/server/modules/audit/routes.ts), newest first. */
function entry(overrides: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: `a-${Math.random().toString(16).slice(2)}`,
    at: '2025-03-03T13:05:00.000Z',
    receivedAt: '2025-03-03T13:05:00.000Z',
    receivedLate: false,
    userId: 'u-admin',
    username: 'admin',
    action: 'settings.update',
    entity: 'settings',
    entityId: 'app',
    entityName: null,
    changes: null,
    valueNames: {},
    ip: '127.0.0.1',
    ...overrides,
  };
}

const RECORDS: AuditEntryView[] = [
  entry({
    action: 'settings.update',
    changes: {
      'features.inventory': { from: true, to: false },
      'app.name': { from: 'FleetPilot', to: 'Recycling Nord' },
    },
  }),
  entry({
    action: 'user.created',
    entity: 'user',
    entityId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    changes: { username: { from: null, to: 'olga' }, active: { from: null, to: true } },
  }),
  entry({
    action: 'user.password_reset',
    entity: 'user',
    entityId: 'u-olga',
    changes: { password: 'reset' },
  }),
  entry({
    action: 'profile.signature',
    entity: 'user',
    username: 'olga',
    changes: {
      signature: { from: null, to: `data:image/png;base64,${'A'.repeat(400)}` },
      name: { from: 'Olga', to: 'Olga Schmidt' },
      email: { from: 'olga@example.com', to: null },
    },
  }),
  entry({ action: 'login.failed', entity: 'user', entityId: null, username: null, userId: null }),
  entry({
    action: 'report.approve',
    entity: 'report',
    entityId: '0190a1b2-0000-7000-8000-00000000beef',
    entityName: 'Liebherr R 926 · 2025-03-02',
    // Approved on a device that was offline for two days.
    receivedAt: '2025-03-05T08:00:00.000Z',
    receivedLate: true,
    changes: {
      status: { from: 'pending', to: 'approved' },
      operatingHours: { from: 14639, to: 14665.5 },
      approvedAt: { from: null, to: '2025-03-03T13:05:00.000Z' },
      checklist: { from: { oil: 'ok' }, to: { oil: 'not_ok', note: 'leak' } },
    },
  }),
];

let requests: URL[];

beforeEach(() => {
  resetClientState();
  requests = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/audit/export.csv') {
        requests.push(url);
        return new Response('at,user\r\n', { headers: { 'content-type': 'text/csv' } });
      }
      if (url.pathname !== '/api/audit')
        return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      requests.push(url);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const user = url.searchParams.get('user');
      const action = url.searchParams.get('action');
      const recordId = url.searchParams.get('record');
      const all = [
        ...RECORDS,
        ...Array.from({ length: 20 }, (_, i) =>
          entry({ action: 'login', entity: 'user', entityId: `u-${i}` }),
        ),
      ];
      const matching = all
        .filter((r) => !user || r.username === user)
        .filter((r) => !action || r.action === action)
        .filter((r) => !recordId || r.entityId === recordId);
      return Response.json({
        items: matching.slice((page - 1) * limit, page * limit),
        total: matching.length,
        page,
        limit,
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openAudit() {
  await renderApp({ path: '/settings#audit', user: makeUser('admin') });
  const section = await screen.findByRole('region', { name: 'Audit log' });
  const list = await within(section).findByRole('list', { name: 'Audit log' });
  return { section, list };
}

const record = (list: HTMLElement, action: string) => {
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-action') === action);
  if (!item) throw new Error(`No record ${action}`);
  return item;
};
const records = (section: HTMLElement) => section.querySelectorAll('li[data-action]');
const change = (item: HTMLElement, field: string) =>
  item.querySelector(`[data-field="${field}"]`)?.textContent;

describe('the audit log', () => {
  it('shows who did what when, with the changed fields readable', async () => {
    const { section, list } = await openAudit();
    expect(requests[0]?.search).toBe('?page=1&limit=20');
    expect(within(section).getByText('26 records')).toBeInTheDocument();

    const settings = record(list, 'settings.update');
    expect(within(settings).getByText('by admin')).toBeInTheDocument();
    expect(within(settings).getByText(/2025/)).toHaveAttribute('datetime', '2025-03-03T13:05:00.000Z');
    // Actions and fields read as words, never as keys.
    expect(within(settings).getByText('Settings changed')).toBeInTheDocument();
    expect(within(settings).queryByText('settings.update')).toBeNull();
    expect(change(settings, 'features.inventory')).toBe('Features › Inventory: On → Off');
    expect(change(settings, 'app.name')).toBe('App name: FleetPilot → Recycling Nord');

    const created = record(list, 'user.created');
    // A record created from nothing lists its values.
    expect(change(created, 'username')).toBe('Username: olga');
    expect(change(created, 'active')).toBe('Active: Yes');
    expect(within(created).getByText(/0190a1b2…/)).toHaveAttribute(
      'title',
      '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );

    expect(change(record(list, 'user.password_reset'), 'password')).toBe('Password: reset');
    const profile = record(list, 'profile.signature');
    expect(change(profile, 'signature')).toBe('Signature: — → (image)');
    expect(change(profile, 'name')).toBe('Name: Olga → Olga Schmidt');
    expect(change(profile, 'email')).toBe('E-mail: olga@example.com → —');

    const failed = record(list, 'login.failed');
    expect(within(failed).getByText('by the system')).toBeInTheDocument();
    expect(within(failed).getByText('No field changes recorded.')).toBeInTheDocument();

    // The record by its name, linking to its screen; values formatted, statuses in the shared words.
    const approved = record(list, 'report.approve');
    expect(within(approved).getByText('Report approved')).toBeInTheDocument();
    expect(within(approved).getByRole('link', { name: 'Liebherr R 926 · 2025-03-02' })).toHaveAttribute(
      'href',
      '/reports?view=quick&id=0190a1b2-0000-7000-8000-00000000beef',
    );
    expect(change(approved, 'status')).toBe('Status: Pending approval → Approved');
    expect(change(approved, 'operatingHours')).toBe('Operating hours: 14,639 → 14,665.5');
    expect(change(approved, 'approvedAt')).toMatch(/^Approved at: — → 3 Mar 2025, \d\d:05$/);
    expect(change(approved, 'checklist')).toBe('Checklist: Oil: ok → Oil: not_ok, Note: leak');
    // Both times, in the site's zone (Europe/Berlin by default) and naming it, whatever the device's zone.
    expect(within(approved).getByText('3 Mar 2025, 14:05 CET')).toHaveAttribute(
      'datetime',
      '2025-03-03T13:05:00.000Z',
    );
    expect(within(approved).getByTestId('audit-received')).toHaveTextContent(
      'Received 5 Mar 2025, 09:00 CET',
    );
    expect(within(settings).queryByTestId('audit-received')).toBeNull();
    expect(approved.textContent).not.toMatch(/[{}"]/);
  });

  it('narrows to one record and exports the filtered log as CSV', async () => {
    const user = userEvent.setup();
    const { section, list } = await openAudit();
    await user.click(
      within(record(list, 'report.approve')).getByRole('button', {
        name: 'Only records of Liebherr R 926 · 2025-03-02',
      }),
    );
    await waitFor(() =>
      expect(requests.at(-1)?.search).toBe('?page=1&limit=20&record=0190a1b2-0000-7000-8000-00000000beef'),
    );
    await waitFor(() => expect(records(section)).toHaveLength(1));
    expect(within(section).getByLabelText('Record')).toHaveValue('0190a1b2-0000-7000-8000-00000000beef');

    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(within(section).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(requests.at(-1)?.pathname).toBe('/api/audit/export.csv');
    expect(requests.at(-1)?.search).toBe('?record=0190a1b2-0000-7000-8000-00000000beef');
  });

  it('filters by user and action, pages, and refuses a range that ends before it starts', async () => {
    const user = userEvent.setup();
    const { section } = await openAudit();
    await user.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('page')).toBe('2'));
    // An answer renders as a transition, a moment after its request.
    await waitFor(() => expect(records(section)).toHaveLength(6));

    await user.type(within(section).getByLabelText('User'), 'olga');
    await waitFor(() => expect(requests.at(-1)?.search).toBe('?page=1&limit=20&user=olga'));
    await waitFor(() => expect(records(section)).toHaveLength(1));
    expect(within(section).getByText('1 record')).toBeInTheDocument();

    await user.clear(within(section).getByLabelText('User'));
    await user.click(within(section).getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'User created' }));
    await waitFor(() => expect(requests.at(-1)?.search).toBe('?page=1&limit=20&action=user.created'));

    await user.type(within(section).getByLabelText('From'), '2025-03-05');
    await user.type(within(section).getByLabelText('To'), '2025-03-01');
    expect(await within(section).findByText('“To” must not be before “From”.')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.at(-1)?.search).toBe('?page=1&limit=20&action=user.created&from=2025-03-05'),
    );

    await user.clear(within(section).getByLabelText('To'));
    await user.type(within(section).getByLabelText('To'), '2025-03-09');
    await waitFor(() =>
      expect(requests.at(-1)?.search).toBe(
        '?page=1&limit=20&action=user.created&from=2025-03-05&to=2025-03-09',
      ),
    );

    await user.type(within(section).getByLabelText('User'), 'nobody');
    expect(await within(section).findByText('No audit records match these filters.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(requests.at(-1)?.search).toBe('?page=1&limit=20'));
  });
});
