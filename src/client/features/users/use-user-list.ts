import { useCallback, useEffect, useState } from 'react';
import type { UserList } from '@/domain/user';
import { listUsers, userListPath, type UserListFilters } from './api/list-users';

interface Loaded {
  key: string;
  data: UserList | null;
  error: unknown;
}

export interface UserListState {
  /** The last page that arrived; kept while the next one loads so the table does not jump. */
  data: UserList | null;
  loading: boolean;
  /** The failure of the latest request, null once it succeeded. */
  error: unknown;
  reload(): void;
}

/** Loads the users page for the filters; a newer request cancels an older one. */
export function useUserList(filters: UserListFilters): UserListState {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ key: '', data: null, error: null });
  const path = userListPath(filters);
  const key = `${path}#${version}`;

  useEffect(() => {
    const controller = new AbortController();
    listUsers(path, controller.signal).then(
      (data) => setLoaded({ key, data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded((current) => ({ key, data: current.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, path]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return {
    data: loaded.data,
    loading: loaded.key !== key,
    error: loaded.key === key ? loaded.error : null,
    reload,
  };
}
