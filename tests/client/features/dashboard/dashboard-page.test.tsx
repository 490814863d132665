import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rangeDays, reportsTrendOf, type Dashboard } from '@/domain/dashboard';
import type { Assignment } from '@/domain/dispo/assignments';
import { serverReachableStore } from '@/client/offline/connectivity';
import { getSyncEngine } from '@/client/offline/instance';
import { addDays } from '@/client/features/dashboard/api';
import { localToday } from '@/client/lib/dates';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/*
 * The dashboard page against a fake GET /api/dashboard, weather and dispo assignments, and offline
 * against rows written into the device's mirror.
 */

vi.setConfig({ testTimeout: 40_000 });

const today = localToday();
const days7 = rangeDays(today, 7);

function dashboardFor(range: number): Dashboard {
  const days = rangeDays(today, range);
  return {
    range,
    from: days[0]!,
    to: today,
    timeZone: 'Europe/Berlin',
    generatedAt: new Date().toISOString(),
    fleet: { operational: 7, maintenance: 2, out_of_service: 1, total: 10 },
    topExcavators: {
      metric: 'usageHours',
      items: [
        {
          id: 'ex-a',
          name: 'Liebherr Alpha',
          model: 'R 926',
          status: 'operational',
          usageHours: 4210.5,
          reportsInRange: range === 7 ? 3 : 11,
        },
        {
          id: 'ex-b',
          name: 'CAT Bravo',
          model: '320',
          status: 'maintenance',
          usageHours: 1980,
          reportsInRange: 0,
        },
      ],
    },
    reportsTrend: reportsTrendOf(days, [
      { date: today, status: 'approved', count: 2 },
      { date: days[days.length - 2]!, status: 'pending', count: 1 },
      ...(range > 7 ? [{ date: days[0]!, status: 'rejected', count: 4 }] : []),
    ]),
    recentActivity: [
      {
        id: 'a1',
        at: new Date().toISOString(),
        verb: 'approve',
        action: 'report.approve',
        entity: 'report',
        entityId: 'rep-1',
        subject: 'Liebherr Alpha · 2025-03-03',
        exists: true,
        userId: 'u-m',
        userName: 'Maria Manager',
      },
      {
        id: 'a2',
        at: new Date().toISOString(),
        verb: 'delete',
        action: 'excavator.delete',
        entity: 'excavator',
        entityId: 'ex-gone',
        subject: 'Old Digger',
        exists: false,
        userId: 'u-a',
        userName: 'Ada Admin',
      },
    ],
    upcomingMaintenance: {
      intervalHours: 500,
      urgent: 1,
      soon: 1,
      items: [
        {
          id: 'ex-b',
          name: 'CAT Bravo',
          status: 'maintenance',
          usageHours: 1980,
          dueAtHours: 1950,
          hoursUntil: -30,
          label: 'urgent',
        },
        {
          id: 'ex-a',
          name: 'Liebherr Alpha',
          status: 'operational',
          usageHours: 4210.5,
          dueAtHours: 4300,
          hoursUntil: 89.5,
          label: 'soon',
        },
      ],
    },
  };
}

let requests: URL[];
let weather: () => Response;
let assignments: Assignment[];

beforeEach(() => {
  resetClientState();
  serverReachableStore.set(true);
  requests = [];
  assignments = [];
  weather = () =>
    Response.json({
      date: today,
      time: '10:00',
      temperature: 12.4,
      humidity: 81,
      conditions: 'rain',
      source: 'forecast',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      if (url.pathname === '/api/dashboard')
        return Response.json(dashboardFor(Number(url.searchParams.get('range'))));
      if (url.pathname === '/api/betriebstagebuch/weather') return weather();
      if (url.pathname === '/api/containers/assignments')
        return Response.json({ items: assignments, total: assignments.length, page: 1, limit: 100 });
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  // Unmount first: back online, a mounted page would call the real network.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  serverReachableStore.set(true);
  const db = getSyncEngine().db;
  await Promise.all([db.excavators.clear(), db.reports.clear()]);
});

const tile = (testId: string) => screen.getByTestId(testId);

describe('Dashboard online', () => {
  it('welcomes the user and shows weather, tiles and links to the filtered lists', async () => {
    await renderApp({ path: '/', user: makeUser('manager', { name: 'Maria Manager' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Maria Manager!' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-date')).toHaveTextContent(/\d{4}/);

    const weatherBox = await screen.findByLabelText('Weather at the site');
    expect(weatherBox).toHaveTextContent('Rain');
    expect(weatherBox).toHaveTextContent('12.4 °C');
    expect(weatherBox).toHaveTextContent('81 %');
    expect(
      requests.find((u) => u.pathname === '/api/betriebstagebuch/weather')?.searchParams.get('date'),
    ).toBe(today);

    await screen.findByTestId('dashboard-fleet');
    expect(screen.getByTestId('dashboard-fleet-operational')).toHaveTextContent('7');
    expect(screen.getByTestId('dashboard-fleet-maintenance')).toHaveTextContent('2');
    expect(screen.getByTestId('dashboard-fleet-out_of_service')).toHaveTextContent('1');
    expect(within(tile('dashboard-fleet')).getByRole('link', { name: 'In maintenance' })).toHaveAttribute(
      'href',
      '/excavators?status=maintenance',
    );

    const top = tile('dashboard-top');
    expect(top).toHaveTextContent('By usage hours');
    expect(within(top).getByRole('link', { name: 'Liebherr Alpha' })).toHaveAttribute(
      'href',
      '/excavators?view=ex-a',
    );
    expect(top).toHaveTextContent('4,210.5 h');
    expect(top).toHaveTextContent('3 reports');

    const maintenance = tile('dashboard-maintenance');
    expect(maintenance).toHaveTextContent('Urgent: 1');
    expect(maintenance).toHaveTextContent('Soon: 1');
    expect(maintenance).toHaveTextContent('Overdue by 30 h');
    expect(maintenance).toHaveTextContent('Due in 89.5 h');

    const activity = tile('dashboard-activity');
    expect(
      within(activity).getByRole('link', {
        name: 'Maria Manager approved maintenance report "Liebherr Alpha · 2025-03-03"',
      }),
    ).toHaveAttribute('href', '/reports?view=quick&id=rep-1');
    // A deleted record is named but not linked.
    expect(within(activity).getByText('Ada Admin deleted excavator "Old Digger"').closest('a')).toBeNull();

    const trend = tile('dashboard-trend');
    expect(trend).toHaveTextContent('3 reports in the last 7 days');
    expect(within(trend).getByTestId('dashboard-trend-approved')).toHaveTextContent('Approved: 2');
    expect(within(trend).getByRole('link', { name: 'Pending approval: 1' })).toHaveAttribute(
      'href',
      `/reports?status=pending&from=${days7[0]}&to=${today}`,
    );
  });

  it('switches the range to 30 and 90 days through the URL', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByTestId('dashboard-trend');
    expect(
      requests.filter((u) => u.pathname === '/api/dashboard').map((u) => u.searchParams.get('range')),
    ).toEqual(['7']);

    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(tile('dashboard-trend')).toHaveTextContent('7 reports in the last 30 days'));
    expect(router.state.location.search).toEqual({ range: 30 });
    expect(tile('dashboard-top')).toHaveTextContent('11 reports');

    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(tile('dashboard-trend')).toHaveTextContent('in the last 90 days'));
    expect(
      requests.filter((u) => u.pathname === '/api/dashboard').map((u) => u.searchParams.get('range')),
    ).toEqual(['7', '30', '90']);
    expect(requests.at(-1)?.searchParams.get('tz')).toBeTruthy();
  });

  it('opens with the range of the URL', async () => {
    await renderApp({ path: '/?range=90', user: makeUser('operator') });
    await waitFor(() => expect(tile('dashboard-trend')).toHaveTextContent('in the last 90 days'));
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked();
  });

  it('says "Unable to load weather" when the weather fails', async () => {
    weather = () =>
      Response.json({ message: 'Unable to load weather', code: 'SERVICE_UNAVAILABLE' }, { status: 503 });
    await renderApp({ path: '/', user: makeUser('operator') });
    expect(await screen.findByText('Unable to load weather')).toBeInTheDocument();
    // The rest of the dashboard still renders.
    expect(await screen.findByTestId('dashboard-fleet')).toBeInTheDocument();
  });

  it("shows the server's refusal with a retry", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        requests.push(url);
        if (url.pathname === '/api/dashboard')
          return Response.json({ message: 'Database unavailable', code: 'INTERNAL' }, { status: 500 });
        return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    await renderApp({ path: '/', user: makeUser('operator') });
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Dashboard for a dispatcher', () => {
  it('shows the dispo overview of the next 7 days instead of the fleet tiles', async () => {
    assignments = [
      {
        id: 'as-1',
        version: 1,
        createdAt: '',
        createdBy: null,
        updatedAt: '',
        updatedBy: null,
        deletedAt: null,
        date: today,
        driverId: 'd1',
        truckId: 't1',
        rounds: [],
        generalNotes: null,
        status: 'published',
        issuedBy: null,
        issuedByName: null,
        publishedAt: null,
        driver: { id: 'd1', name: 'Dieter Driver', phone: null, userId: null },
        truck: { id: 't1', licensePlate: 'B-FP 123', type: null, capacity: null },
      } as unknown as Assignment,
    ];
    await renderApp({ path: '/', user: makeUser('dispo') });
    const dispo = await screen.findByTestId('dashboard-dispo');
    expect(await within(dispo).findByRole('link', { name: 'Dieter Driver' })).toHaveAttribute(
      'href',
      '/dispo/assignments/as-1',
    );
    expect(dispo).toHaveTextContent('B-FP 123');
    expect(dispo).toHaveTextContent('Published');
    const query = requests.find((u) => u.pathname === '/api/containers/assignments')!.searchParams;
    expect(query.get('from')).toBe(today);
    expect(query.get('to')).toBe(addDays(today, 6));
    expect(screen.queryByTestId('dashboard-fleet')).not.toBeInTheDocument();
    expect(requests.some((u) => u.pathname === '/api/dashboard')).toBe(false);
  });
});

describe('Dashboard offline', () => {
  it('renders fleet status, maintenance and the trend from the device and says what is not current', async () => {
    const db = getSyncEngine().db;
    await db.excavators.bulkPut([
      {
        id: 'e1',
        version: 1,
        name: 'Alpha',
        model: 'R 926',
        status: 'operational',
        usageHours: 1200,
        lastServiceHours: 760,
      },
      { id: 'e2', version: 1, name: 'Bravo', model: '320', status: 'maintenance', usageHours: 480 },
      { id: 'e3', version: 1, name: 'Charlie', model: '320', status: 'out_of_service', usageHours: 300 },
      {
        id: 'e4',
        version: 1,
        name: 'Gone',
        model: '320',
        status: 'operational',
        usageHours: 9000,
        deletedAt: '2025-01-01T00:00:00Z',
      },
    ]);
    await db.reports.bulkPut([
      { id: 'r1', version: 1, reportDate: today, status: 'approved', excavatorId: 'e1' },
      { id: 'r2', version: 0, reportDate: today, status: 'unsigned', excavatorId: 'e1', _sync: 'pending' },
      { id: 'r3', version: 1, reportDate: '2000-01-01', status: 'approved', excavatorId: 'e2' },
    ]);
    serverReachableStore.set(false);

    await renderApp({ path: '/', user: makeUser('operator') });
    expect(await screen.findByText('Offline: showing what is saved on this device')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('dashboard-fleet-operational')).toHaveTextContent('1'));
    expect(screen.getByTestId('dashboard-fleet-maintenance')).toHaveTextContent('1');
    expect(screen.getByTestId('dashboard-fleet-out_of_service')).toHaveTextContent('1');

    const maintenance = tile('dashboard-maintenance');
    expect(maintenance).toHaveTextContent('Urgent: 1');
    expect(maintenance).toHaveTextContent('Soon: 1');
    expect(within(maintenance).getByRole('link', { name: 'Bravo' })).toBeInTheDocument();

    const trend = tile('dashboard-trend');
    expect(trend).toHaveTextContent('2 reports in the last 7 days');
    expect(within(trend).getByTestId('dashboard-trend-unsigned')).toHaveTextContent('Draft: 1');

    expect(tile('dashboard-top')).toHaveTextContent('Alpha');
    expect(tile('dashboard-top')).not.toHaveTextContent('Gone');
    expect(tile('dashboard-activity')).toHaveTextContent('Recent activity is shown when you are online.');
    expect(screen.getByTestId('dashboard-weather')).toHaveTextContent('Weather needs a connection.');
    expect(requests.some((u) => u.pathname === '/api/dashboard')).toBe(false);
  });
});
