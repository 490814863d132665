import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '@/client/lib/dates';
import { FakeDispoApi, IDS, json } from './dispo-fake-api';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/** /dispo for dispatchers against a fake of /api/containers (tests/client/features/dispo/dispo-fake-api.ts). */
vi.setConfig({ testTimeout: 150_000 });

let api: FakeDispoApi;
const DISPO = makeUser('dispo', { id: 'user-dispo', name: 'Dora Dispo' });
const SELECT = 'input[aria-haspopup="listbox"]';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

beforeEach(() => {
  resetClientState();
  api = new FakeDispoApi();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      if (url.pathname.startsWith('/api/containers')) return api.handle(init.method ?? 'GET', url, body);
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function pick(label: string | RegExp, option: string, scope: HTMLElement = document.body) {
  const user = userEvent.setup();
  await user.click(within(scope).getByLabelText(label, { selector: SELECT }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const writes = () => api.calls.filter((c) => c.method !== 'GET');

describe('/dispo for a dispatcher', () => {
  it('plans an assignment with two rounds, then publishes it from the list', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/dispo', user: DISPO });
    expect(await screen.findByText('No assignments')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assignment' });
    await within(dialog).findByLabelText(/^Driver/, { selector: SELECT });
    await pick(/^Driver/, 'Anna Fahrer', dialog);
    await pick('Truck', 'M-FP 1234 · Abrollkipper', dialog);

    const round1 = within(dialog).getByRole('region', { name: 'Round 1' });
    await pick(/^Container type/, 'Absetzmulde 7 (7 m³)', round1);
    const quantity = within(round1).getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(within(round1).getByLabelText('Round notes'), 'Gate 2');

    await user.click(within(dialog).getByRole('button', { name: 'Add round' }));
    const round2 = within(dialog).getByRole('region', { name: 'Round 2' });
    await pick(/^Container type/, 'Abroll 30 (30 m³)', round2);
    await pick('Operation', 'Pick up', round2);
    await user.type(within(dialog).getByLabelText('General notes'), 'Bring chains');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New assignment' })).not.toBeInTheDocument(),
    );
    const post = writes().find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      date: today(),
      driverId: IDS.anna,
      truckId: IDS.truck,
      generalNotes: 'Bring chains',
      allowDuplicate: false,
      rounds: [
        {
          notes: 'Gate 2',
          done: false,
          items: [{ containerTypeId: IDS.skip, quantity: 3, operation: 'place' }],
        },
        {
          notes: null,
          done: false,
          items: [{ containerTypeId: IDS.roll, quantity: 1, operation: 'pickup' }],
        },
      ],
    });

    const table = await screen.findByRole('table', { name: 'Assignments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Anna Fahrer')).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByText('3 placed · 1 picked up')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /Actions for Anna Fahrer/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    // Anna drives without an app account: nobody was notified, and the notice says so.
    expect(
      await screen.findByText('Published. Anna Fahrer has no app account and was not notified.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Assignments' })).getByText('Published'),
      ).toBeInTheDocument(),
    );
    expect(writes().at(-1)?.path).toMatch(/\/api\/containers\/assignments\/.+\/publish$/);
  });

  it('says the driver was notified only when the driver has an account', async () => {
    const user = userEvent.setup();
    api.assignments.push(
      api.assignment({
        date: localToday(),
        status: 'draft',
        driver: { id: IDS.ben, name: 'Ben Kraft', phone: null, userId: 'user-ben' },
      }),
    );
    await renderApp({ path: '/dispo', user: DISPO });
    const table = await screen.findByRole('table', { name: 'Assignments' });
    await user.click(within(table).getByRole('button', { name: /Actions for Ben Kraft/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    expect(await screen.findByText('Published. Ben Kraft has been notified.')).toBeInTheDocument();
  });

  it('checks the form before sending and reorders and removes rounds', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/dispo', user: DISPO });
    await user.click(await screen.findByRole('button', { name: 'New assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assignment' });
    await within(dialog).findByLabelText(/^Driver/, { selector: SELECT });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Driver is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Container type is required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.type(
      within(within(dialog).getByRole('region', { name: 'Round 1' })).getByLabelText('Round notes'),
      'first',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add round' }));
    await user.type(
      within(within(dialog).getByRole('region', { name: 'Round 2' })).getByLabelText('Round notes'),
      'second',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move round 2 up' }));
    expect(
      within(within(dialog).getByRole('region', { name: 'Round 1' })).getByLabelText('Round notes'),
    ).toHaveValue('second');
    await user.click(within(dialog).getByRole('button', { name: 'Remove round 1' }));
    expect(within(dialog).queryByRole('region', { name: 'Round 2' })).not.toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('region', { name: 'Round 1' })).getByLabelText('Round notes'),
    ).toHaveValue('first');
  });

  it('warns that the driver already has an assignment that day and saves a second one only when confirmed', async () => {
    const user = userEvent.setup();
    api.assignments.push(api.assignment({ date: today() }));
    await renderApp({ path: '/dispo', user: DISPO });
    await user.click(await screen.findByRole('button', { name: 'New assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assignment' });
    await within(dialog).findByLabelText(/^Driver/, { selector: SELECT });
    await pick(/^Driver/, 'Anna Fahrer', dialog);
    expect(await within(dialog).findByText(/Anna Fahrer already has an assignment on/)).toBeInTheDocument();
    await pick(
      /^Container type/,
      'Abroll 30 (30 m³)',
      within(dialog).getByRole('region', { name: 'Round 1' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const confirm = await within(dialog).findByRole('alertdialog');
    expect(within(confirm).getByText(/Save a second assignment for that day\?/)).toBeInTheDocument();
    expect(api.assignments).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.assignments).toHaveLength(2));
    const posts = writes().filter((c) => c.method === 'POST');
    expect(posts.map((c) => (c.body as { allowDuplicate: boolean }).allowDuplicate)).toEqual([false, true]);
  });

  it('filters by status and date and deletes after confirmation', async () => {
    const user = userEvent.setup();
    api.assignments.push(api.assignment({ date: '2026-11-25' }));
    api.assignments.push(
      api.assignment({
        id: '0190a000-0000-7000-8000-000000000032',
        date: '2026-11-20',
        status: 'published',
        driverId: IDS.ben,
      }),
    );
    await renderApp({ path: '/dispo', user: DISPO });
    // The list opens on today: earlier days appear once the date filter is cleared.
    await waitFor(() => expect(api.calls.some((c) => c.path.includes('/assignments?'))).toBe(true));
    const first = api.calls.find((c) => c.path.includes('/assignments?'))!;
    expect(first.path).toContain(`from=${localToday()}`);
    expect(first.path).toContain('sort=date');
    expect(await screen.findByText('No assignments')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    const table = await screen.findByRole('table', { name: 'Assignments' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));

    await pick('Status', 'Published');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Assignments' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(api.calls.at(-1)?.path).toContain('status=published');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-21' } });
    expect(await screen.findByText('No assignment matches these filters.')).toBeInTheDocument();
    expect(api.calls.at(-1)?.path).toContain('from=2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    const rows = await waitFor(() => {
      const found = within(screen.getByRole('table', { name: 'Assignments' })).getAllByRole('row');
      expect(found).toHaveLength(3);
      return found;
    });
    await user.click(within(rows[1]!).getByRole('button', { name: /Actions for Anna Fahrer/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete assignment?' });
    expect(api.assignments).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.assignments).toHaveLength(1));
    expect(await screen.findByText('Assignment deleted.')).toBeInTheDocument();
  });

  it('shows the 7-day board and the dashboard in their tabs', async () => {
    const user = userEvent.setup();
    api.assignments.push(api.assignment({ date: '2026-11-25', status: 'published' }));
    await renderApp({ path: '/dispo?tab=overview', user: DISPO });
    const board = await screen.findByRole('table', { name: 'Assignments of the next 7 days by driver' });
    expect(within(board).getByText('Ben Kraft')).toBeInTheDocument();
    expect(
      within(board).getByRole('link', { name: /Assignment of Anna Fahrer on 2026-11-25/ }),
    ).toBeInTheDocument();
    expect(within(board).getByText('0 draft · 1 published')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(await screen.findByText('Drivers without an assignment today')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Containers this week' })).toBeInTheDocument();
  });

  it('shows the server message when it refuses', async () => {
    const user = userEvent.setup();
    const original = api.handle;
    api.handle = (method, url, body) =>
      method === 'POST'
        ? json(
            {
              message: 'This driver is inactive',
              code: 'VALIDATION_FAILED',
              details: { fields: { driverId: ['This driver is inactive'] } },
            },
            400,
          )
        : original(method, url, body);
    await renderApp({ path: '/dispo', user: DISPO });
    await user.click(await screen.findByRole('button', { name: 'New assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assignment' });
    await within(dialog).findByLabelText(/^Driver/, { selector: SELECT });
    await pick(/^Driver/, 'Ben Kraft', dialog);
    await pick(
      /^Container type/,
      'Abroll 30 (30 m³)',
      within(dialog).getByRole('region', { name: 'Round 1' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This driver is inactive');
  });
});
