import { profileUpdateSchema, userSchema, type ProfileUpdate, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

export interface ProfileFormValues {
  name: string;
  email: string;
  phone: string;
  department: string;
}

export function profileFormValues(user: User): ProfileFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    department: user.department ?? '',
  };
}

/** PUT /api/profile: empty fields are cleared, the e-mail is stored in lower case (domain schema). */
export async function updateProfile(values: ProfileFormValues): Promise<User> {
  const body: ProfileUpdate = profileUpdateSchema.parse(values);
  return userSchema.parse(await apiFetch<unknown>('/profile', { method: 'PUT', body }));
}
