import { textDigest } from '@/domain/digest';
import {
  DEFAULT_SETTINGS,
  settingsSchema,
  settingsUpdateSchema,
  type Settings,
  type SettingsUpdate,
} from '@/domain/settings';
import { ApiError, apiFetch } from '@/client/api/client';
import { createStore, useStoreSelect } from '@/client/lib/store';
import { SETTINGS_CACHE_KEY } from '@/client/lib/session/settings-cache';
import { setSiteTimeZone } from '@/client/lib/site-time-zone';
import { yieldToMain } from '@/client/lib/yield-to-main';
import { isTimeZone } from '@/domain/format';

export { SETTINGS_CACHE_KEY };

/**
 * What the cached settings were made from: the build of the app that read them and a digest of the
 * server's answer. A start whose cache this build wrote from an answer uses it as it is, and the
 * start's request, when it brings that same answer, changes nothing. Both skip building the settings
 * schema and checking against it, the largest piece of work between the app's files arriving and the
 * first screen. A cache another build wrote (its schema may differ) or one the settings screen wrote
 * is checked as before.
 */
export const SETTINGS_SOURCE_KEY = 'fleetpilot:settings:source';

// A built chunk's address holds the hash of its content, and this module's chunk holds the settings
// schema or names its chunk by that chunk's hash: a build with another schema has another address.
// The development server's addresses stay the same across edits, so there every cache is checked.
const BUILD = import.meta.env.MODE === 'development' ? null : import.meta.url;

export interface SettingsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Null until settings were loaded once (or read from the cache). */
  settings: Settings | null;
  error: string | null;
}

/** The shown settings and the source (see SETTINGS_SOURCE_KEY) they were made from. */
let shownSource: { source: string; settings: Settings } | null = null;

function answerSource(answer: unknown): string | null {
  return BUILD ? `${BUILD}\n${textDigest(JSON.stringify(answer))}` : null;
}

function readCachedSettings(): Settings | null {
  try {
    const raw = localStorage.getItem(SETTINGS_CACHE_KEY);
    if (!raw) return null;
    const source = localStorage.getItem(SETTINGS_SOURCE_KEY);
    if (BUILD && source?.startsWith(`${BUILD}\n`)) {
      const settings = JSON.parse(raw) as Settings;
      shownSource = { source, settings };
      return settings;
    }
    return normalizeSettings(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Stores `settings` for the next start, with the answer they were made from (`source`) or none. The
 * old source goes first: a tab closed between the writes leaves a cache that is checked, never one
 * trusted under another answer's name.
 */
function cacheSettings(settings: Settings, source: string | null) {
  try {
    localStorage.removeItem(SETTINGS_SOURCE_KEY);
    localStorage.setItem(SETTINGS_CACHE_KEY, JSON.stringify(settings));
    if (source) localStorage.setItem(SETTINGS_SOURCE_KEY, source);
  } catch {
    // A full or blocked storage only costs the offline start its cached settings.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** One section of a server answer, merged over its defaults; its defaults if it still does not fit. */
function normalizeSection(input: Record<string, unknown>, section: keyof Settings): unknown {
  const defaults = DEFAULT_SETTINGS[section];
  const value = input[section];
  const merged = isObject(value) ? { ...defaults, ...value } : defaults;
  const parsed = settingsSchema.shape[section].safeParse(merged);
  return parsed.success ? parsed.data : defaults;
}

const SECTIONS = Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>;

/**
 * Server answers are read leniently: each section is merged over its defaults, and a section that
 * still does not fit the domain schema falls back to its defaults as a whole.
 */
export function normalizeSettings(data: unknown): Settings {
  const input = isObject(data) ? data : {};
  return Object.fromEntries(
    SECTIONS.map((section) => [section, normalizeSection(input, section)]),
  ) as Settings;
}

/**
 * `normalizeSettings` in steps, each in a task of its own. Reading a first visit's answer builds each
 * section's schema and checks the site's time zone, which creates the page's first `Intl` object (the
 * browser's date and time data set up): together one of the start's longest tasks, which a slow tablet
 * could not answer a tap during. The time zone goes first, alone; its answer is remembered.
 */
async function normalizeSettingsInSteps(data: unknown): Promise<Settings> {
  const input = isObject(data) ? data : {};
  const app = input.app;
  if (isObject(app) && typeof app.timeZone === 'string') {
    await yieldToMain();
    isTimeZone(app.timeZone);
  }
  const result: Record<string, unknown> = {};
  for (const section of SECTIONS) {
    await yieldToMain();
    result[section] = normalizeSection(input, section);
  }
  return result as Settings;
}

// Below its helpers: creating it reads the last session's settings through them, which as constants
// further down would not be set yet and left every start without its cached settings.
export const settingsStore = createStore<SettingsState>({
  status: 'idle',
  settings: readCachedSettings(),
  error: null,
});

/** Whether this start began with settings cached by an earlier one: false on a first visit. */
const cachedAtStart = settingsStore.get().settings !== null;
export const settingsCachedAtStart = (): boolean => cachedAtStart;

// The site's time zone follows the settings (the formatter reads it without this store).
setSiteTimeZone(settingsStore.get().settings?.app.timeZone);
settingsStore.subscribe(() => setSiteTimeZone(settingsStore.get().settings?.app.timeZone));

let inFlight: Promise<void> | null = null;

/**
 * `next`, with each section that equals the one shown until now (`shown`: the settings in effect, the
 * defaults before any were known) kept as that object, and `shown` itself when nothing changed. What
 * shows a section (`useSettingsSection`) renders again only when that section changed: a start's
 * answer that confirms the cached settings renders nothing, and a first visit's renders only what
 * differs from the defaults the shell started with.
 */
function keepUnchangedSections(shown: Settings, next: Settings): Settings {
  let changed = false;
  const result: Record<string, unknown> = {};
  for (const section of Object.keys(next) as Array<keyof Settings>) {
    const same = JSON.stringify(shown[section]) === JSON.stringify(next[section]);
    result[section] = same ? shown[section] : next[section];
    if (!same) changed = true;
  }
  return changed ? (result as Settings) : shown;
}

/** GET /settings; on failure keeps the last known settings and records the error message. */
export function loadSettings(): Promise<void> {
  if (inFlight) return inFlight;
  settingsStore.set((state) => ({ ...state, status: 'loading', error: null }));
  inFlight = apiFetch<unknown>('/settings')
    .then(async (data) => {
      const source = answerSource(data);
      const shown = settingsStore.get().settings;
      if (source && shownSource?.source === source && shownSource.settings === shown) {
        settingsStore.set((state) => ({ ...state, status: 'ready', error: null }));
        return;
      }
      const loaded = await normalizeSettingsInSteps(data);
      cacheSettings(loaded, source);
      const settings = keepUnchangedSections(settingsView(settingsStore.get()).settings, loaded);
      shownSource = source ? { source, settings } : null;
      settingsStore.set({ status: 'ready', settings, error: null });
    })
    .catch((error: unknown) => {
      const offline = error instanceof ApiError && error.isNetworkError;
      settingsStore.set((state) => {
        // Offline with settings already known: keep them quietly, the offline banner says enough.
        if (offline && state.settings) return { ...state, status: 'ready', error: null };
        const message = error instanceof ApiError && error.serverMessage ? error.message : '';
        return { ...state, status: 'error', error: message };
      });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * PUT /api/settings: the server merges the partial update and answers with the whole settings, read
 * as every answer is. Showing them is the caller's (`showSettings`), which may hold them back.
 */
export async function updateSettings(update: SettingsUpdate): Promise<Settings> {
  const body = settingsUpdateSchema.parse(update);
  return normalizeSettings(await apiFetch<unknown>('/settings', { method: 'PUT', body }));
}

/**
 * Shows `settings` that did not come from an answer as such (a change saved on this device, merged
 * into what is shown) and stores them for the next start, which checks them.
 */
export function showSettings(settings: Settings): void {
  cacheSettings(settings, null);
  shownSource = null;
  settingsStore.set({ status: 'ready', settings, error: null });
}

export interface SettingsView {
  /** The settings in effect: loaded, cached or defaults. */
  settings: Settings;
  /** True only while nothing is known yet; pages show a skeleton meanwhile. */
  loading: boolean;
  /** The server's message, '' for "Failed to load settings", null when there is no error. */
  error: string | null;
}

export function settingsView(state: SettingsState): SettingsView {
  return {
    settings: state.settings ?? DEFAULT_SETTINGS,
    loading: state.settings === null && (state.status === 'loading' || state.status === 'idle'),
    error: state.error,
  };
}

let lastView: SettingsView | null = null;

/**
 * The view of `state`, the same object for as long as what it holds is the same: a request that
 * starts or ends without changing the settings, their loading or their error does not render the
 * shell and the page again.
 */
function stableView(state: SettingsState): SettingsView {
  const next = settingsView(state);
  if (
    lastView &&
    lastView.settings === next.settings &&
    lastView.loading === next.loading &&
    lastView.error === next.error
  )
    return lastView;
  return (lastView = next);
}

export function useSettings(): SettingsView {
  return useStoreSelect(settingsStore, stableView);
}

/**
 * One section of the settings in effect, for what shows only that section: it renders again when that
 * section changes, not when the settings load or another section changes.
 */
export function useSettingsSection<K extends keyof Settings>(section: K): Settings[K] {
  return useStoreSelect(settingsStore, (state) => settingsView(state).settings[section]);
}
