import { useCallback, useState } from 'react';

function readChoice<T extends string>(key: string, choices: readonly T[], fallback: T): T {
  try {
    const stored = localStorage.getItem(key);
    return (choices as readonly (string | null)[]).includes(stored) ? (stored as T) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * One of `choices` remembered on this device under `key` (e.g. a list's view mode per user: each person
 * on a shared tablet keeps their own). A new key reads its own stored choice; anything unknown there
 * falls back.
 */
export function useStoredChoice<T extends string>(
  key: string,
  choices: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const [state, setState] = useState(() => ({ key, choice: readChoice(key, choices, fallback) }));
  const choice = state.key === key ? state.choice : readChoice(key, choices, fallback);
  const choose = useCallback(
    (next: T) => {
      setState({ key, choice: next });
      try {
        localStorage.setItem(key, next);
      } catch {
        // Private mode or a full disk: the choice still holds for this visit.
      }
    },
    [key],
  );
  return [choice, choose];
}
