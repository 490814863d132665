import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOR_THEME_STORAGE_KEY, DARK_MODE_STORAGE_KEY } from '@/domain/constants';
import { TOGGLE_THEME_EVENT } from '@/client/lib/session/events';
import { LanguageSwitch } from '@/client/shell/language-switch';
import { ThemeSwitch } from '@/client/shell/theme/theme-switch';
import {
  colorThemeStore,
  readColorTheme,
  readDarkMode,
  requestThemeToggle,
  startColorScheme,
} from '@/client/shell/theme/color-scheme';
import { renderWithProviders, resetClientState, useEnglish } from '../../support/render';

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
    expect(readColorTheme()).toBe('light');
  });

  it('prefers the stored choice over the system, and still reads the light/dark choice of before', () => {
    preferDark(true);
    localStorage.setItem(DARK_MODE_STORAGE_KEY, 'false');
    expect(readColorTheme()).toBe('light');
    localStorage.setItem(DARK_MODE_STORAGE_KEY, 'true');
    preferDark(false);
    expect(readColorTheme()).toBe('dark');
    localStorage.setItem(COLOR_THEME_STORAGE_KEY, 'outdoor');
    expect(readColorTheme()).toBe('outdoor');
    expect(readDarkMode()).toBe(false);
    localStorage.setItem(COLOR_THEME_STORAGE_KEY, 'neon');
    expect(readColorTheme()).toBe('dark');
  });

  it('flips light and dark on the global toggle event, stores the choice and survives a restart', () => {
    preferDark(false);
    stop = startColorScheme();
    expect(colorThemeStore.get()).toBe('light');
    act(() => void window.dispatchEvent(new CustomEvent(TOGGLE_THEME_EVENT)));
    expect(colorThemeStore.get()).toBe('dark');
    expect(localStorage.getItem(COLOR_THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();

    colorThemeStore.set('light');
    stop = startColorScheme();
    expect(colorThemeStore.get()).toBe('dark');
    act(() => requestThemeToggle());
    expect(localStorage.getItem(COLOR_THEME_STORAGE_KEY)).toBe('light');

    localStorage.setItem(COLOR_THEME_STORAGE_KEY, 'outdoor');
    stop();
    stop = startColorScheme();
    act(() => requestThemeToggle());
    expect(colorThemeStore.get()).toBe('dark');
  });

  it("drives Mantine's colour scheme, the outdoor theme's type and the three-way switch", async () => {
    preferDark(false);
    stop = startColorScheme();
    await useEnglish();
    renderWithProviders(<ThemeSwitch />);
    const html = document.documentElement;
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(html.dataset.theme).toBe('dark');
    expect(localStorage.getItem(COLOR_THEME_STORAGE_KEY)).toBe('dark');

    const baseSize = getComputedStyle(html).getPropertyValue('--mantine-font-size-md');
    await user.click(screen.getByRole('radio', { name: 'Outdoor (high contrast)' }));
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(html.dataset.theme).toBe('outdoor');
    expect(screen.getByRole('radio', { name: 'Outdoor (high contrast)' })).toBeChecked();
    expect(localStorage.getItem(COLOR_THEME_STORAGE_KEY)).toBe('outdoor');
    expect(getComputedStyle(html).getPropertyValue('--mantine-font-size-md')).not.toBe(baseSize);
  });

  it('mounts the theme and language switches without measuring the page', async () => {
    // Both are on every screen's start (the sign-in page, the top bar, the side bar): a control that
    // reads its own size when it mounts forces the browser to lay out the whole page in the middle of
    // the first render.
    preferDark(false);
    await useEnglish();
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const style = vi.spyOn(window, 'getComputedStyle');
    try {
      renderWithProviders(
        <>
          <ThemeSwitch />
          <LanguageSwitch />
        </>,
      );
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      // Checked before any query: role queries read computed styles themselves.
      expect(rect).not.toHaveBeenCalled();
      expect(style).not.toHaveBeenCalled();
      expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    } finally {
      rect.mockRestore();
      style.mockRestore();
    }
  });
});
