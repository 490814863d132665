import { userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

/** GET /api/profile — the signed-in user's own record. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  return userSchema.parse(await apiFetch<unknown>('/profile', { signal }));
}
