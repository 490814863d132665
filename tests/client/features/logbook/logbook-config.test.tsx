import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncEngine } from '@/client/offline/instance';
import { META_KEYS } from '@/client/offline';
import { DEFAULT_LOGBOOK_CONFIG, type LogbookConfig } from '@/domain/logbook';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { resetDeviceDb, stubFetch, type FetchCall } from './logbook-support';

describe('Settings → operations log configuration', { timeout: 60_000 }, () => {
  let calls: FetchCall[];
  beforeEach(async () => {
    resetClientState();
    await resetDeviceDb();
    calls = stubFetch((call) => {
      if (call.url !== '/api/betriebstagebuch-config') return undefined;
      if (call.method === 'GET') return { status: 200, body: DEFAULT_LOGBOOK_CONFIG };
      if (call.method === 'PUT') return { status: 200, body: call.body };
      return undefined;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('wants keys that are present and unique, then saves and updates the cached copy', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/settings#logbook', user: makeUser('admin') });
    const conveyors = await screen.findByTestId('config-conveyors');
    expect(within(conveyors).getAllByTestId('config-row')).toHaveLength(
      DEFAULT_LOGBOOK_CONFIG.conveyors.length,
    );

    await user.click(screen.getByRole('button', { name: 'Add conveyor' }));
    const rows = within(conveyors).getAllByTestId('config-row');
    const added = rows.at(-1)!;
    await user.type(within(added).getByLabelText('Key'), 'Aufgabeband');
    await user.type(within(added).getByLabelText('Name'), 'Sieb');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await within(added).findByText('Key must be unique')).toBeInTheDocument();
    expect(screen.getByText('Fix duplicate/empty keys before saving')).toBeInTheDocument();

    await user.clear(within(added).getByLabelText('Key'));
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await within(added).findByText('Key is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(within(added).getByLabelText('Key'), 'sieb');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')!.body as LogbookConfig;
    expect(sent.conveyors.at(-1)).toEqual({ key: 'sieb', name: 'Sieb' });
    expect(sent.site).toEqual(DEFAULT_LOGBOOK_CONFIG.site);
    await waitFor(async () =>
      expect((await getSyncEngine().db.meta.get(META_KEYS.logbookConfig))?.value).toEqual(sent),
    );
  });

  it('suggests a key from the name and checks the site location', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/settings#logbook', user: makeUser('admin') });
    await screen.findByTestId('config-conveyors');
    await user.click(screen.getByRole('button', { name: 'Add special check' }));
    const added = within(screen.getByTestId('config-specialChecks')).getAllByTestId('config-row').at(-1)!;
    await user.type(within(added).getByLabelText('Name'), 'Waage prüfen');
    await user.tab();
    expect(within(added).getByLabelText('Key')).toHaveValue('waage-pruefen');

    const latitude = screen.getByLabelText(/Latitude/);
    await user.clear(latitude);
    await user.type(latitude, '123');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
