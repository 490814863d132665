import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isFeatureEnabled } from '@/domain/features';
import { can } from '@/domain/permissions';
import { syncPullQuerySchema, syncPullResponseSchema, type SyncPullResponse } from '@/domain/sync';
import { syncState } from '../../db/schema';
import { errorBodySchema } from '../auth/schemas';
import type { UserRow } from '../users/data';
import { sendGzippedJson, sendJsonText } from '../../plugins/list-memo';
import { COMPRESS_THRESHOLD } from '../../plugins/security';
import { HttpError, badRequest } from '../../http-error';
import { currentChangeSeq, readSyncHead } from './cursor';
import { acceptsGzip, PullPageCache, type BuiltPage } from './pull-cache';
import type { SyncCollection } from './registry';
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
    // A first mirror takes pages of 2,000 rows, about 1 MB of JSON each. zlib's fastest level packs them
    // a few times faster than the default for a fifth more bytes; brotli's default quality costs more
    // than the page's queries. Small pages (the usual pull after a poke) are below the threshold anyway.
    compress: { encodings: ['gzip', 'deflate'], zlibOptions: { level: 1 } },
    handler: async (request, reply) => {
      const { cursor, limit } = request.query;
      const user = request.user!;
      const served = await servedCollections(request.query.collections, user);
      const { head, minCursor } = await readSyncHead(app.db);
      if (cursor > 0 && (cursor < minCursor || cursor > head)) throw gone(minCursor);
      const names = served.map((c) => c.name);
      // Already at the head: nothing changed since, no snapshot to read.
      if (cursor === head) {
        const page: SyncPullResponse = { changes: [], cursor, hasMore: false, collections: names };
        return sendJsonText(reply, JSON.stringify(page));
      }
      // `readPage` builds the page from the response type field by field; encoding it again through the
      // response schema (the route serializer) cost as much as reading it. The schema stays for the docs.
      const page = await pages.get(head, `${cursor}|${limit}|${names.join(',')}`, () =>
        readPage(cursor, limit, served, user),
      );
      // A page others are sent too is packed once (pull-cache.ts).
      if (
        Buffer.byteLength(page.json) >= COMPRESS_THRESHOLD &&
        acceptsGzip(request.headers['accept-encoding'])
      ) {
        return sendGzippedJson(reply, page.gzip());
      }
      return sendJsonText(reply, page.json);
    },
  });

  /** Pulls after a write ask for the same range; each is read once (see pull-cache.ts). */
  const pages = new PullPageCache();

  function gone(minCursor: number) {
    return new HttpError('GONE', 'The sync cursor has expired. Download everything again.', {
      minCursor,
    });
  }

  async function servedCollections(
    collections: z.output<typeof syncPullQuerySchema>['collections'],
    user: UserRow,
  ): Promise<SyncCollection[]> {
    const requested = collections ?? app.sync.list().map((c) => c.name);
    const unknown = requested.filter((name) => !app.sync.get(name));
    if (unknown.length > 0) {
      throw badRequest(`Unknown collection: ${unknown.join(', ')}`, {
        fields: { collections: [`Unknown collection: ${unknown.join(', ')}`] },
      });
    }
    const settings = await app.settingsStore.get();
    return [...new Set(requested)]
      .map((name) => app.sync.get(name)!)
      .filter((c) => isFeatureEnabled(settings.features, c.feature) && can(user, c.readAction));
  }

  async function readPage(
    cursor: number,
    limit: number,
    served: SyncCollection[],
    user: UserRow,
  ): Promise<BuiltPage> {
    return app.db.transaction(
      async (tx) => {
        const [state] = await tx.select().from(syncState).where(eq(syncState.id, 1));
        const latest = await currentChangeSeq(tx);
        if (cursor > 0 && (cursor < (state?.minCursor ?? 0) || cursor > latest)) {
          throw gone(state?.minCursor ?? 0);
        }
        // A fresh mirror (cursor 0) has nothing to delete: leave tombstones out.
        const includeTombstones = cursor > 0;
        const perCollection = await Promise.all(
          served.map((c) => c.changesSince(tx, cursor, limit + 1, includeTombstones, user)),
        );
        const all = perCollection.flat().sort((a, b) => a.seq - b.seq);
        const hasMore = all.length > limit;
        const page = all.slice(0, limit);
        const last = page[page.length - 1];
        const body: SyncPullResponse = {
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
        // Another viewer gets the same page when no collection with per-viewer rows had a row in the
        // range. With tombstones every changed row is selected whoever asks (hidden ones as
        // tombstones), so an empty answer means an empty range; without them only an unfiltered read
        // tells.
        const shared = served.every(
          (c, i) =>
            !c.scoped || (perCollection[i]!.length === 0 && (includeTombstones || !c.restricts(user))),
        );
        return { json: JSON.stringify(body), head: latest, shared };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  await syncPushRoutes(app);
}
