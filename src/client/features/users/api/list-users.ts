import { userListSchema, type UserList } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

/** What the users table asks for; empty filters are left out of the query. */
export interface UserListFilters {
  page: number;
  limit: number;
  q: string;
  role: string | null;
  active: boolean | null;
}

/** `/users?page=…&limit=…[&q=…][&role=…][&active=…]` */
export function userListPath(filters: UserListFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.active !== null) params.set('active', String(filters.active));
  return `/users?${params.toString()}`;
}

/** GET /api/users at a path built by `userListPath`: one page of users. */
export async function listUsers(path: string, signal?: AbortSignal): Promise<UserList> {
  return userListSchema.parse(await apiFetch<unknown>(path, { signal }));
}
