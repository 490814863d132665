import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PUSH_MAX_ENTRIES, type SyncPushEntry, type SyncPushResult } from '@/domain/sync';
import { auditLog, excavators } from '@/server/db/schema';
import { createUser } from '../../support/helpers';
import { auth, createSyncTestApp, excavatorBody, type SyncTestApp } from '../../support/sync-fixtures';

let t: SyncTestApp;
let manager: string;
let viewer: string;

beforeAll(async () => {
  t = await createSyncTestApp();
  manager = (await createUser(t, { username: 'push-manager', role: 'manager' })).token;
  viewer = (await createUser(t, { username: 'push-viewer', role: 'auditor' })).token;
});
afterAll(async () => t.close());

const push = (token: string | null, entries: Array<Partial<SyncPushEntry>>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: token ? auth(token) : {},
    payload: { entries },
  });

const results = (res: { json(): unknown }) => (res.json() as { results: SyncPushResult[] }).results;

const create = (id: string, n: string, extra: Record<string, unknown> = {}): Partial<SyncPushEntry> => ({
  method: 'POST',
  url: '/api/excavators',
  idempotencyKey: uuidv7(),
  group: `excavators:${id}`,
  body: excavatorBody(n, { id, ...extra }),
});

const update = (id: string, n: string, extra: Partial<SyncPushEntry>): Partial<SyncPushEntry> => ({
  method: 'PUT',
  url: `/api/excavators/${id}`,
  idempotencyKey: uuidv7(),
  group: `excavators:${id}`,
  body: excavatorBody(n),
  ...extra,
});

async function row(id: string) {
  const [found] = await t.db.db.select().from(excavators).where(eq(excavators.id, id));
  return found;
}

describe('POST /api/sync/push', () => {
  it('applies entries in order: a create, two edits chained on its versions, a delete', async () => {
    const id = uuidv7();
    const entries = [
      create(id, 'push-1'),
      update(id, 'push-1', { body: excavatorBody('push-1', { location: 'Yard A' }), ifMatchFrom: 0 }),
      update(id, 'push-1', { body: excavatorBody('push-1', { location: 'Yard B' }), ifMatchFrom: 1 }),
    ];
    const res = await push(manager, entries);
    expect(res.statusCode).toBe(200);
    const answers = results(res);
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200]);
    expect(answers.map((a) => a.headers.etag)).toEqual(['"1"', '"2"', '"3"']);
    expect(answers[0]!.headers.location).toBe(`/api/excavators/${id}`);
    expect(answers[2]!.body).toMatchObject({ id, location: 'Yard B', version: 3 });
    expect(await row(id)).toMatchObject({ location: 'Yard B', version: 3 });

    // Each entry went through its route: the audit log holds one record per write.
    const audit = await t.db.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'excavator.create',
      'excavator.update',
      'excavator.update',
    ]);

    const removed = await push(manager, [
      {
        method: 'DELETE',
        url: `/api/excavators/${id}`,
        idempotencyKey: uuidv7(),
        ifMatch: 3,
        group: `excavators:${id}`,
      },
    ]);
    expect(results(removed)[0]!.status).toBe(200);
    expect((await row(id))?.deletedAt).not.toBeNull();
  });

  it('answers a resent batch from the key store: every write applied once', async () => {
    const id = uuidv7();
    const entries = [
      create(id, 'push-2'),
      update(id, 'push-2', { ifMatchFrom: 0, body: excavatorBody('push-2', { notes: 'x' }) }),
    ];
    const first = results(await push(manager, entries));
    const again = results(await push(manager, entries));
    expect(again.map((a) => a.status)).toEqual(first.map((a) => a.status));
    expect(again.map((a) => a.headers['idempotent-replayed'])).toEqual(['true', 'true']);
    expect(again.map((a) => a.body)).toEqual(first.map((a) => a.body));
    expect((await row(id))?.version).toBe(2);
    const rows = await t.db.db.select().from(excavators).where(eq(excavators.serialNumber, 'SN-push-2'));
    expect(rows).toHaveLength(1);
  });

  it('adds the record as it is now to a replayed entry that names its readUrl, and only to that', async () => {
    const id = uuidv7();
    const entries = [{ ...create(id, 'push-read'), readUrl: `/api/excavators/${id}` }];
    const [first] = results(await push(manager, entries));
    expect(first).toMatchObject({ status: 201 });
    expect(first!.current).toBeUndefined();
    const edited = results(
      await push(manager, [
        update(id, 'push-read', { ifMatch: 1, body: excavatorBody('push-read', { notes: 'later' }) }),
      ]),
    );
    expect(edited[0]!.status).toBe(200);
    const [again] = results(await push(manager, entries));
    expect(again).toMatchObject({ status: 201, headers: { 'idempotent-replayed': 'true' } });
    expect(again!.body).toMatchObject({ version: 1 });
    expect(again!.current).toMatchObject({ status: 200, body: { id, version: 2, notes: 'later' } });
    // The read goes through the record's own route; it may not point back at the batch.
    const refused = await push(viewer, [{ ...entries[0]!, readUrl: '/api/sync/push' }]);
    expect(refused.statusCode).toBe(400);
  });

  it('holds back later changes of a failed record and goes on with other records', async () => {
    const a = uuidv7();
    const b = uuidv7();
    expect(
      results(await push(manager, [create(a, 'push-3a'), create(b, 'push-3b')])).map((x) => x.status),
    ).toEqual([201, 201]);
    const answers = results(
      await push(manager, [
        // Stale base version: 409 with the current row, as the single route answers.
        update(a, 'push-3a', { ifMatch: 7, body: excavatorBody('push-3a', { notes: 'stale' }) }),
        update(a, 'push-3a', { ifMatchFrom: 0, body: excavatorBody('push-3a', { notes: 'after' }) }),
        update(b, 'push-3b', { ifMatch: 1, body: excavatorBody('push-3b', { notes: 'fine' }) }),
      ]),
    );
    expect(answers.map((x) => x.status)).toEqual([409, 424, 200]);
    expect(answers[0]!.body).toMatchObject({ code: 'CONFLICT', details: { reason: 'version' } });
    expect(answers[1]!.body).toMatchObject({ code: 'NOT_APPLIED' });
    expect((await row(a))?.notes).toBeNull();
    expect((await row(b))?.notes).toBe('fine');
  });

  it('checks permissions and validation per entry exactly like the single routes', async () => {
    const id = uuidv7();
    const denied = results(await push(viewer, [create(id, 'push-4')]));
    expect(denied[0]!.status).toBe(403);
    const invalid = results(
      await push(manager, [{ ...create(uuidv7(), 'push-5'), body: { name: '' } }, create(id, 'push-4')]),
    );
    expect(invalid.map((x) => x.status)).toEqual([400, 201]);
    expect(invalid[0]!.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('stops at a transient answer: later entries of every record are not applied', async () => {
    const id = uuidv7();
    const other = uuidv7();
    // The first key is taken by a different request: 422 is definitive, so the batch goes on; an
    // unknown route answers 404 (definitive too). Transient answers are covered by the client model.
    const key = uuidv7();
    await push(manager, [{ ...create(id, 'push-6'), idempotencyKey: key }]);
    const answers = results(
      await push(manager, [
        { ...create(uuidv7(), 'push-6b'), idempotencyKey: key },
        { method: 'POST', url: '/api/nothing-here', idempotencyKey: uuidv7(), body: {} },
        create(other, 'push-7'),
      ]),
    );
    expect(answers.map((x) => x.status)).toEqual([422, 404, 201]);
  });

  it('refuses too many entries, too many bytes, a nested batch and an anonymous caller', async () => {
    const many = Array.from({ length: SYNC_PUSH_MAX_ENTRIES + 1 }, (_, i) => create(uuidv7(), `many-${i}`));
    const tooMany = await push(manager, many);
    expect(tooMany.statusCode).toBe(413);
    expect(
      await t.db.db.select().from(excavators).where(eq(excavators.serialNumber, 'SN-many-0')),
    ).toHaveLength(0);

    const big = await push(manager, [
      { ...create(uuidv7(), 'big'), body: excavatorBody('big', { notes: 'x'.repeat(1_100_000) }) },
    ]);
    expect(big.statusCode).toBe(413);

    const nested = await push(manager, [
      { method: 'POST', url: '/api/sync/push', idempotencyKey: uuidv7(), body: { entries: [] } },
    ]);
    expect(nested.statusCode).toBe(400);

    const forward = await push(manager, [update(uuidv7(), 'fwd', { ifMatchFrom: 0 })]);
    expect(forward.statusCode).toBe(400);

    expect((await push(null, [create(uuidv7(), 'anon')])).statusCode).toBe(401);
  });

  it('is declared in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const spec = res.json() as { paths: Record<string, unknown> };
    expect(spec.paths['/api/sync/push']).toHaveProperty('post');
  });
});
