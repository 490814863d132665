import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncEngine, type SyncedRow } from '@/client/offline';
import { serverReachableStore } from '@/client/offline/connectivity';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { excavatorRow, mirrorExcavators, stubOfflineFetch } from '../../support/excavators';

/*
 * Follow-ups read from the device's mirror: the excavator's detail section (per role) and the list in
 * the dashboard's upcoming maintenance, with no server (every request fails as offline).
 */

vi.setConfig({ testTimeout: 60_000 });

const MANAGER = makeUser('manager', { id: 'u-manager' });
const VIEWER = makeUser('viewer', { id: 'u-viewer' });
const NORD = excavatorRow('Bagger Nord', { usageHours: 1100, lastServiceHours: 1000 });
const SUED = excavatorRow('Bagger Süd', { usageHours: 1100, lastServiceHours: 1000 });

function followUpRow(id: string, excavatorId: string, extra: Record<string, unknown> = {}): SyncedRow {
  return {
    id,
    version: 1,
    createdAt: '2025-03-01T08:00:00.000Z',
    createdBy: 'u-operator',
    updatedAt: '2025-03-01T08:00:00.000Z',
    updatedBy: 'u-operator',
    deletedAt: null,
    excavatorId,
    title: 'Hydrauliklecks',
    titleLabels: { en: 'Hydraulic leaks', de: 'Hydrauliklecks', bg: '', gr: '' },
    note: 'Hose at the boom wet',
    photo: null,
    assigneeId: 'u-jonas',
    assigneeName: 'Jonas Becker',
    dueDate: '2020-01-10',
    status: 'open',
    source: { reportId: 'rep-1', categoryKey: 'exterior', itemKey: 'hydraulicLeaks' },
    closedAt: null,
    closedBy: null,
    closedByName: null,
    closedByReportId: null,
    ...extra,
  };
}

const FOLLOW_UPS = [
  followUpRow('fu-open', NORD.id),
  followUpRow('fu-closed', NORD.id, {
    title: 'Cracked mirror',
    titleLabels: null,
    note: null,
    dueDate: null,
    status: 'closed',
    closedAt: '2025-03-05T10:00:00.000Z',
    closedBy: 'u-operator',
    closedByName: 'Jonas Becker',
    closedByReportId: 'rep-2',
  }),
  followUpRow('fu-sued', SUED.id, { title: 'Grease the pins', titleLabels: null, dueDate: '2999-12-31' }),
];

beforeEach(async () => {
  resetClientState();
  stubOfflineFetch();
  await mirrorExcavators([NORD, SUED]);
  const { db } = getSyncEngine();
  await db.followUps.clear();
  await db.followUps.bulkPut(FOLLOW_UPS);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Follow-ups on the excavator', () => {
  it("lists the machine's follow-ups, open first, in the reader's language, and closes one through the outbox", async () => {
    const user = userEvent.setup();
    await renderApp({ path: `/excavators?view=${NORD.id}`, user: MANAGER });
    const section = await screen.findByTestId('excavator-follow-ups');
    await waitFor(() => expect(within(section).getAllByTestId('follow-up')).toHaveLength(2));
    const [open, closed] = within(section).getAllByTestId('follow-up');
    expect(section).toHaveTextContent('Follow-ups (1)');
    // The checklist item's English label, not the stored German title.
    expect(open).toHaveTextContent('Hydraulic leaks');
    expect(open).toHaveTextContent('Hose at the boom wet');
    expect(open).toHaveTextContent('Assigned to Jonas Becker');
    expect(within(open!).getByText('Overdue')).toBeVisible();
    expect(within(open!).getByRole('link', { name: 'From the maintenance report' })).toHaveAttribute(
      'href',
      '/reports?id=rep-1',
    );
    expect(closed).toHaveTextContent('Cracked mirror');
    expect(within(closed!).getByRole('link', { name: 'Resolved by a maintenance report' })).toHaveAttribute(
      'href',
      '/reports?id=rep-2',
    );
    expect(section).not.toHaveTextContent('Grease the pins');

    await user.click(within(open!).getByRole('button', { name: 'Close' }));
    const { db } = getSyncEngine();
    await waitFor(async () => expect((await db.followUps.get('fu-open'))?.status).toBe('closed'));
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({
      collection: 'followUps',
      recordId: 'fu-open',
      method: 'PUT',
      url: '/api/follow-ups/fu-open/close',
    });
    await waitFor(() => expect(section).toHaveTextContent('Follow-ups (0)'));
  });

  it('shows a viewer the follow-ups without any action', async () => {
    await renderApp({ path: `/excavators?view=${NORD.id}`, user: VIEWER });
    const section = await screen.findByTestId('excavator-follow-ups');
    await waitFor(() => expect(within(section).getAllByTestId('follow-up')).toHaveLength(2));
    expect(within(section).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'New follow-up' })).toBeNull();
  });
});

describe('Follow-ups on the dashboard', () => {
  it('lists the open follow-ups of every machine in the upcoming maintenance, soonest due first', async () => {
    serverReachableStore.set(false);
    await renderApp({ path: '/', user: MANAGER });
    const list = await screen.findByTestId('dashboard-follow-ups');
    expect(within(screen.getByTestId('dashboard-maintenance')).getByTestId('dashboard-follow-ups')).toBe(
      list,
    );
    expect(list).toHaveTextContent('Open follow-ups (2)');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Hydraulic leaks', 'Grease the pins']);
    expect(links[0]).toHaveAttribute('href', `/excavators?view=${NORD.id}`);
    expect(list).toHaveTextContent('Bagger Nord');
    expect(list).not.toHaveTextContent('Cracked mirror');
  });
});
