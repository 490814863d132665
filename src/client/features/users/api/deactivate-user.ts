import { userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

/**
 * DELETE /api/users/{id}. The server never erases an account: it deactivates it (no more sign-in,
 * open sessions end) and keeps everything the user recorded. Reactivating is `updateUser(id, { active: true })`.
 */
export async function deactivateUser(id: string): Promise<User> {
  return userSchema.parse(await apiFetch<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}
