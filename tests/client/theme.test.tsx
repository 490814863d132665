import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DARK_MODE_STORAGE_KEY } from '@/domain/constants';
import { TOGGLE_THEME_EVENT } from '@/client/shell/session/events';
import { AppProviders } from '@/client/shell/app-providers';
import { ThemeToggle } from '@/client/shell/theme/theme-toggle';
import {
  darkModeStore,
  readDarkMode,
  requestThemeToggle,
  startColorScheme,
} from '@/client/shell/theme/color-scheme';
import { resetClientState, useEnglish } from './support/render-app';

function preferDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

let stop: (() => void) | null = null;
beforeEach(() => resetClientState());
afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('defaults to the system colour preference', () => {
    preferDark(true);
    expect(readDarkMode()).toBe(true);
    preferDark(false);
    expect(readDarkMode()).toBe(false);
  });

  it('prefers the stored darkMode choice over the system', () => {
    preferDark(true);
    localStorage.setItem(DARK_MODE_STORAGE_KEY, 'false');
    expect(readDarkMode()).toBe(false);
    localStorage.setItem(DARK_MODE_STORAGE_KEY, 'true');
    preferDark(false);
    expect(readDarkMode()).toBe(true);
  });

  it('flips on the global toggle event, stores the choice and survives a restart', () => {
    preferDark(false);
    stop = startColorScheme();
    expect(darkModeStore.getState()).toBe(false);
    act(() => void window.dispatchEvent(new CustomEvent(TOGGLE_THEME_EVENT)));
    expect(darkModeStore.getState()).toBe(true);
    expect(localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBe('true');
    stop();

    darkModeStore.setState(false);
    stop = startColorScheme();
    expect(darkModeStore.getState()).toBe(true);
    act(() => requestThemeToggle());
    expect(localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBe('false');
  });

  it("drives Mantine's colour scheme and the toggle button", async () => {
    preferDark(false);
    stop = startColorScheme();
    await useEnglish();
    render(
      <AppProviders env="test">
        <ThemeToggle />
      </AppProviders>,
    );
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBe('true');
  });
});
