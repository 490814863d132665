import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isFeatureEnabled } from '@/domain/features';
import { can } from '@/domain/permissions';
import { syncPullQuerySchema, syncPullResponseSchema, type SyncPullResponse } from '@/domain/sync';
import { syncState } from '../../db/schema';
import { errorBodySchema } from '../auth/schemas';
import { HttpError, badRequest } from '../../http-error';
import { currentChangeSeq } from './cursor';
import { syncPushRoutes } from './push';

/**
 * GET /api/sync/pull — the mirror's feed (protocol notes in src/domain/sync.ts and docs/architecture.md).
 * One REPEATABLE READ snapshot for the whole page: the counter, the retention minimum and every
 * collection's rows are read as of the same instant, so the returned cursor is exact.
 */
export async function syncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sync/pull', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['sync'],
      querystring: syncPullQuerySchema,
      // 410: the cursor is older than what the server still remembers (details.minCursor).
      response: { 200: syncPullResponseSchema, 410: errorBodySchema },
    },
    handler: async (request): Promise<SyncPullResponse> => {
      const { cursor, limit } = request.query;
      const requested = request.query.collections ?? app.sync.list().map((c) => c.name);
      const unknown = requested.filter((name) => !app.sync.get(name));
      if (unknown.length > 0) {
        throw badRequest(`Unknown collection: ${unknown.join(', ')}`, {
          fields: { collections: [`Unknown collection: ${unknown.join(', ')}`] },
        });
      }
      const settings = await app.settingsStore.get();
      const served = [...new Set(requested)]
        .map((name) => app.sync.get(name)!)
        .filter((c) => isFeatureEnabled(settings.features, c.feature) && can(request.user, c.readAction));

      return app.db.transaction(
        async (tx) => {
          const [state] = await tx.select().from(syncState).where(eq(syncState.id, 1));
          const latest = await currentChangeSeq(tx);
          if (cursor > 0 && (cursor < (state?.minCursor ?? 0) || cursor > latest)) {
            throw new HttpError('GONE', 'The sync cursor has expired. Download everything again.', {
              minCursor: state?.minCursor ?? 0,
            });
          }
          // A fresh mirror (cursor 0) has nothing to delete: leave tombstones out.
          const includeTombstones = cursor > 0;
          const perCollection = await Promise.all(
            served.map((c) => c.changesSince(tx, cursor, limit + 1, includeTombstones, request.user!)),
          );
          const all = perCollection.flat().sort((a, b) => a.seq - b.seq);
          const hasMore = all.length > limit;
          const page = all.slice(0, limit);
          const last = page[page.length - 1];
          return {
            changes: page.map(({ collection, id, deleted, version, data }) => ({
              collection,
              id,
              deleted,
              version,
              data,
            })),
            // Nothing more: everything up to the snapshot's counter is known, skip to it.
            cursor: hasMore && last ? last.seq : Math.max(cursor, latest),
            hasMore,
            collections: served.map((c) => c.name),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  });

  await syncPushRoutes(app);
}
