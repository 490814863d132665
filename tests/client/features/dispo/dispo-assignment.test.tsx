import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeDispoApi, IDS, json } from './dispo-fake-api';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/** /dispo/assignments/{id}, master data on /dispo and Settings → drivers, trucks and container types. */
vi.setConfig({ testTimeout: 90_000 });

let api: FakeDispoApi;

beforeEach(() => {
  resetClientState();
  // A notice of the previous test (Mantine keeps them in a global store) is no alert of this one.
  notifications.clean();
  api = new FakeDispoApi();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      if (url.pathname.startsWith('/api/containers')) return api.handle(init.method ?? 'GET', url, body);
      if (url.pathname === '/api/users') return json({ items: [], total: 0, page: 1, limit: 100 });
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dispo/assignments/{id}', () => {
  it('shows every field, the rounds with their containers and what changed since publishing', async () => {
    api.assignments.push(
      api.assignment({
        status: 'published',
        publishedAt: '2026-11-24T09:00:00.000Z',
        lastChange: {
          at: '2026-11-24T10:00:00.000Z',
          by: 'user-dispo',
          changes: [
            { kind: 'field', field: 'truck' },
            { kind: 'round', index: 0, change: 'changed' },
          ],
        },
      }),
    );
    await renderApp({ path: `/dispo/assignments/${IDS.first}`, user: makeUser('manager') });
    expect(await screen.findByRole('heading', { name: /Anna Fahrer ·/ })).toBeInTheDocument();
    expect(screen.getByText('M-FP 1234 · Abrollkipper')).toBeInTheDocument();
    expect(screen.getByText('Dora Dispo')).toBeInTheDocument();
    expect(screen.getByText('Call the site before arriving')).toBeInTheDocument();
    expect(screen.getByText(/truck, round 1 changed\. The driver has been notified\./)).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Containers of round 1' });
    expect(within(items).getByText('Absetzmulde 7 (7 m³)')).toBeInTheDocument();
    expect(within(items).getByText('Place')).toBeInTheDocument();
    expect(screen.getByText(/Gate code 4711/)).toBeInTheDocument();
    // Published: no publish button, but edit and delete for a manager.
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('publishes a draft and ticks a round done', async () => {
    const user = userEvent.setup();
    api.assignments.push(api.assignment());
    await renderApp({ path: `/dispo/assignments/${IDS.first}`, user: makeUser('dispo') });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    // Anna has no app account: the dispatcher is told to let her know in person.
    expect(
      await screen.findByText('Published. Anna Fahrer has no app account and was not notified.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument());
    expect(api.assignments[0]?.status).toBe('published');

    await user.click(screen.getByRole('checkbox', { name: 'Done' }));
    await waitFor(() => expect(api.assignments[0]?.rounds[0]?.done).toBe(true));
    const tick = api.calls.find((c) => c.method === 'PUT' && c.path.endsWith('/rounds/0/done'));
    expect(tick?.body).toEqual({ done: true });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Done' })).toBeChecked());
  });

  it('says so when the assignment does not exist', async () => {
    await renderApp({
      path: '/dispo/assignments/0190a000-0000-7000-8000-000000000999',
      user: makeUser('dispo'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Assignment not found');
  });
});

describe('operators', () => {
  it('see the dispatcher note and, when they drive, their own published assignments', async () => {
    const me = makeUser('operator', { id: 'user-anna' });
    // The server answers an operator only the published assignments of the driver linked to them.
    api.assignments.push(
      api.assignment({
        date: '2099-01-05',
        status: 'published',
        driver: { id: IDS.anna, name: 'Anna Fahrer', phone: null, userId: me.id },
      }),
    );
    await renderApp({ path: '/dispo', user: me });
    expect(await screen.findByText('Dispo is managed by your dispatcher.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My assignments' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access denied' })).not.toBeInTheDocument();
    expect(screen.getByText('M-FP 1234')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New assignment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('see only the note when they drive nothing', async () => {
    await renderApp({ path: '/dispo', user: makeUser('operator') });
    expect(await screen.findByText('Dispo is managed by your dispatcher.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'My assignments' })).not.toBeInTheDocument();
  });
});

describe('master data', () => {
  it('creates a container type and shows why a type in use cannot be deleted', async () => {
    const user = userEvent.setup();
    api.assignments.push(api.assignment());
    await renderApp({ path: '/dispo?tab=master', user: makeUser('dispo') });
    await user.click(await screen.findByRole('radio', { name: 'Container types' }));
    const table = await screen.findByRole('table', { name: 'Container types' });
    expect(within(table).getByText('Absetzmulde 7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New container type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New container type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Container 10');
    await user.type(within(dialog).getByLabelText(/^Volume/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.types.map((t) => t.name)).toContain('Container 10'));
    expect(
      await within(screen.getByRole('table', { name: 'Container types' })).findByText('Container 10'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Absetzmulde 7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete container type?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This container type is used by 1 assignment',
    );
    expect(api.types).toHaveLength(3);
  });

  it('is a section of Settings for administrators', async () => {
    await renderApp({ path: '/settings#dispo', user: makeUser('admin') });
    expect(await screen.findByRole('radio', { name: 'Drivers' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Drivers' })).toBeInTheDocument();
    expect(screen.getByText('Anna Fahrer')).toBeInTheDocument();
  });

  it('denies view-only roles', async () => {
    await renderApp({ path: '/dispo', user: makeUser('auditor') });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Drivers, trucks/ })).not.toBeInTheDocument();
  });
});
