import { userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

/** PUT /api/profile/signature with the drawing as a PNG data URL (null removes it). */
export async function saveSignature(signature: string | null): Promise<User> {
  return userSchema.parse(
    await apiFetch<unknown>('/profile/signature', { method: 'PUT', body: { signature } }),
  );
}
