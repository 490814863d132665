import {
  COLOR_THEME_STORAGE_KEY,
  COLOR_THEMES,
  DARK_MODE_STORAGE_KEY,
  type ColorTheme,
} from '@/domain/constants';
import { createStore, useStore } from '@/client/lib/store';
import { TOGGLE_THEME_EVENT } from '@/client/lib/session/events';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isColorTheme(value: unknown): value is ColorTheme {
  return (COLOR_THEMES as readonly unknown[]).includes(value);
}

/** The theme chosen on this device, or the light/dark choice of an earlier version, or nothing. */
function storedTheme(): ColorTheme | null {
  try {
    const chosen = localStorage.getItem(COLOR_THEME_STORAGE_KEY);
    if (isColorTheme(chosen)) return chosen;
    const legacy = localStorage.getItem(DARK_MODE_STORAGE_KEY);
    return legacy === 'true' ? 'dark' : legacy === 'false' ? 'light' : null;
  } catch {
    return null;
  }
}

function systemTheme(): ColorTheme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme: the stored choice, else the system colour preference (light or dark). */
export function readColorTheme(): ColorTheme {
  return storedTheme() ?? systemTheme();
}

/** Dark mode is one of the three themes; the outdoor theme is a light one. */
export function readDarkMode(): boolean {
  return readColorTheme() === 'dark';
}

export const colorThemeStore = createStore<ColorTheme>(readColorTheme());

export function setColorTheme(theme: ColorTheme): void {
  localStorage.setItem(COLOR_THEME_STORAGE_KEY, theme);
  colorThemeStore.set(theme);
}

export function setDarkMode(dark: boolean): void {
  setColorTheme(dark ? 'dark' : 'light');
}

/** Asks the app to flip the theme; any part of the app (or a test) may dispatch the same event. */
export function requestThemeToggle(): void {
  window.dispatchEvent(new CustomEvent(TOGGLE_THEME_EVENT));
}

/** The theme on <html data-theme>, so styles that differ by theme (the outdoor one) can select it. */
function applyThemeAttribute(): void {
  document.documentElement.dataset.theme = colorThemeStore.get();
}

/**
 * Listens for the global toggle event (dark ↔ light; from outdoor it goes dark, the other extreme) and,
 * while the user has made no choice, for system changes. Returns the function that stops listening.
 */
export function startColorScheme(): () => void {
  colorThemeStore.set(readColorTheme());
  applyThemeAttribute();
  const unsubscribe = colorThemeStore.subscribe(applyThemeAttribute);
  const onToggle = () => setColorTheme(colorThemeStore.get() === 'dark' ? 'light' : 'dark');
  window.addEventListener(TOGGLE_THEME_EVENT, onToggle);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (storedTheme() === null) colorThemeStore.set(systemTheme());
  };
  media?.addEventListener?.('change', onSystemChange);
  return () => {
    unsubscribe();
    window.removeEventListener(TOGGLE_THEME_EVENT, onToggle);
    media?.removeEventListener?.('change', onSystemChange);
  };
}

export function useColorTheme(): ColorTheme {
  return useStore(colorThemeStore);
}

export function useDarkMode(): boolean {
  return useColorTheme() === 'dark';
}
