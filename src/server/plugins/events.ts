import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Notification } from '@/domain/notification';

/**
 * In-process domain events. Modules emit after their transaction commits; the realtime plugin turns
 * them into socket.io messages (fanned out across instances by its adapter), other channels subscribe
 * as they need. Keeps modules free of transport details.
 */
export interface DomainEvents {
  /**
   * Synced rows changed in these collections (committed), stamped up to `cursor` when the emitter knows
   * it. Clients should pull.
   */
  'sync:changed': [collections: string[], cursor?: number];
  /** A notification was stored for a user (committed). */
  'notification:created': [userId: string, notification: Notification];
  /** Settings changed (committed). Clients reload them: navigation follows feature flags at once. */
  'settings:changed': [];
  /**
   * A user's sessions or rights changed (password change or reset, deactivation, role change;
   * committed): their open sockets are closed, and reconnect only with a token that still holds.
   */
  'user:revoked': [userId: string];
}

export class EventBus extends EventEmitter<DomainEvents> {}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = new EventBus();
    bus.setMaxListeners(50);
    app.decorate('events', bus);
    app.addHook('onClose', async () => {
      bus.removeAllListeners();
    });
  },
  { name: 'events' },
);
