import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  newEntryValues,
  validateLogbookForm,
  type LogbookFormValues,
} from '@/client/features/logbook/form-model';
import en from '@/client/i18n/locales/en.json';
import { i18n as appI18n } from '@/client/i18n';
import { getSyncEngine } from '@/client/offline/instance';
import { DEFAULT_LOGBOOK_CONFIG } from '@/domain/logbook';
import { makeUser, renderApp, resetClientState } from '../../support/render';
import { makeEntry, putEntry, resetDeviceDb, stubFetch, type FetchCall } from './logbook-support';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
const validate = (v: LogbookFormValues) => validateLogbookForm(v, i18n.t);

const values = (patch: Partial<LogbookFormValues> = {}): LogbookFormValues => ({
  ...newEntryValues(DEFAULT_LOGBOOK_CONFIG, '2026-11-24'),
  ...patch,
});

describe('logbook form rules', () => {
  it('wants both shift times as HH:MM and not equal; an end before the start is an overnight shift', () => {
    expect(validate(values())).toEqual({});
    expect(validate(values({ shiftStart: '', shiftEnd: '25:00' }))).toEqual({
      shiftStart: 'Shift start is required',
      shiftEnd: 'Shift end must be a time (HH:MM)',
    });
    expect(validate(values({ shiftStart: '06:00', shiftEnd: '06:00' }))).toEqual({
      shiftEnd: 'Shift end must differ from shift start',
    });
    expect(validate(values({ shiftStart: '22:00', shiftEnd: '06:00' }))).toEqual({});
    expect(validate(values({ date: '24.11.2026' }))).toEqual({ date: 'Date must be a date (YYYY-MM-DD)' });
  });

  it('wants a note for a conveyor that is not functional, and weather in range', () => {
    const base = values();
    const broken = base.conveyorChecks.map((c, i) => (i === 1 ? { ...c, functional: false } : c));
    expect(validate({ ...base, conveyorChecks: broken })).toEqual({
      'conveyorChecks.1.notes': 'A conveyor that is not functional needs a note',
    });
    const noted = broken.map((c, i) => (i === 1 ? { ...c, notes: 'Bearing noise' } : c));
    expect(validate({ ...base, conveyorChecks: noted })).toEqual({});
    expect(validate(values({ weather: { temperature: '95', humidity: 'wet', conditions: '' } }))).toEqual({
      'weather.temperature': 'Temperature must be between -80 and 70',
      'weather.humidity': 'Humidity must be a number',
    });
  });
});

describe('new entry form', { timeout: 60_000 }, () => {
  let calls: FetchCall[];
  beforeEach(async () => {
    resetClientState();
    await resetDeviceDb();
    calls = stubFetch((call) =>
      call.url.startsWith('/api/betriebstagebuch/weather')
        ? {
            status: 503,
            body: {
              message: 'Unable to load weather',
              code: 'SERVICE_UNAVAILABLE',
              details: { reason: 'unavailable' },
            },
          }
        : undefined,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the weather failure, refuses a broken conveyor without a note and saves with typed weather', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/betriebstagebuch?view=new', user: makeUser('operator') });
    expect(await screen.findByRole('heading', { name: 'New entry' })).toBeInTheDocument();

    // The site's weather service is unreachable: the fixed failure text, and the fields stay typeable.
    expect(await screen.findByText('Unable to load weather', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/betriebstagebuch/weather?date='))).toBe(true);
    await user.type(screen.getByLabelText('Temperature'), '4.5');

    const conveyor = screen.getAllByTestId('conveyor-check')[1]!;
    await user.click(within(conveyor).getByText('Not functional'));
    await user.click(screen.getByRole('button', { name: 'Save without signing' }));
    expect(
      await within(conveyor).findByText('A conveyor that is not functional needs a note'),
    ).toBeInTheDocument();
    expect(await getSyncEngine().db.logbook.count()).toBe(0);

    await user.type(within(conveyor).getByRole('textbox'), 'Belt torn at the drum');
    await user.click(screen.getByRole('button', { name: 'Save without signing' }));

    await waitFor(async () => expect(await getSyncEngine().db.logbook.count()).toBe(1));
    const [row] = await getSyncEngine().db.logbook.toArray();
    expect(row).toMatchObject({
      status: 'unsigned',
      weather: { temperature: 4.5, humidity: null, conditions: null },
    });
    expect((row!.conveyorChecks as Array<{ functional: boolean; notes: string | null }>)[1]).toMatchObject({
      functional: false,
      notes: 'Belt torn at the drum',
    });
    const outbox = await getSyncEngine().db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ method: 'POST', url: '/api/betriebstagebuch' });
    // The details open and show the entry as waiting to sync.
    expect(await screen.findByText('Draft')).toBeInTheDocument();
  });

  it('a toggle translates only its own card: the other checks keep their labels untouched', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/betriebstagebuch?view=new', user: makeUser('operator') });
    const cards = await screen.findAllByTestId('conveyor-check');
    expect(cards.length + screen.getAllByTestId('special-check').length).toBeGreaterThan(4);
    const conveyor = cards[1]!;
    expect(within(conveyor).getByLabelText('Notes on Sortierband 1')).toBeInTheDocument();
    const checkLabel = /^logbook\.checks\.(functional|notFunctional|done|open|notes)$/;
    const translate = vi.spyOn(appI18n, 't');
    try {
      await user.click(within(conveyor).getByText('Not functional'));
      await waitFor(() => expect(conveyor).toHaveAttribute('data-state', 'bad'));
      const keys = translate.mock.calls
        .map(([key]) => key)
        .filter((key): key is string => typeof key === 'string' && checkLabel.test(key));
      // The toggled card's two sides and its note's label; not those of every card on the form.
      expect(keys.sort()).toEqual([
        'logbook.checks.functional',
        'logbook.checks.notFunctional',
        'logbook.checks.notes',
      ]);
    } finally {
      translate.mockRestore();
    }
    expect(within(screen.getAllByTestId('special-check')[0]!).getByText('Open')).toBeInTheDocument();
  });

  it('validates the shift times in the form', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/betriebstagebuch?view=new', user: makeUser('operator') });
    const end = await screen.findByLabelText(/Shift end/);
    await user.clear(end);
    await user.type(end, '06:00');
    await user.click(screen.getByRole('button', { name: 'Save without signing' }));
    expect(await screen.findByText('Shift end must differ from shift start')).toBeInTheDocument();
    expect(await getSyncEngine().db.logbook.count()).toBe(0);
  });

  it('warns when the site already has an entry on the date', async () => {
    await act(() => putEntry(makeEntry({ date: '2026-11-20' })));
    const user = userEvent.setup({ delay: null });
    await renderApp({ path: '/betriebstagebuch?view=new', user: makeUser('operator') });
    const date = await screen.findByLabelText(/Date/);
    await user.clear(date);
    await user.type(date, '2026-11-20');
    expect(await screen.findByTestId('duplicate-warning')).toHaveTextContent('already an entry');
  });
});
