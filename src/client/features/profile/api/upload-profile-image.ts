import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@/domain/constants';
import { userSchema, type User } from '@/domain/user';
import { apiFetch } from '@/client/api/client';

export type ImageProblem = 'type' | 'size';

/** The client's pre-check; the server decides by the file's content and stays the authority. */
export function checkProfileImage(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

/** POST /api/profile/upload-image, multipart with the file in field `image`. */
export async function uploadProfileImage(file: File): Promise<User> {
  const form = new FormData();
  form.append('image', file, file.name);
  return userSchema.parse(await apiFetch<unknown>('/profile/upload-image', { method: 'POST', body: form }));
}
