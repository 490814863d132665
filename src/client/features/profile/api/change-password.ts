import { loginResponseSchema, type User } from '@/domain/user';
import { apiFetch, setStoredToken } from '@/client/api/client';

/**
 * PUT /api/auth/password. The server ends every other session and answers with a fresh token for
 * this one, which replaces the stored token at once (the old one no longer works). Returns the
 * updated user when the answer carries one.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<User | null> {
  const data = await apiFetch<unknown>('/auth/password', {
    method: 'PUT',
    body: { currentPassword, newPassword },
  });
  const parsed = loginResponseSchema.safeParse(data);
  if (!parsed.success) return null;
  setStoredToken(parsed.data.token);
  return parsed.data.user;
}
