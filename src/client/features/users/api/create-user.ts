import type { z } from 'zod';
import { createUserSchema, userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

export type CreateUserInput = z.input<typeof createUserSchema>;

/** POST /api/users (201 with the new user; 409 with `details.fields` for a taken username or e-mail). */
export async function createUser(input: CreateUserInput): Promise<User> {
  const body = createUserSchema.parse(input);
  return userSchema.parse(await apiFetch<unknown>('/users', { method: 'POST', body }));
}
