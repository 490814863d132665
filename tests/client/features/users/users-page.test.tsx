import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/domain/user';
import { hasUnsavedChanges } from '@/client/lib/unsaved-changes';
import { sessionStore } from '@/client/lib/session/session-store';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/**
 * /users against a fake of GET/POST/PUT/DELETE /api/users that behaves like the server
 * (src/server/modules/users): filters, paging by username, 409 with details.fields for taken
 * names, DELETE deactivates, and the self-protection refusals.
 */
vi.setConfig({ testTimeout: 40_000 });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const ME = makeUser('admin', {
  id: 'u-admin',
  username: 'admin',
  name: 'Ada Admin',
  lastLogin: '2025-03-03T13:05:00.000Z',
});
let users: User[];
let calls: Call[];
/** When set, the next write answers with this instead of doing anything. */
let refuseNext: { status: number; body: object } | null;

function person(index: number, overrides: Partial<User> = {}): User {
  const username = `user${String(index).padStart(2, '0')}`;
  return makeUser('operator', {
    id: `u-${username}`,
    username,
    name: `Person ${index}`,
    email: `${username}@example.com`,
    department: index % 2 ? 'Recycling' : 'Workshop',
    ...overrides,
  });
}

function json(body: unknown, status = 200) {
  return Response.json(body, { status });
}

function fakeUsersApi(method: string, url: URL, body: unknown): Response {
  if (refuseNext && method !== 'GET') {
    const answer = refuseNext;
    refuseNext = null;
    return json(answer.body, answer.status);
  }
  const id = url.pathname.split('/')[3];
  if (method === 'GET' && url.pathname === '/api/users') {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const q = url.searchParams.get('q')?.toLowerCase();
    const role = url.searchParams.get('role');
    const active = url.searchParams.get('active');
    const matching = users
      .filter((u) => !q || [u.username, u.name, u.email].some((v) => v?.toLowerCase().includes(q)))
      .filter((u) => !role || u.role.toLowerCase() === role)
      .filter((u) => active === null || String(u.active) === active)
      .sort((a, b) => a.username.localeCompare(b.username));
    return json({
      items: matching.slice((page - 1) * limit, page * limit),
      total: matching.length,
      page,
      limit,
    });
  }
  if (method === 'POST' && url.pathname === '/api/users') {
    const input = body as Record<string, string | null>;
    const taken = users.find((u) => u.username.toLowerCase() === String(input.username).toLowerCase());
    if (taken)
      return json(
        {
          message: 'The username or e-mail address is already in use.',
          code: 'CONFLICT',
          details: { fields: { username: ['This username is already taken'] } },
        },
        409,
      );
    const created = makeUser(String(input.role), {
      id: `u-${String(input.username)}`,
      username: String(input.username),
      name: input.name ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      department: input.department ?? null,
    });
    users.push(created);
    return json(created, 201);
  }
  const index = users.findIndex((u) => u.id === id);
  if (index < 0) return json({ message: 'User not found', code: 'NOT_FOUND' }, 404);
  if (method === 'PUT' && url.pathname.endsWith('/password')) return json(users[index]);
  if (method === 'PUT') users[index] = { ...users[index]!, ...(body as Partial<User>) };
  if (method === 'DELETE') users[index] = { ...users[index]!, active: false };
  return json(users[index]);
}

beforeEach(() => {
  resetClientState();
  users = [ME, ...Array.from({ length: 11 }, (_, i) => person(i + 1))];
  calls = [];
  refuseNext = null;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path: `${url.pathname}${url.search}`, body });
      if (url.pathname.startsWith('/api/users')) return fakeUsersApi(method, url, body);
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The input of a Mantine Select (its option list carries the same label). */
const SELECT = 'input[aria-haspopup="listbox"]';
const listCalls = () => calls.filter((c) => c.method === 'GET').map((c) => c.path);
const rows = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);
const row = (username: string) => {
  const found = rows().find((r) => r.getAttribute('data-user') === username);
  if (!found) throw new Error(`No row for ${username}`);
  return found;
};

async function openUsers() {
  const app = await renderApp({ path: '/users', user: ME });
  await screen.findByRole('table', { name: 'Users' });
  return app;
}

describe('/users table', () => {
  it('shows the first page with role, department, status and last login, and pages on', async () => {
    const user = userEvent.setup();
    await openUsers();
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    const admin = row('admin');
    expect(within(admin).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(admin).getByText('You')).toBeInTheDocument();
    expect(within(admin).getByText('Administrator')).toBeInTheDocument();
    expect(within(admin).getByText(/2025/)).toBeInTheDocument();
    const first = row('user01');
    expect(within(first).getByText('user01@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Operator')).toBeInTheDocument();
    expect(within(first).getByText('Recycling')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.getAttribute('data-user'))).toEqual(['user10', 'user11']);
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(listCalls()).toContain('/api/users?page=2&limit=10');
  });

  it('searches (debounced, back to page 1) and filters by role and status', async () => {
    const user = userEvent.setup();
    users.push(person(40, { username: 'viewer1', role: 'Auditor', name: 'Vic Viewer', active: false }));
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.type(screen.getByLabelText('Search'), 'person 1');
    await waitFor(() =>
      expect(rows().map((r) => r.getAttribute('data-user'))).toEqual(['user01', 'user10', 'user11']),
    );
    expect(listCalls().at(-1)).toBe('/api/users?page=1&limit=10&q=person+1');
    // Typing fires one request for the settled text, not one per key.
    expect(listCalls().filter((path) => path.includes('q=person+'))).toEqual([
      '/api/users?page=1&limit=10&q=person+1',
    ]);

    await user.clear(screen.getByLabelText('Search'));
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-user'))).toEqual(['viewer1']));
    expect(within(row('viewer1')).getByText('Auditor (view only)')).toBeInTheDocument();
    expect(within(row('viewer1')).getByText('Inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByLabelText('Role', { selector: SELECT }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-user'))).toEqual(['admin']));
    expect(listCalls().at(-1)).toBe('/api/users?page=1&limit=10&role=admin');

    await user.type(screen.getByLabelText('Search'), 'nobody');
    expect(await screen.findByText('No users match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('shows loading, then the server error with Retry', async () => {
    let fail = true;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const base = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (!fail) return base(input, init);
      await answered;
      return json({ message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' }, 503);
    });
    await renderApp({ path: '/users', user: ME });
    expect(screen.getByLabelText('Loading users…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });
});

describe('creating and editing', () => {
  it('validates on the client with the domain rules before anything is sent', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/Username/), 'ab');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.type(within(dialog).getByLabelText(/^Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(
      await within(dialog).findByText('3–64 characters: letters, digits and . _ @ -'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(dialog).getByText('The password needs at least 8 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates a user, and puts a 409 for a taken username under the field', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/Username/), 'USER01');
    await user.type(within(dialog).getByLabelText('Name'), 'Olga Operator');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Operator-Passw0rd');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    const username = within(dialog).getByLabelText(/Username/);
    await waitFor(() => expect(username).toHaveAccessibleDescription('This username is already taken.'));
    expect(username).toHaveAttribute('aria-invalid', 'true');

    await user.clear(username);
    await user.type(username, 'olga');
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: SELECT }));
    await user.click(await screen.findByRole('option', { name: 'Other role (view only)' }));
    await user.type(within(dialog).getByLabelText(/Role name/), 'Auditor');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('User olga created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      username: 'olga',
      name: 'Olga Operator',
      email: null,
      phone: null,
      department: null,
      role: 'Auditor',
      password: 'Operator-Passw0rd',
    });
    expect(hasUnsavedChanges()).toBe(false);
    // The list was loaded again and now holds the new account.
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-user'))).toContain('olga'));
  });

  it('edits a user and shows the changed values', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(within(row('user02')).getByRole('button', { name: 'Edit Person 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person 2' });
    expect(within(dialog).queryByLabelText(/^Password/)).not.toBeInTheDocument();
    const department = within(dialog).getByLabelText('Department');
    expect(department).toHaveValue('Workshop');
    await user.clear(department);
    await user.type(department, 'Yard');
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: SELECT }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Changes to user02 saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/users/u-user02');
    expect(put?.body).toMatchObject({ department: 'Yard', role: 'manager', username: 'user02' });
    await waitFor(() => expect(within(row('user02')).getByText('Yard')).toBeInTheDocument());
    expect(within(row('user02')).getByText('Manager')).toBeInTheDocument();
  });
});

describe('deactivating, reactivating and passwords', () => {
  it('deactivates after a confirmation that says what happens, and reactivates', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(within(row('user03')).getByRole('button', { name: 'More actions for Person 3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Person 3?' });
    expect(within(dialog).getByText('You can reactivate the account at any time.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('user03 was deactivated.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/users/u-user03');
    await waitFor(() => expect(within(row('user03')).getByText('Inactive')).toBeInTheDocument());

    await user.click(within(row('user03')).getByRole('button', { name: 'More actions for Person 3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    expect(await screen.findByText('user03 was reactivated.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toEqual({
      method: 'PUT',
      path: '/api/users/u-user03',
      body: { active: true },
    });
    await waitFor(() => expect(within(row('user03')).getByText('Active')).toBeInTheDocument());
  });

  it('resets a password with a repeated entry', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(within(row('user04')).getByRole('button', { name: 'More actions for Person 4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of Person 4' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'Brand-New-Pass1');
    await user.type(within(dialog).getByLabelText('Repeat the new password'), 'Brand-New-Pass2');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Repeat the new password'));
    await user.type(within(dialog).getByLabelText('Repeat the new password'), 'Brand-New-Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/The password of user04 was reset/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/users/u-user04/password')?.body).toEqual({
      password: 'Brand-New-Pass1',
    });
  });
});

describe('an admin protects their own account', () => {
  it('cannot deactivate themselves or take away their own admin role', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(within(row('admin')).getByRole('button', { name: 'More actions for Ada Admin' }));
    const deactivate = await screen.findByRole('menuitem', { name: /Deactivate/ });
    expect(deactivate).toBeDisabled();
    expect(deactivate).toHaveTextContent('You cannot deactivate your own account.');
    await user.keyboard('{Escape}');

    await user.click(within(row('admin')).getByRole('button', { name: 'Edit Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Admin' });
    const role = within(dialog).getByLabelText(/^Role/, { selector: SELECT });
    expect(role).toBeDisabled();
    expect(within(dialog).getByText('You cannot remove your own administrator role.')).toBeInTheDocument();

    // Own name changes reach the shell at once.
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes to admin saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      role: 'admin',
      name: 'Ada Lovelace',
    });
    expect(sessionStore.get().user?.name).toBe('Ada Lovelace');
  });

  it('shows the server’s refusal when the last admin would go', async () => {
    const user = userEvent.setup();
    users.push(person(50, { username: 'zoe', role: 'admin', name: 'Zoe Admin' }));
    await openUsers();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.type(screen.getByLabelText('Search'), 'zoe');
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-user'))).toEqual(['zoe']));
    await user.click(within(row('zoe')).getByRole('button', { name: 'More actions for Zoe Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Zoe Admin?' });
    refuseNext = {
      status: 409,
      body: { message: 'At least one active administrator must remain.', code: 'CONFLICT' },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'At least one active administrator must remain.',
    );
    expect(within(row('zoe')).getByText('Active')).toBeInTheDocument();

    refuseNext = { status: 400, body: { message: 'Something unexpected', code: 'BAD_REQUEST' } };
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Something unexpected'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
