import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { masterListQuerySchema, type MasterListQuery } from '@/domain/dispo/master-data';
import { versionTag } from '@/domain/sync';
import type { Executor } from '../../db/client';
import type { dispoContainerTypes, dispoDrivers, dispoTrucks } from '../../db/schema';
import { conflict, notFound, type HttpError } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { assertFreshVersion, readIfMatch } from '../../plugins/write';
import { errorBodySchema } from '../auth/schemas';
import { ASSIGNMENTS, restampAssignments } from './assignment-data';

/*
 * Drivers, trucks and container types share one shape of API (src/domain/dispo.ts): list, create,
 * PUT /{id}, DELETE /{id} (soft, refused while an assignment uses the record). Each kind describes
 * itself as a MasterSpec; `masterRoutes` turns a spec into the four routes.
 */

export type MasterTable = typeof dispoDrivers | typeof dispoTrucks | typeof dispoContainerTypes;

export interface MasterSpec<T extends MasterTable, I extends object, A extends { version: number }> {
  /** Below /api: '/containers/drivers'. */
  path: string;
  /** Audit entity: 'dispoDriver'. */
  entity: string;
  /** For messages: 'driver'. */
  noun: string;
  table: T;
  input: z.ZodType<I>;
  item: z.ZodType<A>;
  /** The editable values of a row or an input (what "changed" compares and the audit records). */
  fields(source: T['$inferSelect'] | I): Record<string, unknown>;
  /** The search condition for `q`. */
  search(q: string): SQL | undefined;
  order: SQL[];
  toApi(executor: Executor, rows: Array<T['$inferSelect']>): Promise<A[]>;
  /** Throws when the input may not be stored (uniqueness, links); `existing` is null on create. */
  validate(tx: Executor, input: I, existing: T['$inferSelect'] | null): Promise<void>;
  /** 409 answers for this kind's unique indexes (a concurrent write won after `validate` passed). */
  uniqueViolation(err: unknown): HttpError | null;
  /** Live assignments using the record. */
  usedBy(tx: Executor, id: string): Promise<number>;
  /** Fields shown inside assignment rows: a change re-sends those assignments to mirrors. */
  shownInAssignments: readonly string[];
  assignmentsOf(id: string): SQL;
}

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The code of a PostgreSQL unique violation on `index`, looking through driver wrappers. */
export function violates(err: unknown, index: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505' && `${String(pg.constraint ?? '')} ${String(pg.message ?? '')}`.includes(index))
      return true;
  }
  return false;
}

/** "This driver is used by 3 assignments". */
export function usedMessage(noun: string, n: number): string {
  return `This ${noun} is used by ${n} ${n === 1 ? 'assignment' : 'assignments'}`;
}

export function masterRoutes<T extends MasterTable, I extends object, A extends { version: number }>(
  spec: MasterSpec<T, I, A>,
) {
  // The tables share these columns; drizzle's union of three table types does not see it.
  const t = spec.table as typeof dispoDrivers;
  const withEtag = (status: number, body: A) => ({
    status,
    body,
    headers: { etag: versionTag(body.version) },
  });
  const one = async (executor: Executor, row: T['$inferSelect']) => (await spec.toApi(executor, [row]))[0]!;
  const find = async (executor: Executor, id: string) => {
    const [row] = await executor.select().from(t).where(eq(t.id, id)).for('update');
    return row as T['$inferSelect'] | undefined;
  };
  const missing = () => notFound(`The ${spec.noun} was not found`);
  const collections = [ASSIGNMENTS];
  // Fastify cannot resolve reply types through the spec's generics: the routes see plain schemas.
  const item = spec.item as z.ZodType;
  const input = spec.input as z.ZodType;

  /** Runs the insert/update, answering the kind's 409 when a unique index refuses it. */
  async function guarded<R>(fn: () => Promise<R>): Promise<R> {
    try {
      return await fn();
    } catch (err) {
      throw spec.uniqueViolation(err) ?? err;
    }
  }

  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const userId = (request: FastifyRequest) => request.user!.id;
    const tags = ['dispo'];

    r.get(spec.path, {
      config: { access: 'dispo:read' },
      schema: {
        tags,
        querystring: masterListQuerySchema,
        response: {
          200: z.object({
            items: z.array(item),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
          }),
        },
      },
      handler: async (request) => {
        const query: MasterListQuery = request.query;
        const where = and(
          isNull(t.deletedAt),
          query.active === undefined ? undefined : eq(t.active, query.active),
          query.q ? spec.search(query.q) : undefined,
        );
        const [total] = await app.db.select({ n: count() }).from(t).where(where);
        const rows = await app.db
          .select()
          .from(t)
          .where(where)
          .orderBy(...spec.order, t.id)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit);
        return {
          items: await spec.toApi(app.db, rows as Array<T['$inferSelect']>),
          total: total?.n ?? 0,
          page: query.page,
          limit: query.limit,
        };
      },
    });

    r.post(spec.path, {
      config: { access: 'dispo:write' },
      schema: { tags, body: input, response: { 201: item, ...errors } },
      handler: async (request, reply) =>
        app.runWrite(request, reply, {}, async (w) => {
          const input = request.body as I;
          await spec.validate(w.tx, input, null);
          const now = w.at;
          const id = uuidv7();
          const [row] = await guarded(() =>
            w.tx
              .insert(t)
              .values({
                ...(spec.fields(input) as object),
                id,
                version: 1,
                createdAt: now,
                createdBy: userId(request),
                updatedAt: now,
                updatedBy: userId(request),
              } as typeof t.$inferInsert)
              .returning(),
          );
          await app.audit(
            request,
            {
              action: `${spec.entity}.create`,
              entity: spec.entity,
              entityId: id,
              changes: changedFields(null, spec.fields(input)),
            },
            w.tx,
          );
          const body = await one(w.tx, row as T['$inferSelect']);
          return {
            ...withEtag(201, body),
            headers: { etag: versionTag(1), location: `/api${spec.path}/${id}` },
          };
        }),
    });

    r.put(`${spec.path}/:id`, {
      config: { access: 'dispo:write' },
      schema: { tags, params: idParams, body: input, response: { 200: item, ...errors } },
      handler: async (request, reply) => {
        const expected = readIfMatch(request);
        return app.runWrite(request, reply, { collections }, async (w) => {
          const input = request.body as I;
          const existing = await find(w.tx, request.params.id);
          if (!existing || existing.deletedAt) throw missing();
          assertFreshVersion(expected, existing.version, await one(w.tx, existing));
          await spec.validate(w.tx, input, existing);
          const changes = changedFields(spec.fields(existing), spec.fields(input));
          if (Object.keys(changes).length === 0) return withEtag(200, await one(w.tx, existing));
          const [row] = await guarded(() =>
            w.tx
              .update(t)
              .set({
                ...(spec.fields(input) as object),
                version: existing.version + 1,
                updatedAt: w.at,
                updatedBy: userId(request),
              })
              .where(eq(t.id, existing.id))
              .returning(),
          );
          if (spec.shownInAssignments.some((field) => field in changes)) {
            await restampAssignments(w, spec.assignmentsOf(existing.id));
          }
          await app.audit(
            request,
            { action: `${spec.entity}.update`, entity: spec.entity, entityId: existing.id, changes },
            w.tx,
          );
          return withEtag(200, await one(w.tx, row as T['$inferSelect']));
        });
      },
    });

    r.delete(`${spec.path}/:id`, {
      config: { access: 'dispo:write' },
      schema: { tags, params: idParams, response: { 200: item, ...errors } },
      handler: async (request, reply) => {
        const expected = readIfMatch(request);
        return app.runWrite(request, reply, {}, async (w) => {
          const existing = await find(w.tx, request.params.id);
          if (!existing) throw missing();
          if (existing.deletedAt) return withEtag(200, await one(w.tx, existing));
          assertFreshVersion(expected, existing.version, await one(w.tx, existing));
          const used = await spec.usedBy(w.tx, existing.id);
          if (used > 0) {
            throw conflict(usedMessage(spec.noun, used), { reason: 'in_use', assignments: used });
          }
          const now = w.at;
          const [row] = await w.tx
            .update(t)
            .set({
              deletedAt: now,
              version: existing.version + 1,
              updatedAt: now,
              updatedBy: userId(request),
            })
            .where(eq(t.id, existing.id))
            .returning();
          await app.audit(
            request,
            {
              action: `${spec.entity}.delete`,
              entity: spec.entity,
              entityId: existing.id,
              changes: { deletedAt: { from: null, to: now.toISOString() } },
            },
            w.tx,
          );
          return withEtag(200, await one(w.tx, row as T['$inferSelect']));
        });
      },
    });
  };
}
