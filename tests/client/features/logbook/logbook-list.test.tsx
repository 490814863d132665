import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncEngine } from '@/client/offline/instance';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { makeEntry, putEntry, resetDeviceDb, stubFetch } from './logbook-support';

const ids = (n: number) => `0190a000-0000-7000-8000-00000000000${n}`;

describe('the logbook list reads the device database', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    resetClientState();
    await resetDeviceDb();
    stubFetch();
    await putEntry(makeEntry({ id: ids(1), date: '2026-11-18', status: 'approved' }));
    await putEntry(makeEntry({ id: ids(2), date: '2026-11-19', status: 'pending' }));
    await putEntry(
      makeEntry({
        id: ids(3),
        date: '2026-11-20',
        status: 'unsigned',
        createdBy: 'user-x',
        createdByName: 'Xena',
      }),
    );
    // A row deleted elsewhere (sync tombstone) is not listed.
    await putEntry(makeEntry({ id: ids(4), date: '2026-11-21', deletedAt: '2026-11-22T00:00:00.000Z' }));
    await getSyncEngine().db.outbox.add({
      id: 'e1',
      idempotencyKey: 'e1',
      keyUsedAt: null,
      userId: 'user-operator',
      collection: 'logbook',
      recordId: ids(2),
      kind: 'update',
      method: 'PUT',
      url: `/api/betriebstagebuch/${ids(2)}`,
      body: { type: 'json', data: {} },
      ifMatch: true,
      baseVersion: 1,
      baseRecord: null,
      state: 'waiting',
      error: null,
      errorKey: null,
      errorStatus: null,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: '2026-11-22T00:00:00.000Z',
      conflict: null,
      label: null,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists newest first with status and sync badges, and filters by status and author', async () => {
    const { router } = await renderApp({ path: '/betriebstagebuch', user: makeUser('operator') });
    const cards = await screen.findAllByTestId('logbook-entry');
    expect(cards.map((c) => c.dataset.entryId)).toEqual([ids(3), ids(2), ids(1)]);
    expect(within(cards[1]!).getByText('Pending approval')).toBeInTheDocument();
    // The sync badges follow the outbox a moment after the rows.
    expect(await within(cards[1]!).findByText('Waiting to sync')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Waiting to sync')).not.toBeInTheDocument();

    await router.navigate({ to: '/betriebstagebuch', search: { status: 'approved' } });
    expect((await screen.findAllByTestId('logbook-entry')).map((c) => c.dataset.entryId)).toEqual([ids(1)]);

    await router.navigate({ to: '/betriebstagebuch', search: { author: 'user-x' } });
    expect((await screen.findAllByTestId('logbook-entry')).map((c) => c.dataset.entryId)).toEqual([ids(3)]);

    await router.navigate({ to: '/betriebstagebuch', search: { from: '2026-12-01' } });
    expect(await screen.findByText('No entries match the filters.')).toBeInTheDocument();
  });

  it('opens the details from the list', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/betriebstagebuch', user: makeUser('operator') });
    await user.click((await screen.findAllByTestId('logbook-entry'))[2]!.querySelector('button')!);
    expect(await screen.findByText('This entry is approved and locked.')).toBeInTheDocument();
  });
});
