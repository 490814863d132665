import { DARK_MODE_STORAGE_KEY } from '@/domain/constants';
import { createStore, useStore } from '../store';
import { TOGGLE_THEME_EVENT } from '../session/events';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedDarkMode(): boolean | null {
  try {
    const raw = localStorage.getItem(DARK_MODE_STORAGE_KEY);
    return raw === 'true' ? true : raw === 'false' ? false : null;
  } catch {
    return null;
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Dark mode: the stored choice (`darkMode`), else the system colour preference. */
export function readDarkMode(): boolean {
  return storedDarkMode() ?? systemPrefersDark();
}

export const darkModeStore = createStore<boolean>(readDarkMode());

export function setDarkMode(dark: boolean): void {
  localStorage.setItem(DARK_MODE_STORAGE_KEY, String(dark));
  darkModeStore.setState(dark);
}

/** Asks the app to flip the theme; any part of the app (or a test) may dispatch the same event. */
export function requestThemeToggle(): void {
  window.dispatchEvent(new CustomEvent(TOGGLE_THEME_EVENT));
}

/**
 * Listens for the global toggle event and, while the user has made no choice, for system changes.
 * Returns the function that stops listening.
 */
export function startColorScheme(): () => void {
  darkModeStore.setState(readDarkMode());
  const onToggle = () => setDarkMode(!darkModeStore.getState());
  window.addEventListener(TOGGLE_THEME_EVENT, onToggle);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (storedDarkMode() === null) darkModeStore.setState(systemPrefersDark());
  };
  media?.addEventListener?.('change', onSystemChange);
  return () => {
    window.removeEventListener(TOGGLE_THEME_EVENT, onToggle);
    media?.removeEventListener?.('change', onSystemChange);
  };
}

export function useDarkMode(): boolean {
  return useStore(darkModeStore);
}
