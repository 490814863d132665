import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatToday } from '@/client/features/dashboard/dashboard-page';
import {
  applySettingsLanguage,
  chooseLanguage,
  i18n,
  initI18n,
  LANGUAGE_STORAGE_KEY,
  SEEN_DEFAULT_LANGUAGE_KEY,
} from '@/client/i18n';
import { loadSettings } from '@/client/lib/session/settings-store';
import { makeSettings, makeUser, renderApp, resetClientState } from '../support/render';

beforeEach(() => resetClientState());
afterEach(() => vi.unstubAllGlobals());

describe('languages', () => {
  // Runs first in this file: i18next is started only once per test file.
  it('starts in German when nothing is stored', async () => {
    await initI18n();
    expect(i18n.language).toBe('de');
    expect(i18n.t('auth.signIn')).toBe('Anmelden');
  });

  it('stores the chosen language and sets the document language', async () => {
    await chooseLanguage('gr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('gr');
    expect(i18n.t('auth.signIn')).toBe('Σύνδεση');
    expect(document.documentElement.lang).toBe('el');
    await chooseLanguage('bg');
    expect(i18n.t('nav.excavators')).toBe('Багери');
  });

  it('switches to the settings default when it differs and nothing was chosen', async () => {
    await i18n.changeLanguage('de');
    await applySettingsLanguage(makeSettings({}, { defaultLanguage: 'en' }));
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it("keeps the user's choice until an admin changes the default", async () => {
    localStorage.setItem(SEEN_DEFAULT_LANGUAGE_KEY, 'de');
    await chooseLanguage('bg');
    await applySettingsLanguage(makeSettings({}, { defaultLanguage: 'de' }));
    expect(i18n.language).toBe('bg');

    await applySettingsLanguage(makeSettings({}, { defaultLanguage: 'gr' }));
    expect(i18n.language).toBe('gr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('applies settings.app.defaultLanguage when settings load (start and after sign-in)', async () => {
    await i18n.changeLanguage('en');
    // Settings answer; the dashboard's own calls find nothing (its welcome does not need them).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).includes('/api/settings')
          ? Response.json(makeSettings({}, { defaultLanguage: 'de' }))
          : Response.json({ message: 'Not here', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    await renderApp({ path: '/', user: makeUser('operator'), startShell: true });
    await act(() => loadSettings());
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(await screen.findByRole('heading', { name: 'Willkommen, Operator Tester!' })).toBeInTheDocument();
  });

  it('formats the dashboard date in the chosen language', () => {
    const day = new Date('2025-06-02T10:00:00Z');
    expect(formatToday('de', day)).toBe('Montag, 2. Juni 2025');
    expect(formatToday('en', day)).toMatch(/^Monday,? 2 June 2025$/);
    expect(formatToday('gr', day)).toMatch(/Δευτέρα/);
    expect(formatToday('bg', day)).toMatch(/понеделник/);
  });

  it('switches the language from the sidebar picker and keeps it', async () => {
    await renderApp({ path: '/', user: makeUser('manager') });
    await screen.findByRole('heading', { name: 'Welcome, Manager Tester!' });
    const user = userEvent.setup();
    // The picker's name says the current language too ("Language: English").
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Willkommen, Manager Tester!' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(screen.getByTestId('dashboard-date').textContent).toMatch(/\d{4}$/);
  });
});
