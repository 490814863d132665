import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NotificationInput } from '@/domain/notification';
import type { Executor } from '../../db/client';
import { notify, type PendingNotifications } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores a notification for users and/or roles. With a transaction, call `publish()` on the result
     * after it commits; without one it is published at once (see `notify` in ./service).
     */
    notify(input: NotificationInput, executor?: Executor): Promise<PendingNotifications>;
  }
}

/** Decorates `app.notify`, the function other modules call to notify users or roles. */
export const notifyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('notify', (input: NotificationInput, executor?: Executor) => notify(app, input, executor));
  },
  { name: 'notify', dependencies: ['events'] },
);
