import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { COLOR_THEME_STORAGE_KEY } from '@/domain/constants';
import { LANGUAGE_KEY, serverURL, TOKEN_KEY } from './app';

export type Language = 'de' | 'en' | 'bg' | 'gr';
export type Theme = 'light' | 'dark' | 'outdoor';

/** A portrait tablet touched with a finger, and a desktop with a mouse: the two devices screenshots show. */
export const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1440, height: 900 }, hasTouch: false } as const;

/**
 * A browser context that opens already in `language` and `theme`, signed in with `token` (or signed out
 * when it is null). The service worker is blocked: on a tablet's first session the app asks to stay open
 * until it is stored for offline use, which would cover the screen a test is about; storing the app is
 * the offline tests' subject.
 */
export function signedInContext(
  browser: Browser,
  options: {
    token: string | null;
    language: Language;
    theme?: Theme;
    device?: BrowserContextOptions;
  },
): Promise<BrowserContext> {
  const localStorage: Array<{ name: string; value: string }> = [
    { name: LANGUAGE_KEY, value: options.language },
    { name: COLOR_THEME_STORAGE_KEY, value: options.theme ?? 'light' },
  ];
  if (options.token !== null) localStorage.push({ name: TOKEN_KEY, value: options.token });
  return browser.newContext({
    baseURL: serverURL,
    ...options.device,
    storageState: { cookies: [], origins: [{ origin: serverURL, localStorage }] },
    serviceWorkers: 'block',
  });
}
