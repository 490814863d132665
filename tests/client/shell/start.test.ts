import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredToken } from '@/client/api/client';
import type * as I18nModule from '@/client/i18n';
import { settingsStore } from '@/client/lib/session/settings-store';
import { startShell } from '@/client/shell/start';
import { makeSettings, makeUser } from '../support/render';

/** i18next's start, held open by each test until it chooses. */
const i18n = vi.hoisted(() => {
  let resolve: () => void = () => {};
  return {
    ready: Promise.resolve(),
    hold() {
      this.ready = new Promise<void>((done) => (resolve = done));
    },
    release: () => resolve(),
  };
});

vi.mock('@/client/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof I18nModule>()),
  initI18n: vi.fn(() => i18n.ready),
  applySettingsLanguage: vi.fn(async () => undefined),
}));

const { applySettingsLanguage } = await import('@/client/i18n');

function urlOf(input: RequestInfo | URL): string {
  return String(input instanceof Request ? input.url : input);
}

describe('startShell with a stored session', () => {
  let stop: () => void = () => {};
  const settings = makeSettings({}, { defaultLanguage: 'bg' });

  beforeEach(() => {
    i18n.hold();
    settingsStore.set({ status: 'idle', settings: null, error: null });
    setStoredToken('stored-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        urlOf(input).includes('/api/settings')
          ? Response.json(settings)
          : Response.json(makeUser('operator')),
      ),
    );
  });
  afterEach(() => {
    stop();
    setStoredToken(null);
    vi.unstubAllGlobals();
    vi.mocked(applySettingsLanguage).mockClear();
  });

  it('requests the settings without waiting for i18next, and applies their language once it runs', async () => {
    stop = startShell({ invalidate: () => undefined });
    // The settings arrive while the locale is still loading: nothing is applied to i18next yet.
    await vi.waitFor(() => expect(settingsStore.get().settings?.app.defaultLanguage).toBe('bg'));
    expect(vi.mocked(fetch).mock.calls.some(([input]) => urlOf(input).includes('/api/settings'))).toBe(true);
    expect(applySettingsLanguage).not.toHaveBeenCalled();

    i18n.release();
    await vi.waitFor(() =>
      expect(applySettingsLanguage).toHaveBeenCalledWith(
        expect.objectContaining({ app: expect.objectContaining({ defaultLanguage: 'bg' }) }),
      ),
    );
    // Later changes follow, once each.
    vi.mocked(applySettingsLanguage).mockClear();
    const changed = makeSettings({}, { defaultLanguage: 'gr' });
    settingsStore.set({ status: 'ready', settings: changed, error: null });
    expect(applySettingsLanguage).toHaveBeenCalledTimes(1);
    expect(applySettingsLanguage).toHaveBeenCalledWith(changed);
  });

  it('applies nothing once stopped before i18next runs', async () => {
    stop = startShell({ invalidate: () => undefined });
    await vi.waitFor(() => expect(settingsStore.get().settings?.app.defaultLanguage).toBe('bg'));
    stop();
    i18n.release();
    await i18n.ready;
    await Promise.resolve();
    expect(applySettingsLanguage).not.toHaveBeenCalled();
  });
});
