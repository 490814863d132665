import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@/domain/constants';
import { createFormat, LOCALE_BY_LANGUAGE, type Format } from '@/domain/format';
import type { Settings } from '@/domain/settings';
import { apiFetch, getStoredToken } from '@/client/api/client';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

/** The user's own language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';
/** The settings default the app last followed, so that an admin's change applies once. */
export const SEEN_DEFAULT_LANGUAGE_KEY = 'fleetpilot:defaultLanguage';

/** BCP 47 tags for dates and numbers; the formatting module owns them. */
export { LOCALE_BY_LANGUAGE };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// Each locale is its own chunk: the first screen loads only the language in use (plus the fallback).
const localeLoaders = import.meta.glob<{ default: ResourceKey }>('./locales/*.json');
// The sections the sign-in page needs (boot-keys.ts), cut out of each locale by the build.
const bootLocaleLoaders = import.meta.glob<{ default: ResourceKey }>('./locales/*.json', { query: '?boot' });

/** Until the first session, the sign-in page makes do with the boot sections of a locale. */
let bootOnly = false;
/** i18next started with the boot sections (fixed at start). */
let startedBootOnly = false;

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = (bootOnly ? bootLocaleLoaders : localeLoaders)[`./locales/${language}.json`];
    if (!load) {
      callback(new Error(`No locale ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined' && isLanguage(language))
    document.documentElement.lang = LOCALE_BY_LANGUAGE[language].slice(0, 2);
}

let initialized: Promise<unknown> | null = null;

/**
 * Starts i18next with the stored language, else German, the product's default and fallback language. `bootOnly` (the first call decides):
 * load only the sign-in page's sections until fullLocales() is called.
 */
export function initI18n(options: { bootOnly?: boolean } = {}): Promise<unknown> {
  if (!initialized) {
    bootOnly = startedBootOnly = options.bootOnly ?? false;
    i18n.on('languageChanged', syncDocumentLanguage);
    initialized = i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: storedLanguage() ?? DEFAULT_LANGUAGE,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
      });
  }
  return initialized;
}

let fullLoading: Promise<void> | null = null;

/**
 * The whole locale of every language loaded so far, and of any language picked later: every signed-in
 * page waits for it. Resolves at once when i18next started with whole locales.
 */
export function fullLocales(): Promise<void> {
  const started = initialized ?? initI18n();
  if (!startedBootOnly) return started.then(() => undefined);
  fullLoading ??= started.then(async () => {
    // Languages picked from now on load whole; the ones loaded already get the rest added.
    bootOnly = false;
    const languages = Object.keys(i18n.store.data).filter(
      (language) => localeLoaders[`./locales/${language}.json`],
    );
    await Promise.all(
      languages.map(async (language) => {
        const module = await localeLoaders[`./locales/${language}.json`]!();
        i18n.addResourceBundle(language, 'translation', module.default, true, true);
      }),
    );
  });
  fullLoading.catch(() => (fullLoading = null));
  return fullLoading;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The user picks a language: it is stored locally and wins over the settings default. */
export async function chooseLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  // The server keeps the choice so e-mail and push reach this user in it; offline the device's choice
  // still applies and the next pick is sent again.
  if (getStoredToken())
    void apiFetch('/profile/language', { method: 'PUT', body: { language } }).catch(() => undefined);
  await i18n.changeLanguage(language);
}

/**
 * Settings were loaded: when `app.defaultLanguage` is set and differs from the current language,
 * switch to it. A language the user picked on this device stays until an admin changes the default
 * (otherwise the default would undo the user's choice on every start).
 */
export async function applySettingsLanguage(settings: Settings | null): Promise<void> {
  const target = settings?.app.defaultLanguage;
  if (!isLanguage(target)) return;
  const seen = localStorage.getItem(SEEN_DEFAULT_LANGUAGE_KEY);
  localStorage.setItem(SEEN_DEFAULT_LANGUAGE_KEY, target);
  if (target === currentLanguage()) return;
  if (storedLanguage()) {
    const defaultChanged = seen !== null && seen !== target;
    if (!defaultChanged) return;
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  }
  await i18n.changeLanguage(target);
}

/**
 * The formatter of the UI language and the site's time zone, for code outside React (components use
 * `useFormat`).
 */
export function currentFormat(): Format {
  return createFormat(currentLanguage(), { timeZone: currentSiteTimeZone() });
}
