import { and, asc, eq, getTableColumns, getTableName, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldRules, planPatch, type PatchPlan } from '@/domain/field-merge';
import type { Action } from '@/domain/permissions';
import { MERGED_FROM_HEADER, versionTag, type SyncCollectionName } from '@/domain/sync';
import type { Executor } from '../../db/client';
import { recordFieldChanges, users } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { readImageParts, type UploadedImage } from '../../plugins/uploads';
import { multipartFingerprintBody, readIfMatch, type WriteContext } from '../../plugins/write';
import type { SyncedTable } from './registry';

/*
 * Field-level PATCH for a synced collection (docs/field-level-sync.md). A module declares its table,
 * the fields a PATCH may send (a zod object; each sent field is validated alone), who may write, how
 * to load and lock a row as the API shows it, and how to write a full set of field values (its PUT's
 * update step). This file does the rest in one transaction through `app.runWrite`: If-Match, what
 * changed on the server since that version (from `record_field_changes`), the per-field merge shared
 * with the client, and the answer — 200 with the row, or 409 naming only the fields that truly
 * overlap while every other sent field is applied.
 */

export interface PatchRequestInput {
  /** The sent fields, validated (only those present). */
  fields: Record<string, unknown>;
  /** Module-specific extras that are not fields (files, `removeGallery`, …); always applied. */
  extras: Record<string, unknown>;
  fingerprintBody: unknown;
}

export interface PatchSpec<TRow extends { version: number; deletedAt: Date | null }, TApi> {
  collection: SyncCollectionName;
  /** Below /api, e.g. '/excavators'. */
  path: string;
  access: Action;
  table: SyncedTable;
  /** Every synced collection the update step may stamp; defaults to `[collection]`. */
  collections?: readonly string[];
  notFoundMessage: string;
  /** The fields a PATCH may send. */
  fieldsSchema: z.ZodObject;
  /** Reads the body (JSON, or multipart with a `patch` part holding the JSON); defaults to JSON only. */
  readInput?(request: FastifyRequest): Promise<PatchRequestInput>;
  /** Loads the row FOR UPDATE. */
  load(executor: Executor, id: string): Promise<TRow | undefined>;
  toApi(executor: Executor, row: TRow): Promise<TApi>;
  /** The editable field values of the API row, as PATCH fields are named. */
  fieldsOf(api: TApi): Record<string, unknown>;
  /** Rejects a PATCH the module's rules forbid for this row (e.g. an approved report); throws. */
  authorize?(request: FastifyRequest, row: TRow, changed: readonly string[]): void;
  /** Writes `values` (every editable field) and the extras; returns the new row (or `row` if unchanged). */
  update(
    w: WriteContext,
    request: FastifyRequest,
    row: TRow,
    values: Record<string, unknown>,
    extras: Record<string, unknown>,
  ): Promise<TRow>;
  /**
   * A column (its drizzle key) and stored value from the change history as the API names and shows it,
   * where they differ (inventory keeps `price` as `priceCents`).
   */
  historyField?(column: string, value: unknown): [string, unknown];
  /** The 200 response schema (docs and serialization). */
  responseSchema: z.ZodType;
}

/** Field (API name) → its value before the first change after `base`, for every field changed since. */
export async function changesSince(
  executor: Executor,
  table: SyncedTable,
  id: string,
  base: number,
  rename: (column: string, value: unknown) => [string, unknown] = (column, value) => [column, value],
): Promise<Map<string, unknown>> {
  const apiName = new Map<string, string>();
  for (const [key, column] of Object.entries(getTableColumns(table))) apiName.set(column.name, key);
  const rows = await executor
    .select({ field: recordFieldChanges.field, oldValue: recordFieldChanges.oldValue })
    .from(recordFieldChanges)
    .where(
      and(
        eq(recordFieldChanges.tbl, getTableName(table)),
        eq(recordFieldChanges.recordId, id),
        gt(recordFieldChanges.version, base),
      ),
    )
    .orderBy(asc(recordFieldChanges.version));
  const changed = new Map<string, unknown>();
  for (const row of rows) {
    const [field, value] = rename(apiName.get(row.field) ?? row.field, row.oldValue);
    if (!changed.has(field)) changed.set(field, value);
  }
  return changed;
}

/** The JSON body of a PATCH, or the `patch` part of a multipart one, as an object. */
export function patchObject(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest('The patch must be a JSON object');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The patch must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** Validates the sent fields: unknown ones are refused, so a typo is never silently dropped. */
export function parsePatchFields(
  schema: z.ZodObject,
  body: Record<string, unknown>,
  except: readonly string[] = [],
): Record<string, unknown> {
  const known = new Set(Object.keys(schema.shape).filter((key) => !except.includes(key)));
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw badRequest('Unknown fields in the patch', {
      fields: Object.fromEntries(unknown.map((key) => [key, ['This field cannot be changed here']])),
    });
  }
  // Each field alone: rules across fields are checked on the whole record when it is written.
  // The issues go out through the error handler like a whole-body failure: English per field and the
  // keyed issues the app translates.
  const out: Record<string, unknown> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const [key, value] of Object.entries(body)) {
    const parsed = (schema.shape[key] as z.ZodType).safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] })));
  }
  if (issues.length > 0) throw new z.ZodError(issues);
  return out;
}

export interface PatchConflictBody<TApi> {
  message: string;
  code: 'CONFLICT';
  conflicts: PatchPlan['conflicts'];
  current: TApi;
  merged: string[];
  details: { reason: 'fields'; conflicts: PatchPlan['conflicts']; current: TApi; merged: string[] };
}

/**
 * A PATCH body: JSON, or multipart where files come along — then the part `patch` holds the JSON of
 * the changed fields (multipart fields cannot say "cleared") and the files follow as in a POST.
 */
export async function readPatchInput(
  request: FastifyRequest,
  fileFields: readonly string[] = [],
): Promise<{ fields: Record<string, unknown>; files: UploadedImage[]; fingerprintBody: unknown }> {
  if (request.isMultipart()) {
    const form = await readImageParts(request, { fileFields });
    const raw = form.fields.patch;
    const fields = patchObject(Array.isArray(raw) ? raw[raw.length - 1] : (raw ?? '{}'));
    return { fields, files: form.files, fingerprintBody: multipartFingerprintBody(form.fields, form.files) };
  }
  const body = patchObject(request.body ?? {});
  return { fields: body, files: [], fingerprintBody: body };
}

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/**
 * Who last changed the record after the PATCH's base, when that was someone else: their name goes back
 * with the answer so the device can tell its user whose work joined theirs.
 */
async function mergedFrom(
  executor: Executor,
  row: { version: number; updatedBy?: string | null },
  base: number | null,
  userId: string | undefined,
): Promise<string | null> {
  if (base === null || base >= row.version || !row.updatedBy || row.updatedBy === userId) return null;
  const [user] = await executor
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, row.updatedBy));
  return user ? user.name?.trim() || user.username : null;
}

export function registerPatchRoute<TRow extends { version: number; deletedAt: Date | null }, TApi>(
  app: FastifyInstance,
  spec: PatchSpec<TRow, TApi>,
): void {
  const readInput =
    spec.readInput ??
    (async (request: FastifyRequest): Promise<PatchRequestInput> => {
      const body = patchObject(request.body ?? {});
      return { fields: parsePatchFields(spec.fieldsSchema, body), extras: {}, fingerprintBody: body };
    });
  app.route({
    method: 'PATCH',
    url: `${spec.path}/:id`,
    config: { access: spec.access },
    schema: {
      tags: [spec.collection],
      params: idParams,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: spec.responseSchema },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = idParams.parse(request.params);
      const base = readIfMatch(request);
      const input = await readInput(request);
      const collections = spec.collections ?? [spec.collection];
      const options = { collections, fingerprintBody: input.fingerprintBody };
      return app.runWrite(request, reply, options, async (w) => {
        const existing = await spec.load(w.tx, id);
        if (!existing || existing.deletedAt) throw notFound(spec.notFoundMessage);
        const currentApi = await spec.toApi(w.tx, existing);
        const current = spec.fieldsOf(currentApi);
        // No base (or the current one): nothing happened on the server that this change has not seen.
        const history =
          base === null || base >= existing.version
            ? new Map<string, unknown>()
            : await changesSince(w.tx, spec.table, id, base, spec.historyField);
        const plan = planPatch(
          current,
          input.fields,
          (field) => (history.has(field) ? { changed: true, base: history.get(field) } : { changed: false }),
          fieldRules(spec.collection),
        );
        spec.authorize?.(request, existing, Object.keys(plan.apply));
        const hasExtras = Object.keys(input.extras).length > 0;
        const row =
          Object.keys(plan.apply).length > 0 || hasExtras
            ? await spec.update(w, request, existing, { ...current, ...plan.apply }, input.extras)
            : existing;
        const api = row === existing ? currentApi : await spec.toApi(w.tx, row);
        const headers: Record<string, string> = { etag: versionTag(row.version) };
        const others = await mergedFrom(w.tx, existing, base, request.user?.id);
        if (others) headers[MERGED_FROM_HEADER] = encodeURIComponent(others);
        if (plan.conflicts.length === 0) return { status: 200, body: api, headers };
        // The fields that did not overlap are written (above); the answer names only the overlaps.
        const body: PatchConflictBody<TApi> = {
          message: 'Some fields were changed by someone else in the meantime',
          code: 'CONFLICT',
          conflicts: plan.conflicts,
          current: api,
          merged: plan.merged,
          details: { reason: 'fields', conflicts: plan.conflicts, current: api, merged: plan.merged },
        };
        return { status: 409, body: body as unknown as TApi, headers };
      });
    },
  });
}
