import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFeatureEnabled } from '@/domain/features';
import { can } from '@/domain/permissions';
import { HttpError, forbidden, validationFailed } from '../../http-error';
import type { SyncCollection } from '../sync/registry';

/** Upper bound of the quoted records' JSON; records are dropped from the largest collection past it. */
const MAX_DATA_CHARS = 60_000;
/** Longer strings are cut: free text stays readable, a stray blob cannot fill the prompt. */
const MAX_STRING_CHARS = 2_000;

/** A record as quoted to the model: embedded files (data: URLs) left out, long strings shortened. */
function quotable(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('data:')) return '[file omitted]';
    return value.length > MAX_STRING_CHARS ? `${value.slice(0, MAX_STRING_CHARS)}…` : value;
  }
  if (Array.isArray(value)) return value.map(quotable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, quotable(v)]));
  }
  return value;
}

/**
 * The collections a data-chat question may read: each must be a registered sync collection (reports,
 * logbook and inventory join as their modules register), its feature flag on, and readable by the user.
 */
async function readableCollections(
  app: FastifyInstance,
  request: FastifyRequest,
  names: string[],
): Promise<SyncCollection[]> {
  const unique = [...new Set(names)];
  const unknown = unique.filter((name) => !app.sync.get(name));
  if (unknown.length > 0) {
    const message = `Unknown collection: ${unknown.join(', ')}`;
    throw validationFailed(message, {
      fields: { collections: [message] },
      available: app.sync.list().map((c) => c.name),
    });
  }
  const settings = await app.settingsStore.get();
  return unique.map((name) => {
    const collection = app.sync.get(name)!;
    if (!isFeatureEnabled(settings.features, collection.feature)) {
      throw new HttpError('FEATURE_DISABLED', `The feature "${collection.feature}" is disabled`, {
        feature: collection.feature,
        collection: name,
      });
    }
    if (!can(request.user, collection.readAction)) {
      throw forbidden(`You may not read "${name}"`);
    }
    return collection;
  });
}

/**
 * At most `limit` records in total from the chosen collections, shared out in turn so every collection
 * gets its part, read in one read-only snapshot exactly as the list endpoints and the sync pull return
 * them. Only live rows; the model sees nothing else.
 */
export async function gatherRecords(
  app: FastifyInstance,
  request: FastifyRequest,
  names: string[],
  limit: number,
): Promise<{ records: Record<string, unknown[]>; used: Record<string, number> }> {
  const collections = await readableCollections(app, request, names);
  const fetched = await app.db.transaction(
    async (tx) =>
      Promise.all(
        collections.map(async (c) => {
          const changes = await c.changesSince(tx, 0, limit, false);
          return changes.filter((ch) => !ch.deleted && ch.data != null).map((ch) => quotable(ch.data));
        }),
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const taken = collections.map(() => 0);
  for (let total = 0, progress = true; total < limit && progress;) {
    progress = false;
    for (let i = 0; i < collections.length && total < limit; i++) {
      if (taken[i]! < fetched[i]!.length) {
        taken[i]!++;
        total++;
        progress = true;
      }
    }
  }
  const records = Object.fromEntries(collections.map((c, i) => [c.name, fetched[i]!.slice(0, taken[i])]));
  while (JSON.stringify(records).length > MAX_DATA_CHARS) {
    const largest = Object.values(records).reduce((a, b) => (b.length > a.length ? b : a));
    if (largest.length === 0) break;
    largest.pop();
  }
  const used = Object.fromEntries(Object.entries(records).map(([name, list]) => [name, list.length]));
  return { records, used };
}
