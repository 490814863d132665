import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { viewModeKey } from '@/client/features/excavators/view-mode';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { excavatorRow, mirrorExcavators, stubOfflineFetch } from '../../support/excavators';

vi.setConfig({ testTimeout: 60_000 });

const MANAGER = makeUser('manager', { id: 'u-manager' });
const VIEWER = makeUser('viewer', { id: 'u-viewer' });

const FLEET = [
  excavatorRow('Bagger Nord', {
    model: 'Liebherr R 920',
    location: 'Hamburg Hafen',
    usageHours: 1480,
    lastServiceHours: 1000,
  }),
  excavatorRow('Bagger Süd', {
    model: 'CAT 330',
    serialNumber: 'CAT0330XK7',
    location: 'München Ost',
    status: 'maintenance',
  }),
  excavatorRow('Kettenbagger 3', {
    model: 'Volvo EC220E',
    location: 'Bremen Recyclinghof',
    status: 'out_of_service',
  }),
  excavatorRow('Abgemeldet', { deletedAt: '2025-02-01T00:00:00.000Z' }),
];

const rowNames = () =>
  within(screen.getByTestId('excavator-list'))
    .getAllByTestId('excavator-row')
    .map((row) => row.querySelector('p')?.textContent);

beforeEach(async () => {
  resetClientState();
  stubOfflineFetch();
  await mirrorExcavators(FLEET, [
    {
      id: 'rep-1',
      version: 1,
      excavatorId: FLEET[0]!.id,
      reportDate: '2025-03-02',
      operatorName: 'Jonas Becker',
      status: 'approved',
    },
    {
      id: 'rep-2',
      version: 1,
      excavatorId: FLEET[1]!.id,
      reportDate: '2025-03-03',
      operatorName: 'Other',
      status: 'signed',
    },
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Excavator list', () => {
  it('lists the machines on this device by name, without deleted ones, with status and maintenance due', async () => {
    await renderApp({ path: '/excavators', user: MANAGER });
    await screen.findByTestId('excavator-list');
    expect(rowNames()).toEqual(['Bagger Nord', 'Bagger Süd', 'Kettenbagger 3']);
    expect(screen.getByTestId('excavators-count')).toHaveTextContent('3 of 3 excavators');
    // The row's facts sit beside its button (the button is named by the machine alone).
    const row = (name: string) =>
      screen
        .getByRole('button', { name: `Open ${name}` })
        .closest<HTMLElement>('[data-testid="excavator-row"]')!;
    const nord = row('Bagger Nord');
    // 1480 h with the last service at 1000 h and a 500 h interval: due in 20 h, urgent.
    expect(
      within(nord)
        .getByText(/Maintenance urgent/)
        .closest('[data-maintenance]'),
    ).toHaveAttribute('data-maintenance', 'urgent');
    expect(within(row('Bagger Süd')).getByText('In maintenance')).toBeVisible();
  });

  it('opens filtered by the status and maintenance the dashboard tiles link with', async () => {
    await renderApp({ path: '/excavators?status=maintenance', user: MANAGER });
    await screen.findByTestId('excavator-list');
    expect(rowNames()).toEqual(['Bagger Süd']);
    expect(screen.getByTestId('excavators-count')).toHaveTextContent('1 of 3 excavators');
  });

  it('keeps the maintenance filter in the URL: due, urgent, soon', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ path: '/excavators?maintenance=urgent', user: MANAGER });
    await screen.findByTestId('excavator-list');
    // Only Bagger Nord is due (20 h to go with a 500 h interval: urgent).
    expect(rowNames()).toEqual(['Bagger Nord']);
    await user.click(screen.getByRole('combobox', { name: 'Maintenance' }));
    await user.click(await screen.findByRole('option', { name: 'Any maintenance state' }));
    await waitFor(() => expect(rowNames()).toEqual(['Bagger Nord', 'Bagger Süd', 'Kettenbagger 3']));
    expect(router.state.location.search).toEqual({});
    await user.click(screen.getByRole('combobox', { name: 'Maintenance' }));
    await user.click(await screen.findByRole('option', { name: 'Maintenance soon' }));
    await waitFor(() => expect(screen.queryByTestId('excavator-list')).toBeNull());
    expect(router.state.location.search).toEqual({ maintenance: 'soon' });
  });

  it('searches by name, model, serial number and location, and filters by status', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/excavators', user: MANAGER });
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(search, 'cat0330');
    await waitFor(() => expect(rowNames()).toEqual(['Bagger Süd']));
    await user.clear(search);
    await user.type(search, 'bremen');
    await waitFor(() => expect(rowNames()).toEqual(['Kettenbagger 3']));
    await user.clear(search);
    await user.type(search, 'liebherr');
    await waitFor(() => expect(rowNames()).toEqual(['Bagger Nord']));
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No matching excavators')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Out of service' }));
    await waitFor(() => expect(rowNames()).toEqual(['Kettenbagger 3']));
  });

  it('switches between compact, regular and full views and keeps the choice per user', async () => {
    const user = userEvent.setup();
    const app = await renderApp({ path: '/excavators', user: MANAGER });
    await screen.findByTestId('excavator-list');
    expect(screen.getAllByTestId('excavator-row')[0]).toHaveAttribute('data-mode', 'regular');
    await user.click(screen.getByRole('radio', { name: 'Full' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('excavator-row')[0]).toHaveAttribute('data-mode', 'full'),
    );
    expect(within(screen.getAllByTestId('excavator-row')[0]!).getByText('Engine number')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Compact' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('excavator-row')[0]).toHaveAttribute('data-mode', 'compact'),
    );
    expect(localStorage.getItem(viewModeKey(MANAGER.id))).toBe('compact');
    app.unmount();

    await renderApp({ path: '/excavators', user: MANAGER });
    await screen.findByTestId('excavator-list');
    expect(screen.getAllByTestId('excavator-row')[0]).toHaveAttribute('data-mode', 'compact');
    expect(localStorage.getItem(viewModeKey(VIEWER.id))).toBeNull();
  });

  it('renders only the rows in view for a large fleet', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      excavatorRow(`Maschine ${String(i).padStart(4, '0')}`, { serialNumber: `SER-${i}` }),
    );
    await mirrorExcavators(many);
    await renderApp({ path: '/excavators', user: MANAGER });
    const list = await screen.findByTestId('excavator-list');
    expect(list).toHaveAttribute('data-count', '2000');
    expect(within(list).getAllByTestId('excavator-row').length).toBeLessThan(40);
  });

  it('says so when there are no machines and offers to add one to writers only', async () => {
    await mirrorExcavators([]);
    await renderApp({ path: '/excavators', user: MANAGER });
    expect(await screen.findByText('No excavators yet')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Add excavator' }).length).toBeGreaterThan(0);
  });
});

describe('Quick view and roles', () => {
  it('opens the quick view with key data, maintenance due and recent reports', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/excavators', user: MANAGER });
    await user.click(await screen.findByRole('button', { name: 'Open Bagger Nord' }));
    const view = await screen.findByTestId('excavator-quick-view');
    expect(within(view).getByText('Liebherr R 920')).toBeVisible();
    expect(within(view).getByText(/in 20 h/)).toBeVisible();
    const reports = await within(view).findByTestId('recent-reports');
    expect(reports).toHaveTextContent('Jonas Becker');
    expect(reports).toHaveTextContent('Approved');
    expect(reports).not.toHaveTextContent('Other');
    expect(within(view).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(view).getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  it('shows no write actions to a role that may only read', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/excavators', user: VIEWER });
    await user.click(await screen.findByRole('button', { name: 'Open Bagger Süd' }));
    const view = await screen.findByTestId('excavator-quick-view');
    expect(within(view).getByRole('button', { name: 'Download PDF' })).toBeVisible();
    expect(within(view).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add excavator' })).toBeNull();
  });
});
