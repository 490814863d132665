import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleJob } from '../../plugins/idempotency';
import { purgeTombstones } from './purge';
import { SyncRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Synced collections; modules register theirs (see registry.ts). */
    sync: SyncRegistry;
  }
}

/** The collection registry and the daily tombstone purge (one instance at a time, advisory lock). */
export const syncPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('sync', new SyncRegistry());
    scheduleJob(app, 'tombstone-purge', async () => {
      const result = await purgeTombstones(app.db, app.sync);
      for (const file of result?.files ?? []) await app.storage.remove(file);
      return result && { minCursor: result.minCursor, files: result.files.length };
    });
  },
  { name: 'sync', dependencies: ['uploads'] },
);
