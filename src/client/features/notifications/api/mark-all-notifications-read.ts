import { readAllResponseSchema, type ReadAllResponse } from '@/domain/notification';
import { apiFetch } from '@/client/api/client';

/** `PATCH /api/notifications/read-all`: every unread notification of the user becomes read. */
export async function markAllNotificationsRead(): Promise<ReadAllResponse> {
  const data = await apiFetch<unknown>('/notifications/read-all', { method: 'PATCH' });
  return readAllResponseSchema.parse(data);
}
