import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/client/i18n';
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
    expect(screen.getByText('Fix the marked fields before saving.')).toBeInTheDocument();

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
    // Saved: nothing left to save or discard.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save configuration' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
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

    // A decimal comma typed on the device is read as the API's number.
    await user.clear(latitude);
    await user.type(latitude, '48,137');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')!.body as LogbookConfig;
    expect(sent.site.latitude).toBe(48.137);
    expect(sent.specialChecks.at(-1)).toEqual({ key: 'waage-pruefen', name: 'Waage prüfen' });
  });

  it("says the declaration's rules in German under their fields", async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/settings#logbook', user: makeUser('admin') });
    await i18n.changeLanguage('de');
    const conveyors = await screen.findByTestId('config-conveyors');
    await user.click(screen.getByRole('button', { name: 'Förderband hinzufügen' }));
    const added = within(conveyors).getAllByTestId('config-row').at(-1)!;
    await user.type(within(added).getByLabelText('Schlüssel'), 'sortierband-1');
    await user.type(within(added).getByLabelText('Name'), 'Sortierband neu');
    const first = within(conveyors).getAllByTestId('config-row')[0]!;
    await user.clear(within(first).getByLabelText('Schlüssel'));
    await user.type(within(first).getByLabelText('Schlüssel'), 'a b');
    await user.clear(screen.getByLabelText(/Name des Standorts/));
    const longitude = screen.getByLabelText(/Längengrad/);
    await user.clear(longitude);
    await user.type(longitude, '-181');
    const end = screen.getByLabelText(/Schichtende/);
    await user.clear(end);
    await user.type(end, '06:00');
    await user.click(screen.getByRole('button', { name: 'Konfiguration speichern' }));

    expect(
      await within(added).findByText('Schlüssel: jeder Eintrag darf nur einmal vorkommen'),
    ).toBeInTheDocument();
    expect(
      within(first).getByText('Schlüssel darf nur Buchstaben, Ziffern, _ und - enthalten'),
    ).toBeInTheDocument();
    expect(screen.getByText('Name des Standorts ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Längengrad muss zwischen -180 und 180 liegen')).toBeInTheDocument();
    expect(screen.getByText('Schichtende muss sich vom Schichtbeginn unterscheiden')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's keyed refusal in German under the field it names", async () => {
    calls = stubFetch((call) => {
      if (call.url !== '/api/betriebstagebuch-config') return undefined;
      if (call.method === 'GET') return { status: 200, body: DEFAULT_LOGBOOK_CONFIG };
      if (call.method === 'PUT')
        return {
          status: 400,
          body: {
            message: 'Validation failed',
            code: 'VALIDATION_FAILED',
            details: {
              fields: { 'site.latitude': ['Latitude must be between -90 and 90'] },
              issues: [
                {
                  path: 'site.latitude',
                  key: 'validation.between',
                  params: { min: -90, max: 90, field: 'logbook.config.latitude' },
                },
              ],
            },
          },
        };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/settings#logbook', user: makeUser('admin') });
    await i18n.changeLanguage('de');
    await screen.findByTestId('config-conveyors');
    await user.clear(screen.getByLabelText(/Name des Standorts/));
    await user.type(screen.getByLabelText(/Name des Standorts/), 'Hof Süd');
    await user.click(screen.getByRole('button', { name: 'Konfiguration speichern' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const latitude = screen.getByLabelText(/Breitengrad/);
    expect(await screen.findByText('Breitengrad muss zwischen -90 und 90 liegen')).toBeInTheDocument();
    expect(latitude).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Bitte die markierten Felder vor dem Speichern korrigieren.'),
    ).toBeInTheDocument();
  });
});
