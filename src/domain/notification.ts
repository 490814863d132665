import { z } from 'zod';

/** A notification as the API returns it; `_id` repeats `id` under the name the spec gives. */
export const notificationSchema = z.object({
  id: z.string(),
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  /** `true` lists unread notifications only; the array's length is then the unread count. */
  onlyUnread: z.stringbool().default(false),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const readAllResponseSchema = z.object({ updated: z.number().int() });
export type ReadAllResponse = z.infer<typeof readAllResponseSchema>;

/** What a server module hands to `notify`; recipients are user ids and/or roles. */
export const notificationInputSchema = z.object({
  userIds: z.array(z.string()).optional(),
  roles: z.array(z.string()).optional(),
  type: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1).max(200),
  message: z.string().trim().max(2000),
  link: z.string().trim().max(500).nullish(),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;
