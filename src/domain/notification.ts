import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { NOTIFICATION_MESSAGE_KEYS, notificationParamsSchema } from './notification-texts';

/** A notification as the API returns it; `_id` repeats `id` under the name API clients read it by. */
export const notificationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    _id: z.string(),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    /** What title and message are rendered from, in each reader's language (null: free text). */
    key: z.string().nullish(),
    params: notificationParamsSchema.nullish(),
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = lazySchema(() =>
  z.object({
    /** `true` lists unread notifications only; the array's length is then the unread count. */
    onlyUnread: z.stringbool().default(false),
  }),
);
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = lazySchema(() => z.object({ id: z.string().min(1).max(100) }));

export const readAllResponseSchema = lazySchema(() => z.object({ updated: z.number().int() }));
export type ReadAllResponse = z.infer<typeof readAllResponseSchema>;

/**
 * What a server module hands to `notify`; recipients are user ids and/or roles. Either a message `key`
 * with `params` (rendered in each recipient's language) or a fixed `title` and `message`.
 */
export const notificationInputSchema = lazySchema(() =>
  z
    .object({
      userIds: z.array(z.string()).optional(),
      roles: z.array(z.string()).optional(),
      type: z.string().trim().min(1).max(60),
      key: z.enum(NOTIFICATION_MESSAGE_KEYS).optional(),
      params: notificationParamsSchema.optional(),
      title: z.string().trim().min(1).max(200).optional(),
      message: z.string().trim().max(2000).optional(),
      link: z.string().trim().max(500).nullish(),
    })
    .refine(
      (input) => input.key !== undefined || (input.title !== undefined && input.message !== undefined),
      {
        message: 'A notification needs a message key or a title and a message',
      },
    ),
);
export type NotificationInput = z.input<typeof notificationInputSchema>;
