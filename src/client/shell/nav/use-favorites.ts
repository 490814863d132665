import { useCallback, useEffect, useRef, useState } from 'react';
import { FAVORITES_MAX, LIMIT_MESSAGE_MS } from '@/domain/constants';
import { toggleFavorite } from '@/domain/navigation/recents';
import type { NavKey } from '@/domain/navigation/nav-items';
import { favoritesList } from './user-lists';

/** The user's favorites (max 5); pinning a sixth shows the limit message for 2500 ms. */
export function useFavorites(userId: string) {
  const favorites = favoritesList.use(userId);
  const [limitMessage, setLimitMessage] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const toggle = useCallback(
    (key: NavKey) => {
      const result = toggleFavorite(favoritesList.read(userId), key, FAVORITES_MAX);
      if (result.limitReached) {
        setLimitMessage(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setLimitMessage(false), LIMIT_MESSAGE_MS);
        return;
      }
      favoritesList.write(userId, result.list);
    },
    [userId],
  );

  return { favorites, toggle, limitMessage };
}
