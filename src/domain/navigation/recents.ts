/* The user's own lists of pages: recently opened and favorites, both kept small. */

/** Keys kept in a bounded most-recent-first list (recent pages). */
export function pushRecent<T>(list: readonly T[], key: T, max: number): T[] {
  return [key, ...list.filter((entry) => entry !== key)].slice(0, max);
}

export type FavoriteToggle<T> = { list: T[]; limitReached: boolean };

/** Adds or removes a favorite; adding beyond `max` leaves the list as it is and reports the limit. */
export function toggleFavorite<T>(list: readonly T[], key: T, max: number): FavoriteToggle<T> {
  if (list.includes(key)) return { list: list.filter((entry) => entry !== key), limitReached: false };
  if (list.length >= max) return { list: [...list], limitReached: true };
  return { list: [...list, key], limitReached: false };
}
