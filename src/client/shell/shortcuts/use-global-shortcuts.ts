import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { G_SHORTCUT_WINDOW_MS } from '@/domain/constants';
import { availableShortcuts, stepGSequence, type GSequenceState } from '@/domain/navigation/shortcuts';
import { palette } from '../palette/palette-store';
import { sessionStore } from '@/client/lib/session/session-store';
import { settingsStore, settingsView } from '@/client/lib/session/settings-store';
import { legendStore } from './legend-store';

/** True while the user types in a field: single-key shortcuts must not fire then. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/**
 * Window-wide keys of the signed-in shell: Ctrl/Cmd+K (anywhere) and "/" (not typing) open the
 * palette, "?" the legend, and "g" then d/r/b/f/i within 700 ms navigates.
 */
export function useGlobalShortcuts(): void {
  const router = useRouter();
  const sequence = useRef<GSequenceState>({ gPressedAt: null });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const key = event.key;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && key.toLowerCase() === 'k') {
        event.preventDefault();
        palette.open();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) {
        sequence.current = { gPressedAt: null };
        return;
      }
      if (key === '/') {
        event.preventDefault();
        palette.open();
        return;
      }
      if (key === '?') {
        event.preventDefault();
        legendStore.set(true);
        return;
      }
      const user = sessionStore.get().user;
      const { settings } = settingsView(settingsStore.get());
      const shortcuts = availableShortcuts(user, settings.features);
      const step = stepGSequence(sequence.current, key, Date.now(), shortcuts, G_SHORTCUT_WINDOW_MS);
      sequence.current = step.state;
      if (step.shortcut) {
        event.preventDefault();
        void router.navigate({ href: step.shortcut.href });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [router]);
}
