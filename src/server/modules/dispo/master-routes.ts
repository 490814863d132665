import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { masterListQuerySchema, type MasterListQuery } from '@/domain/dispo/master-data';
import type { Executor } from '../../db/client';
import type { dispoContainerTypes, dispoDrivers, dispoTrucks } from '../../db/schema';
import { conflict, type HttpError } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { errorBodySchema } from '../auth/schemas';
import { defineRecordWrite, type RecordChanges } from '../sync/record-write';
import { ASSIGNMENTS, restampAssignments } from './assignment-data';

/*
 * Drivers, trucks and container types share one shape of API (src/domain/dispo.ts): list, create,
 * PUT /{id}, DELETE /{id} (soft, refused while an assignment uses the record). Each kind describes
 * itself as a MasterSpec; `masterRoutes` turns a spec into the four routes. Their writes are record
 * writes (docs/write-path.md) of a table no device mirrors: versioned, audited and answered with an
 * ETag like any record, with no change cursor of their own — a change the assignments show re-stamps
 * those assignments instead.
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
  type Row = T['$inferSelect'];
  const one = async (executor: Executor, row: T['$inferSelect']) => (await spec.toApi(executor, [row]))[0]!;
  // Loaded through the plain table type (see above); the spec's own type is restored where it is read.
  const find = async (executor: Executor, id: string) => {
    const [row] = await executor.select().from(t).where(eq(t.id, id)).for('update');
    return row;
  };
  const values = (source: Row | I) => spec.fields(source) as RecordChanges<typeof dispoDrivers>;
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
    const tags = ['dispo'];
    const record = defineRecordWrite<typeof dispoDrivers, A>(app, {
      collection: null,
      table: t,
      entity: spec.entity,
      notFoundMessage: `The ${spec.noun} was not found`,
      load: (executor, id) => find(executor, id),
      toApi: (executor, row) => one(executor, row as Row),
    });

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
        record.create(request, reply, {}, async (w) => {
          const input = request.body as I;
          await spec.validate(w.tx, input, null);
          const id = uuidv7();
          const row = await guarded(() =>
            record.insert(
              w,
              request,
              { ...values(input), id },
              { action: 'create', changes: changedFields(null, spec.fields(input)) },
            ),
          );
          return record.answer(201, await record.toApi(w.tx, row), { location: `/api${spec.path}/${id}` });
        }),
    });

    r.put(`${spec.path}/:id`, {
      config: { access: 'dispo:write' },
      schema: { tags, params: idParams, body: input, response: { 200: item, ...errors } },
      handler: async (request, reply) =>
        record.write(
          request,
          reply,
          { id: request.params.id, alsoStamps: [ASSIGNMENTS] },
          async (w, { row: existing, current }) => {
            const input = request.body as I;
            await spec.validate(w.tx, input, existing as Row);
            const changes = changedFields(spec.fields(existing as Row), spec.fields(input));
            if (Object.keys(changes).length === 0) return record.answer(200, current);
            const row = await guarded(() =>
              record.update(w, request, existing, values(input), { action: 'update', changes }),
            );
            if (spec.shownInAssignments.some((field) => field in changes)) {
              await restampAssignments(w, spec.assignmentsOf(existing.id));
            }
            return record.answer(200, await record.toApi(w.tx, row));
          },
        ),
    });

    r.delete(`${spec.path}/:id`, {
      config: { access: 'dispo:write' },
      schema: { tags, params: idParams, response: { 200: item, ...errors } },
      handler: async (request, reply) =>
        record.write(
          request,
          reply,
          { id: request.params.id, allowDeleted: true },
          async (w, { row: existing }) => {
            const used = await spec.usedBy(w.tx, existing.id);
            if (used > 0) {
              throw conflict(usedMessage(spec.noun, used), { reason: 'in_use', assignments: used });
            }
            const row = await record.remove(w, request, existing);
            return record.answer(200, await record.toApi(w.tx, row));
          },
        ),
    });
  };
}
