import type { z } from 'zod';
import { updateUserSchema, userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * PUT /api/users/{id}: only the fields sent change. `{ active: true }` reactivates an account. The
 * server refuses an admin's own demotion or deactivation and the loss of the last active admin.
 */
export async function updateUser(id: string, input: UpdateUserInput): Promise<User> {
  const body = updateUserSchema.parse(input);
  return userSchema.parse(
    await apiFetch<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}
