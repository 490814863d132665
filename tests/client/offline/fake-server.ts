import type { TransportRequest, TransportResponse } from '@/client/offline/transport';
import { COLLECTIONS } from '@/client/offline/collections';
import { fieldRules, planPatch } from '@/domain/field-merge';
import {
  isTransientStatus,
  MERGED_FROM_HEADER,
  parseVersionTag,
  SYNC_PUSH_MAX_ENTRIES,
  SYNC_PUSH_NOT_APPLIED,
  syncPushBodySchema,
  type SyncPushResult,
} from '@/domain/sync';
import { CONTROL_CHARACTER_MESSAGE, findForbiddenText } from '@/domain/text';

/*
 * An in-process model of the server's REST + sync protocol (src/server/plugins/write.ts,
 * src/server/modules/sync, src/server/modules/excavators): versions, Idempotency-Key store
 * (failures are not stored), If-Match, tombstones, the pull cursor with 410 after a purge. It serves
 * /api/excavators, GET /api/sync/pull and POST /api/sync/push, and injects faults: offline, lost
 * responses, 5xx, 429.
 * PATCH merges per field like src/server/modules/sync/patch.ts: every version keeps which fields it
 * changed and their value before (the server's `record_field_changes`), and the shared `planPatch`
 * decides; a partial 409 is an answer the handler returns, so it is stored under its key as well.
 */

const FIELDS = COLLECTIONS.excavators.updateFields!;

export interface ServerRow {
  id: string;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  deletedAt: string | null;
  seq: number;
  fields: Record<string, unknown>;
  /** Per version above 1: the fields it changed and their value before. */
  history: Array<{ version: number; field: string; old: unknown }>;
  /** The user behind each version, to tell who a PATCH merged with. */
  authors: Map<number, string>;
}

export type Fault = 'network-before' | 'lost-response' | 'http500' | 'http429' | 'http503' | 'in-flight';

export interface AppliedWrite {
  method: string;
  url: string;
  recordId: string;
  key: string | null;
  /** Fields whose value this write changed, with the new value. */
  introduced: Record<string, unknown>;
  created: boolean;
}

const headers = (values: Record<string, string> = {}) => {
  const map = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  return { get: (name: string) => map.get(name.toLowerCase()) ?? null };
};

const json = (status: number, body: unknown, extra?: Record<string, string>): TransportResponse => ({
  status,
  body,
  headers: headers(extra),
});

const error = (status: number, code: string, message: string, details?: unknown) =>
  json(status, { message, code, ...(details === undefined ? {} : { details }) });

function bodyOf(request: TransportRequest): Record<string, unknown> {
  if (typeof request.body === 'string') return JSON.parse(request.body) as Record<string, unknown>;
  // A multipart PATCH carries the changed fields as JSON in its `patch` part.
  if (request.body instanceof FormData) {
    const patch = request.body.get('patch');
    if (typeof patch === 'string') return JSON.parse(patch) as Record<string, unknown>;
  }
  return {};
}

const inFlight = () =>
  json(
    409,
    {
      message: 'A request with this Idempotency-Key is still in progress',
      code: 'CONFLICT',
      details: { reason: 'in_flight' },
    },
    { 'retry-after': '1' },
  );

export class FakeServer {
  rows = new Map<string, ServerRow>();
  seq = 0;
  /** Cursors at or below this (but above 0) answer 410: tombstones up to here were purged. */
  purgedThrough = 0;
  idempotency = new Map<
    string,
    { fingerprint: string; status: number; body: unknown; etag: string | null }
  >();
  tokens = new Map<string, string>();
  offline = false;
  faults: Fault[] = [];
  applied: AppliedWrite[] = [];
  /** Every request as it came over the wire (a batch is one). */
  requests: TransportRequest[] = [];
  /** Every request as a route saw it: single ones and each entry of a batch, with its headers. */
  routed: TransportRequest[] = [];
  clock = Date.parse('2025-01-01T00:00:00Z');
  /** Serves POST /api/sync/push; false plays an older server without it (404). */
  batches = true;
  /** Faults for the next entries of a batch. */
  private entryFaults: Array<'in-flight'> = [];
  /** Entries per push request served, in order. */
  pushed: number[] = [];
  /** Extra endpoints a test adds (another module's call); the first answer wins. */
  routes: Array<(request: TransportRequest, userId: string) => TransportResponse | undefined> = [];

  signIn(userId: string, token = `token-${userId}-${this.tokens.size}`): string {
    this.tokens.set(token, userId);
    return token;
  }

  expire(token: string) {
    this.tokens.delete(token);
  }

  private stamp(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  api(row: ServerRow) {
    const { seq: _seq, fields, history: _history, authors: _authors, ...meta } = row;
    return { ...meta, ...fields };
  }

  /** Writes new field values as the next version, recording what each changed field was before. */
  private change(row: ServerRow, next: Record<string, unknown>, userId: string): Record<string, unknown> {
    const introduced = Object.fromEntries(
      Object.entries(next).filter(([f, v]) => JSON.stringify(v) !== JSON.stringify(row.fields[f])),
    );
    if (Object.keys(introduced).length === 0) return introduced;
    row.version++;
    for (const field of Object.keys(introduced))
      row.history.push({ version: row.version, field, old: row.fields[field] });
    row.fields = { ...row.fields, ...introduced };
    row.updatedAt = this.stamp();
    row.updatedBy = userId;
    row.authors.set(row.version, userId);
    row.seq = ++this.seq;
    return introduced;
  }

  live(): ServerRow[] {
    return [...this.rows.values()].filter((row) => !row.deletedAt);
  }

  /** Another user edits a row directly (a conflicting server edit). */
  editAsOther(id: string, changes: Record<string, unknown>, userId = 'other'): boolean {
    const row = this.rows.get(id);
    if (!row || row.deletedAt) return false;
    this.change(row, { ...row.fields, ...changes }, userId);
    return true;
  }

  deleteAsOther(id: string, userId = 'other'): boolean {
    const row = this.rows.get(id);
    if (!row || row.deletedAt) return false;
    row.deletedAt = this.stamp();
    row.version++;
    row.updatedBy = userId;
    row.seq = ++this.seq;
    return true;
  }

  createAsOther(id: string, fields: Record<string, unknown>, userId = 'other') {
    this.insert(id, fields, userId);
  }

  /** A new row at version 1 with the known fields of `given` (the others null). */
  private insert(id: string, given: Record<string, unknown>, userId: string): ServerRow {
    const at = this.stamp();
    const row: ServerRow = {
      id,
      version: 1,
      createdAt: at,
      createdBy: userId,
      updatedAt: at,
      updatedBy: userId,
      deletedAt: null,
      seq: ++this.seq,
      fields: Object.fromEntries(FIELDS.map((f) => [f, given[f] ?? null])),
      history: [],
      authors: new Map([[1, userId]]),
    };
    this.rows.set(id, row);
    return row;
  }

  /** Purges tombstones: cursors from before now answer 410. */
  purgeTombstones() {
    for (const [id, row] of this.rows) if (row.deletedAt) this.rows.delete(id);
    this.purgedThrough = this.seq;
  }

  readonly transport = async (request: TransportRequest): Promise<TransportResponse> => {
    this.requests.push(request);
    if (this.offline) throw new TypeError('Failed to fetch');
    if (request.url === '/api/sync/push' && !this.batches) return error(404, 'NOT_FOUND', 'Not found');
    const fault =
      request.method === 'GET' && !request.url.startsWith('/api/sync') ? undefined : this.faults.shift();
    if (fault === 'network-before') throw new TypeError('Failed to fetch');
    if (fault === 'http500') return error(500, 'INTERNAL', 'Internal server error');
    if (fault === 'http503') return error(503, 'SERVICE_UNAVAILABLE', 'Unavailable', undefined);
    // Inside a batch the key of an entry is what is in flight: the first entry answers it.
    if (fault === 'in-flight' && request.url === '/api/sync/push') this.entryFaults.push('in-flight');
    else if (fault === 'in-flight') return inFlight();
    if (fault === 'http429')
      return json(429, { message: 'Too many requests', code: 'RATE_LIMITED' }, { 'retry-after': '2' });
    const refused = this.textRule(request);
    const response = refused ?? this.handle(request);
    if (fault === 'lost-response') throw new TypeError('The connection was reset');
    return response;
  };

  /** The server's text rule for every route (src/server/plugins/errors.ts): no control character in a JSON body. */
  private textRule(request: TransportRequest): TransportResponse | null {
    if (typeof request.body !== 'string') return null;
    const hit = findForbiddenText(JSON.parse(request.body));
    if (hit === null) return null;
    return error(400, 'VALIDATION_FAILED', 'Validation failed', {
      fields: { [hit || '_']: [CONTROL_CHARACTER_MESSAGE] },
    });
  }

  private handle(request: TransportRequest): TransportResponse {
    if (!request.url.startsWith('/api/sync/push')) this.routed.push(request);
    const token = request.headers['x-auth-token'];
    const userId = token ? this.tokens.get(token) : undefined;
    if (!userId) return error(401, 'UNAUTHENTICATED', 'Authentication required');
    const url = new URL(request.url, 'http://test');
    if (request.method === 'GET' && url.pathname === '/api/sync/pull') return this.pull(url);
    if (request.method === 'POST' && url.pathname === '/api/sync/push') {
      return this.push(request);
    }
    for (const route of this.routes) {
      const answer = route(request, userId);
      if (answer) return answer;
    }
    if (!url.pathname.startsWith('/api/excavators')) return error(404, 'NOT_FOUND', 'Not found');
    const id = url.pathname.split('/')[3];
    if (request.method === 'GET') {
      const row = id ? this.rows.get(id) : undefined;
      return row && !row.deletedAt
        ? json(200, this.api(row))
        : error(404, 'NOT_FOUND', 'Excavator not found');
    }
    const body = bodyOf(request);
    const key = request.headers['idempotency-key'] ?? null;
    const fingerprint = `${request.method} ${request.url} ${JSON.stringify(body)}`;
    if (key) {
      const stored = this.idempotency.get(`${userId}:${key}`);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return error(
            422,
            'IDEMPOTENCY_MISMATCH',
            'This Idempotency-Key was already used for a different request',
          );
        }
        return json(stored.status, stored.body, {
          'idempotent-replayed': 'true',
          ...(stored.etag === null ? {} : { etag: stored.etag }),
        });
      }
    }
    const result = this.write(request, userId, id, body, key);
    if (key && (result.status < 400 || (request.method === 'PATCH' && result.status === 409)))
      this.idempotency.set(`${userId}:${key}`, {
        fingerprint,
        status: result.status,
        body: result.body,
        etag: result.headers.get('etag'),
      });
    return result;
  }

  /**
   * `POST /api/sync/push`: each entry through `handle` as its own request, with the server's rules
   * (src/domain/sync.ts): a failed entry holds back its group's later entries (424), a transient
   * answer stops the batch, `ifMatchFrom` takes the ETag an earlier entry answered.
   */
  private push(request: TransportRequest): TransportResponse {
    const parsed = syncPushBodySchema.safeParse(JSON.parse(String(request.body)));
    if (!parsed.success) return error(400, 'VALIDATION_FAILED', 'Validation failed');
    const { entries } = parsed.data;
    if (entries.length > SYNC_PUSH_MAX_ENTRIES) return error(413, 'PAYLOAD_TOO_LARGE', 'Too many entries');
    this.pushed.push(entries.length);
    const results: SyncPushResult[] = [];
    const failed = new Set<string>();
    let stopped = false;
    const notApplied = () => ({
      status: SYNC_PUSH_NOT_APPLIED,
      body: { message: 'Not applied', code: 'NOT_APPLIED' },
      headers: {},
    });
    for (const entry of entries) {
      if (stopped || (entry.group !== undefined && failed.has(entry.group))) {
        results.push(notApplied());
        continue;
      }
      const fromEarlier =
        entry.ifMatchFrom === undefined ? null : parseVersionTag(results[entry.ifMatchFrom]?.headers.etag);
      const base = fromEarlier ?? entry.ifMatch;
      const routed: TransportRequest = {
        method: entry.method,
        url: entry.url,
        headers: {
          'x-auth-token': request.headers['x-auth-token'] ?? '',
          'idempotency-key': entry.idempotencyKey,
          ...(base !== undefined && base > 0 ? { 'if-match': `"${base}"` } : {}),
          ...(entry.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(entry.body === undefined ? {} : { body: JSON.stringify(entry.body) }),
      };
      let answer: TransportResponse;
      if (this.entryFaults.shift()) {
        this.routed.push(routed);
        answer = inFlight();
      } else answer = this.handle(routed);
      const headers: Record<string, string> = {};
      for (const name of ['etag', 'location', 'idempotent-replayed', 'retry-after', MERGED_FROM_HEADER]) {
        const value = answer.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      const result: SyncPushResult = { status: answer.status, body: answer.body ?? null, headers };
      if (entry.readUrl !== undefined && headers['idempotent-replayed'] === 'true') {
        const now = this.handle({
          method: 'GET',
          url: entry.readUrl,
          headers: { 'x-auth-token': request.headers['x-auth-token'] ?? '' },
        });
        result.current = { status: now.status, body: now.body ?? null };
      }
      results.push(result);
      if (answer.status >= 300) {
        if (entry.group !== undefined) failed.add(entry.group);
        if (isTransientStatus(answer.status)) stopped = true;
      }
    }
    return json(200, { results });
  }

  /** `POST /api/excavators/import` {rows: [{name, …}]}: a batch like the inventory import (one answer). */
  private importBatch(
    userId: string,
    body: Record<string, unknown>,
    log: (recordId: string, introduced: Record<string, unknown>, created?: boolean) => void,
  ): TransportResponse {
    if (!Array.isArray(body.rows)) return error(400, 'VALIDATION_FAILED', 'rows must be a list');
    const errors: Array<{ row: number; reason: string }> = [];
    let imported = 0;
    body.rows.forEach((raw: unknown, index) => {
      const given = (raw ?? {}) as Record<string, unknown>;
      if (typeof given.name !== 'string' || !given.name.trim()) {
        errors.push({ row: index + 1, reason: 'Name is required' });
        return;
      }
      const row = this.insert(`srv-${this.seq + 1}`, given, userId);
      log(row.id, row.fields, true);
      imported++;
    });
    return json(200, { imported, errors });
  }

  private write(
    request: TransportRequest,
    userId: string,
    id: string | undefined,
    body: Record<string, unknown>,
    key: string | null,
  ): TransportResponse {
    const expected = parseVersionTag(request.headers['if-match']);
    const log = (recordId: string, introduced: Record<string, unknown>, created = false) =>
      this.applied.push({ method: request.method, url: request.url, recordId, key, introduced, created });
    if (request.method === 'POST' && id === 'import') return this.importBatch(userId, body, log);
    if (request.method === 'POST' && !id) {
      if (typeof body.name !== 'string' || !body.name.trim())
        return error(400, 'VALIDATION_FAILED', 'Name is required');
      const newId = typeof body.id === 'string' ? body.id : `srv-${this.seq + 1}`;
      const fields = Object.fromEntries(FIELDS.map((f) => [f, body[f] ?? null]));
      const existing = this.rows.get(newId);
      if (existing) {
        const same =
          existing.createdBy === userId &&
          !existing.deletedAt &&
          JSON.stringify(existing.fields) === JSON.stringify(fields);
        if (same) return json(200, this.api(existing));
        return error(409, 'CONFLICT', 'This id is already used by another record', {
          reason: 'id_taken',
          ...(existing.deletedAt ? {} : { current: this.api(existing) }),
        });
      }
      const at = this.stamp();
      const row: ServerRow = {
        id: newId,
        version: 1,
        createdAt: at,
        createdBy: userId,
        updatedAt: at,
        updatedBy: userId,
        deletedAt: null,
        seq: ++this.seq,
        fields,
        history: [],
        authors: new Map([[1, userId]]),
      };
      this.rows.set(newId, row);
      log(newId, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)), true);
      return json(201, this.api(row), { etag: `"1"` });
    }
    const row = id ? this.rows.get(id) : undefined;
    if (request.method === 'PUT' && id) {
      if (!row || row.deletedAt) return error(404, 'NOT_FOUND', 'Excavator not found');
      if (expected !== null && expected !== row.version) {
        return error(409, 'CONFLICT', 'This record was changed by someone else in the meantime', {
          reason: 'version',
          current: this.api(row),
        });
      }
      if (typeof body.name !== 'string' || !body.name.trim())
        return error(400, 'VALIDATION_FAILED', 'Name is required');
      const next = Object.fromEntries(FIELDS.map((f) => [f, body[f] ?? null]));
      const introduced = this.change(row, next, userId);
      if (Object.keys(introduced).length === 0) return json(200, this.api(row), { etag: `"${row.version}"` });
      log(row.id, introduced);
      return json(200, this.api(row), { etag: `"${row.version}"` });
    }
    if (request.method === 'PATCH' && id) return this.patch(row, userId, expected, body, log);
    if (request.method === 'DELETE' && id) {
      if (!row) return error(404, 'NOT_FOUND', 'Excavator not found');
      if (row.deletedAt) return json(200, this.api(row));
      if (expected !== null && expected !== row.version) {
        return error(409, 'CONFLICT', 'This record was changed by someone else in the meantime', {
          reason: 'version',
          current: this.api(row),
        });
      }
      row.deletedAt = this.stamp();
      row.version++;
      row.updatedBy = userId;
      row.seq = ++this.seq;
      log(row.id, { deletedAt: row.deletedAt });
      return json(200, this.api(row));
    }
    return error(404, 'NOT_FOUND', 'Not found');
  }

  /**
   * `PATCH /api/excavators/{id}` with `If-Match: "<base>"`: a sent field the server did not change
   * since the base is applied; one changed there merges by its rule; only a true overlap is named in a
   * 409, which still writes every other field.
   */
  private patch(
    row: ServerRow | undefined,
    userId: string,
    base: number | null,
    body: Record<string, unknown>,
    log: (recordId: string, introduced: Record<string, unknown>) => void,
  ): TransportResponse {
    if (!row || row.deletedAt) return error(404, 'NOT_FOUND', 'Excavator not found');
    const unknown = Object.keys(body).filter((field) => !FIELDS.includes(field));
    if (unknown.length > 0) return error(400, 'VALIDATION_FAILED', `Unknown fields: ${unknown.join(', ')}`);
    if ('name' in body && (typeof body.name !== 'string' || !body.name.trim()))
      return error(400, 'VALIDATION_FAILED', 'Name is required');
    const since = new Map<string, unknown>();
    if (base !== null && base < row.version) {
      for (const change of row.history)
        if (change.version > base && !since.has(change.field)) since.set(change.field, change.old);
    }
    const plan = planPatch(
      row.fields,
      body,
      (field) => (since.has(field) ? { changed: true, base: since.get(field) } : { changed: false }),
      fieldRules('excavators'),
    );
    const before = row.version;
    const introduced = this.change(row, { ...row.fields, ...plan.apply }, userId);
    if (Object.keys(introduced).length > 0) log(row.id, introduced);
    const headers: Record<string, string> = { etag: `"${row.version}"` };
    const others = this.mergedFrom(row, base, before, userId);
    if (others) headers[MERGED_FROM_HEADER] = encodeURIComponent(others);
    if (plan.conflicts.length === 0) return json(200, this.api(row), headers);
    const current = this.api(row);
    return json(
      409,
      {
        message: 'Some fields were changed by someone else in the meantime',
        code: 'CONFLICT',
        conflicts: plan.conflicts,
        current,
        merged: plan.merged,
        details: { reason: 'fields', conflicts: plan.conflicts, current, merged: plan.merged },
      },
      headers,
    );
  }

  /** The last other person who changed the record after `base` (up to `before`), as the server names them. */
  private mergedFrom(row: ServerRow, base: number | null, before: number, userId: string): string | null {
    if (base === null) return null;
    for (let version = before; version > base; version--) {
      const author = row.authors.get(version);
      if (author && author !== userId) return author;
    }
    return null;
  }

  private pull(url: URL): TransportResponse {
    const cursor = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 500);
    if ((cursor > 0 && cursor < this.purgedThrough) || cursor > this.seq) {
      return error(410, 'GONE', 'The sync cursor is too old; mirror again from the start');
    }
    const rows = [...this.rows.values()]
      .filter((row) => row.seq > cursor && (cursor > 0 || !row.deletedAt))
      .sort((a, b) => a.seq - b.seq);
    const page = rows.slice(0, limit);
    const last = page.at(-1)?.seq ?? Math.max(cursor, this.seq);
    return json(200, {
      changes: page.map((row) => ({
        collection: 'excavators',
        id: row.id,
        deleted: !!row.deletedAt,
        version: row.version,
        data: row.deletedAt ? null : this.api(row),
      })),
      cursor: page.length < rows.length ? last : this.seq,
      hasMore: page.length < rows.length,
      collections: ['excavators'],
    });
  }
}
