import { resetPasswordSchema, userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

/** PUT /api/users/{id}/password: sets a new password; the user's open sessions end. */
export async function resetPassword(id: string, password: string): Promise<User> {
  const body = resetPasswordSchema.parse({ password });
  return userSchema.parse(
    await apiFetch<unknown>(`/users/${encodeURIComponent(id)}/password`, { method: 'PUT', body }),
  );
}
