import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsRange } from '@/domain/analytics';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';
import { detailedFor, EMPTY_SUMMARY, SUMMARY } from '../../support/analytics-fixtures';

/**
 * /analytics against a fake of GET /api/analytics/summary and /detailed: tabs, ranges (search params),
 * table view, CSV export, loading/error/empty/offline states and the feature flag.
 */
vi.setConfig({ testTimeout: 40_000 });

const ME = makeUser('manager', { id: 'u-manager' });
let requests: string[];
let empty: boolean;
let failNext: number;

function json(body: unknown, status = 200) {
  return Response.json(body, { status });
}

beforeEach(() => {
  resetClientState();
  requests = [];
  empty = false;
  failNext = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname.startsWith('/api/analytics')) requests.push(`${url.pathname}${url.search}`);
      if (failNext > 0 && url.pathname.startsWith('/api/analytics')) {
        failNext -= 1;
        return json({ message: 'Internal error', code: 'INTERNAL' }, 500);
      }
      if (url.pathname === '/api/analytics/summary') return json(empty ? EMPTY_SUMMARY : SUMMARY);
      if (url.pathname === '/api/analytics/detailed') {
        const range = (url.searchParams.get('range') ?? '6months') as AnalyticsRange;
        return json(detailedFor(range, empty));
      }
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (path = '/analytics') => renderApp({ path, user: ME });
const card = (name: string) => screen.getByRole('region', { name });
const stat = (label: string) => screen.getByRole('group', { name: label });

describe('/analytics overview', () => {
  it('shows the headline figures of the summary', async () => {
    await open();
    await screen.findByRole('group', { name: 'Fleet' });
    expect(within(stat('Fleet')).getByText('3')).toBeInTheDocument();
    expect(
      within(stat('Fleet')).getByText('1 operational · 1 in maintenance · 1 out of service'),
    ).toBeInTheDocument();
    expect(within(stat('Reports this month')).getByText('5')).toBeInTheDocument();
    expect(within(stat('Waiting for approval')).getByText('2 reports · 1 log entry')).toBeInTheDocument();
    expect(within(stat('Maintenance overdue')).getByText('1 more due soon')).toBeInTheDocument();
    expect(within(stat('Stock value')).getByText('€105.00')).toBeInTheDocument();
    expect(within(stat('Below minimum stock')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Open special checks')).getByText('1')).toBeInTheDocument();
    // The default range is loaded for the other tabs; the alerts badge counts them.
    await waitFor(() => expect(requests).toContain('/api/analytics/detailed?range=6months'));
    expect(await screen.findByLabelText('4 alerts')).toBeInTheDocument();
  });

  it('an empty database: zero figures and empty charts', async () => {
    empty = true;
    await open();
    await screen.findByRole('group', { name: 'Fleet' });
    expect(within(stat('Fleet')).getByText('0')).toBeInTheDocument();
    expect(within(card('Fleet by status')).getByText('No data in this range yet.')).toBeInTheDocument();
  });
});

describe('tabs and ranges', () => {
  it('switches tabs and ranges through the URL and asks for the chosen range', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await screen.findByRole('group', { name: 'Fleet' });
    await user.click(screen.getByRole('tab', { name: /Trends/ }));
    await screen.findByRole('region', { name: 'Reports by status' });
    expect(router.state.location.search).toMatchObject({ tab: 'trends' });
    expect(within(card('Reports by status')).getByText('Per month, by report date')).toBeInTheDocument();

    const ranges = screen.getByRole('radiogroup', { name: 'Time range' });
    for (const label of ['Last month', '3 months', '6 months', 'Year'])
      expect(within(ranges).getByRole('radio', { name: label })).toBeInTheDocument();
    await user.click(within(ranges).getByRole('radio', { name: 'Last month' }));
    await waitFor(() => expect(requests).toContain('/api/analytics/detailed?range=1month'));
    expect(router.state.location.search).toMatchObject({ tab: 'trends', range: '1month' });
    expect(await screen.findByText('Per week, by report date')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Metrics/ }));
    expect(
      await screen.findByRole('region', { name: 'Machines with the most failed items' }),
    ).toBeInTheDocument();
    expect(within(stat('Median time to approval')).getByText('29 h')).toBeInTheDocument();
  });

  it('opens the tab and range named in the URL', async () => {
    await open('/analytics?tab=metrics&range=1year');
    await screen.findByRole('region', { name: 'Usage hours per machine' });
    expect(requests).toContain('/api/analytics/detailed?range=1year');
    expect(requests).not.toContain('/api/analytics/detailed?range=6months');
  });
});

describe('table view and CSV', () => {
  it('shows a chart as a table and downloads its data as CSV', async () => {
    const user = userEvent.setup();
    let blob: Blob | null = null;
    let filename = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:analytics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      filename = this.download;
    });
    await open('/analytics?tab=metrics&range=3months');
    const usage = await screen.findByRole('region', { name: 'Usage hours per machine' });
    await user.click(within(usage).getByRole('radio', { name: 'Table' }));
    const table = within(usage).getByRole('table', { name: 'Usage hours per machine' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MachineHours in rangeHour meterReports',
      'Alpha100 h1,000 h4',
      'Bravo5 h1,200 h2',
    ]);

    await user.click(within(usage).getByRole('button', { name: 'Download Usage hours per machine as CSV' }));
    expect(filename).toBe('analytics-usage-hours-3months.csv');
    expect(blob).not.toBeNull();
    const text = (await blob!.text()).replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)).toEqual([
      'Machine,Hours in range,Hour meter,Reports',
      'Alpha,100,1000,4',
      'Bravo,5,1200,2',
    ]);
  });
});

describe('alerts', () => {
  it('lists each alert with a link to its record', async () => {
    await open('/analytics?tab=alerts');
    const overdue = await screen.findByRole('region', { name: 'Maintenance overdue' });
    expect(within(overdue).getByText('Overdue by 100 h')).toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: 'Open Bravo' })).toHaveAttribute(
      'href',
      '/excavators?id=ex-2',
    );
    const pending = card('Reports waiting for approval for more than 3 days');
    expect(within(pending).getByText('Report of 2 Mar 2026, waiting for 13 days')).toBeInTheDocument();
    expect(within(pending).getByRole('link')).toHaveAttribute('href', '/reports?id=rep-1');
    expect(within(card('Conveyors not functional')).getByRole('link')).toHaveAttribute(
      'href',
      '/betriebstagebuch?id=log-1',
    );
    const stock = card('Stock below minimum');
    expect(within(stock).getByText('2 in stock, minimum 5')).toBeInTheDocument();
    expect(within(stock).getByRole('link')).toHaveAttribute('href', '/inventory?id=inv-1');
  });

  it('says so when nothing needs attention', async () => {
    empty = true;
    await open('/analytics?tab=alerts');
    expect(await screen.findByText('Nothing needs attention')).toBeInTheDocument();
  });
});

describe('states', () => {
  it('a failed load shows an error with Retry, which loads again', async () => {
    const user = userEvent.setup();
    failNext = 2;
    await open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Analytics could not be loaded')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Fleet' })).toBeInTheDocument();
  });

  it('offline: a clear notice and no request', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await open();
    expect(await screen.findByText('Analytics need a connection')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('flag analytics false: the disabled page, no request', async () => {
    await renderApp({ path: '/analytics', user: ME, settings: makeSettings({ analytics: false }) });
    expect(await screen.findByText('Analytics is turned off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to Dashboard/i })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Overview/ })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
