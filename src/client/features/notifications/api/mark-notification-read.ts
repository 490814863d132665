import { notificationSchema, type Notification } from '@/domain/notification';
import { apiFetch } from '@/client/api/client';

/** `PATCH /api/notifications/{id}/read`. */
export async function markNotificationRead(id: string): Promise<Notification> {
  const data = await apiFetch<unknown>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
  return notificationSchema.parse(data);
}
