import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  ENTRY_NOT_FOUND_MESSAGE,
  logbookCreateSchema,
  LOGBOOK_FIELD_NAMES,
  logbookEntrySchema,
  logbookFieldsSchema,
  logbookListQuerySchema,
  logbookWriteOptions,
  logbookListSchema,
  logbookUpdateSchema,
  type LogbookEntry,
  type LogbookFields,
  type LogbookStatus,
} from '@/domain/logbook';
import { decideLogbookAction, statusAfterSave } from '@/domain/logbook-status';
import { versionTag } from '@/domain/sync';
import { logbookEntries } from '../../db/schema';
import { sendListPage } from '../../plugins/list-memo';
import { conflict, notFound } from '../../http-error';
import { parsePatchFields, readPatchInput, registerPatchRoute } from '../sync/patch';
import { changedFields } from '../../plugins/audit';
import { readIfMatch, type WriteContext } from '../../plugins/write';
import { defineRecordWrite, type RecordWriter } from '../sync/record-write';
import type { WeatherService } from '../../services/weather/service';
import { errorBodySchema } from '../auth/schemas';
import { readLogbookConfig } from './config';
import {
  fieldsOf,
  findEntry,
  listEntries,
  logbookRowsToApi,
  oneToApi,
  profileSignature,
  sameContent,
  type LogbookFieldValues,
  type LogbookRow,
} from './data';
import {
  assertAllowed,
  LOGBOOK_PENDING_EVENT,
  notifyTransition,
  signatureMark,
  signatureMissing,
} from './service';

export const LOGBOOK_COLLECTION = 'logbook';
export const idParams = z.object({ id: z.string().max(100) });
const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

export type LogbookWriter = RecordWriter<typeof logbookEntries, LogbookEntry>;

/** How a logbook entry is written (the shared record write). */
export function logbookRecord(app: FastifyInstance): LogbookWriter {
  return defineRecordWrite(app, {
    collection: LOGBOOK_COLLECTION,
    table: logbookEntries,
    entity: 'logbook',
    notFoundMessage: ENTRY_NOT_FOUND_MESSAGE,
    load: findEntry,
    toApi: oneToApi,
  });
}

/** What the audit records of a version: the fields, the status and whether a signature is on file. */
function auditView(fields: LogbookFieldValues, status: LogbookStatus, signature: string | null) {
  return { ...fields, status, creatorSignature: signatureMark(signature) };
}

/**
 * `fetchWeather: true` with an empty weather: fill it from the weather service for the entry's date at
 * the shift start, before the transaction (no network wait holds locks). Failures leave it empty.
 */
async function withFetchedWeather(
  app: FastifyInstance,
  weather: WeatherService,
  request: FastifyRequest,
  input: LogbookFields & { fetchWeather?: boolean },
): Promise<LogbookFields> {
  if (!input.fetchWeather || input.weather !== null) return input;
  try {
    const { site } = await readLogbookConfig(app.db);
    const reading = await weather.lookup({
      latitude: site.latitude,
      longitude: site.longitude,
      date: input.date,
      time: input.shiftStart,
    });
    return {
      ...input,
      weather: {
        temperature: reading.temperature,
        humidity: reading.humidity,
        conditions: reading.conditions,
      },
    };
  } catch (err) {
    request.log.warn({ err }, 'logbook: weather could not be filled in');
    return input;
  }
}

/** Signs for `userId` at the write's time: their profile signature, or 422 when they have none. */
async function signNow(w: WriteContext, userId: string) {
  const signature = await profileSignature(w.tx, userId);
  if (!signature) throw signatureMissing();
  return { creatorSignature: signature, signedAt: w.at };
}

/**
 * The save step of PUT and PATCH on the locked row: the status rules, signing or withdrawing the
 * signature, the new version and the audit. Answers the stored row and the API row.
 */
async function saveEntry(
  app: FastifyInstance,
  record: LogbookWriter,
  request: FastifyRequest,
  w: WriteContext,
  existing: LogbookRow,
  current: LogbookEntry,
  fields: LogbookFieldValues,
  sign: boolean | undefined,
): Promise<{ row: LogbookRow; body: LogbookEntry }> {
  const actor = request.user!;
  assertAllowed(decideLogbookAction(actor, current, 'save'), 'save', current);
  if (sign === true) assertAllowed(decideLogbookAction(actor, current, 'sign'), 'sign', current);
  const from = current.status as Exclude<LogbookStatus, 'approved'>;
  const contentChanged = !sameContent(fieldsOf(existing), fields);
  const status = statusAfterSave(from, { sign, contentChanged });
  // Signing again only when there is something new to sign.
  const resign = sign === true && (from !== 'pending' || contentChanged);
  if (!contentChanged && status === from && !resign) return { row: existing, body: current };

  const signed = resign
    ? await signNow(w, actor.id)
    : status === 'unsigned'
      ? { creatorSignature: null, signedAt: null }
      : { creatorSignature: existing.creatorSignature, signedAt: existing.signedAt };
  const row = await record.update(w, request, existing, { ...fields, ...signed, status }, null);
  const body = await record.toApi(w.tx, row);
  const changes = changedFields(
    auditView(fieldsOf(existing), from, existing.creatorSignature),
    auditView(fields, status, signed.creatorSignature),
  );
  if (contentChanged) await record.audit(w, request, existing.id, { action: 'update', changes });
  if (resign) await signedTransition(app, request, w, body, from);
  else if (status !== from) {
    await record.audit(w, request, existing.id, {
      action: 'unsign',
      changes: { status: { from, to: status }, creatorSignature: { from: 'set', to: null } },
    });
  }
  return { row, body };
}

/**
 * Logbook entries: list and read for every signed-in user, writes for logbook:write (admin,
 * manager, operator) under the status rules of src/domain/logbook-status.ts, all behind the
 * `betriebstagebuch` flag. Writes go through the shared record write (Idempotency-Key, If-Match, version, change cursor).
 */
export function entryRoutes(weather: WeatherService) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const record = logbookRecord(app);

    r.get('/betriebstagebuch', {
      config: { access: 'logbook:read' },
      schema: {
        tags: ['logbook'],
        querystring: logbookListQuerySchema,
        response: { 200: logbookListSchema, 400: errorBodySchema },
      },
      // Pages stay in memory until the entries or their authors' names change; `author=me` is per user.
      handler: async (request, reply) => {
        const userId = request.user!.id;
        const key = `list ${request.query.author === 'me' ? userId : ''} ${JSON.stringify(request.query)}`;
        const memo = { tables: ['logbook_entries', 'users'], key, schema: logbookListSchema };
        return sendListPage(app, reply, memo, async () => {
          const { rows, total } = await listEntries(app.db, request.query, userId);
          return {
            items: await logbookRowsToApi(app.db, rows),
            total,
            page: request.query.page,
            limit: request.query.limit,
          };
        });
      },
    });

    r.get('/betriebstagebuch/:id', {
      config: { access: 'logbook:read' },
      schema: {
        tags: ['logbook'],
        params: idParams,
        response: { 200: logbookEntrySchema, 404: errorBodySchema },
      },
      handler: async (request, reply) => {
        const row = await findEntry(app.db, request.params.id);
        if (!row || row.deletedAt) throw notFound(ENTRY_NOT_FOUND_MESSAGE);
        const body = await oneToApi(app.db, row);
        reply.header('etag', versionTag(body.version));
        return body;
      },
    });

    r.post('/betriebstagebuch', {
      config: { access: 'logbook:write' },
      schema: {
        tags: ['logbook'],
        body: logbookCreateSchema,
        response: { 200: logbookEntrySchema, 201: logbookEntrySchema, ...errors },
      },
      handler: async (request, reply) => {
        const input = request.body;
        const fields = fieldsOf(await withFetchedWeather(app, weather, request, input));
        const me = request.user!.id;
        return record.create(request, reply, {}, async (w) => {
          if (input.id) {
            const existing = await findEntry(w.tx, input.id);
            if (existing) {
              // A repeated create (the outbox lost the answer): same author and content → the row.
              const comparable = (f: LogbookFieldValues) =>
                input.fetchWeather && input.weather === null ? { ...f, weather: null } : f;
              const same =
                existing.createdBy === me &&
                !existing.deletedAt &&
                sameContent(comparable(fieldsOf(existing)), comparable(fields));
              if (same) return record.answer(200, await oneToApi(w.tx, existing));
              throw conflict('This id is already used by another record', {
                reason: 'id_taken',
                ...(existing.deletedAt ? {} : { current: await oneToApi(w.tx, existing) }),
              });
            }
          }
          const signed = input.sign ? await signNow(w, me) : { creatorSignature: null, signedAt: null };
          const status: LogbookStatus = input.sign ? 'pending' : 'unsigned';
          const row = await record.insert(
            w,
            request,
            { ...fields, ...signed, id: input.id ?? uuidv7(), status },
            {
              action: 'create',
              changes: changedFields(null, auditView(fields, status, signed.creatorSignature)),
            },
          );
          const body = await record.toApi(w.tx, row);
          if (status === 'pending') await signedTransition(app, request, w, body, 'unsigned');
          return record.answer(201, body, { location: `/api/betriebstagebuch/${body.id}` });
        });
      },
    });

    r.put('/betriebstagebuch/:id', {
      config: { access: 'logbook:write' },
      schema: {
        tags: ['logbook'],
        params: idParams,
        body: logbookUpdateSchema,
        response: { 200: logbookEntrySchema, ...errors },
      },
      handler: async (request, reply) => {
        const expected = readIfMatch(request);
        const input = request.body;
        const fields = fieldsOf(await withFetchedWeather(app, weather, request, input));
        const options = { id: request.params.id, expected };
        return record.write(request, reply, options, async (w, { row, current }) => {
          const saved = await saveEntry(app, record, request, w, row, current, fields, input.sign);
          return record.answer(200, saved.body);
        });
      },
    });

    registerPatchRoute(app, {
      collection: LOGBOOK_COLLECTION,
      path: '/betriebstagebuch',
      access: 'logbook:write',
      table: logbookEntries,
      notFoundMessage: ENTRY_NOT_FOUND_MESSAGE,
      fieldsSchema: logbookFieldsSchema,
      responseSchema: logbookEntrySchema,
      readInput: async (request) => {
        const { fields, fingerprintBody } = await readPatchInput(request);
        const { sign, fetchWeather, ...rest } = fields;
        const options = z.object(logbookWriteOptions).parse({ sign, fetchWeather });
        const sent = parsePatchFields(logbookFieldsSchema, rest);
        // The weather is looked up before the transaction (no network wait holds locks), for the
        // entry's date and shift as they will be after this change.
        if (options.fetchWeather && (sent.weather ?? null) === null) {
          const stored = await findEntry(app.db, (request.params as { id: string }).id);
          if (stored && stored.weather === null) {
            const input = { ...fieldsOf(stored), ...sent, weather: null } as LogbookFields;
            const filled = await withFetchedWeather(app, weather, request, { ...input, fetchWeather: true });
            if (filled.weather !== null) sent.weather = filled.weather;
          }
        }
        return {
          fields: sent,
          extras: options.sign === undefined ? {} : { sign: options.sign },
          fingerprintBody,
        };
      },
      load: (executor, id) => findEntry(executor, id, true),
      toApi: (executor, row) => oneToApi(executor, row),
      fieldsOf: (api) => Object.fromEntries(LOGBOOK_FIELD_NAMES.map((name) => [name, api[name]])),
      update: async (w, request, row, values, extras) => {
        const fields = fieldsOf(logbookFieldsSchema.parse(values));
        const sign = (extras as { sign?: boolean }).sign;
        return (await saveEntry(app, record, request, w, row, await oneToApi(w.tx, row), fields, sign)).row;
      },
    });

    r.delete('/betriebstagebuch/:id', {
      config: { access: 'logbook:write' },
      schema: { tags: ['logbook'], params: idParams, response: { 200: logbookEntrySchema, ...errors } },
      handler: async (request, reply) => {
        const options = { id: request.params.id, allowDeleted: true };
        return record.write(request, reply, options, async (w, { row: existing, current }) => {
          assertAllowed(decideLogbookAction(request.user, current, 'delete'), 'delete', current);
          const row = await record.remove(w, request, existing);
          return record.answer(200, await record.toApi(w.tx, row));
        });
      },
    });
  };
}

/** unsigned/pending → pending by signing: the transition's audit record and the reviewers' notice. */
async function signedTransition(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  entry: LogbookEntry,
  from: LogbookStatus,
) {
  await app.audit(
    request,
    {
      action: 'logbook.sign',
      entity: 'logbook',
      entityId: entry.id,
      changes: { status: { from, to: 'pending' }, creatorSignature: { from: null, to: 'set' } },
    },
    w.tx,
  );
  await notifyTransition(app, request, w, LOGBOOK_PENDING_EVENT, entry);
}
