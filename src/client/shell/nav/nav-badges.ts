import type { NavKey } from '@/domain/navigation/nav-items';
import { createStore, useStore } from '@/client/lib/store';

/** Badge counts on navigation items; modules set them (e.g. unread notifications). */
export const navBadgeStore = createStore<Partial<Record<NavKey, number>>>({});

/**
 * Sets an item's count; a count it already shows (no badge counts as 0) keeps the store as it is, so
 * the navigation does not render again when the first count after a start is the nothing it shows.
 */
export function setNavBadge(key: NavKey, count: number): void {
  const next = Math.max(0, Math.floor(count));
  navBadgeStore.set((current) => ((current[key] ?? 0) === next ? current : { ...current, [key]: next }));
}

export function useNavBadges(): Partial<Record<NavKey, number>> {
  return useStore(navBadgeStore);
}

/** How long a navigation item pulses to draw the eye. */
export const NAV_PULSE_MS = 1200;

/** Navigation items pulsing right now. */
export const navPulseStore = createStore<readonly NavKey[]>([]);
const pulseTimers = new Map<NavKey, ReturnType<typeof setTimeout>>();

/** Makes an item pulse for `durationMs`; a pulse during a pulse extends it. */
export function pulseNavItem(key: NavKey, durationMs = NAV_PULSE_MS): void {
  clearTimeout(pulseTimers.get(key));
  navPulseStore.set((current) => (current.includes(key) ? current : [...current, key]));
  pulseTimers.set(
    key,
    setTimeout(() => {
      pulseTimers.delete(key);
      navPulseStore.set((current) => current.filter((entry) => entry !== key));
    }, durationMs),
  );
}

export function useNavPulses(): readonly NavKey[] {
  return useStore(navPulseStore);
}
