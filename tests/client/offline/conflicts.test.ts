import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, excavator, type Harness } from './harness';

let h: Harness;
let id: string;

beforeEach(async () => {
  h = createHarness();
  id = (await h.engine.createRecord('excavators', excavator('A', { location: 'Yard 1', notes: 'n1' }))).id;
  await h.engine.replay();
  h.server.requests = [];
  h.server.routed = [];
});

afterEach(async () => {
  await h.dispose();
});

const entry = async () => (await h.db.outbox.orderBy('seq').first())!;
const serverFields = () => h.server.rows.get(id)!.fields;

describe('field-level PATCH: only true overlaps conflict', () => {
  it('merges disjoint changes on the server in one request', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'Yard 2' });
    h.server.editAsOther(id, { notes: 'theirs' });
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 1 });
    const [patch, ...rest] = h.server.routed.filter((r) => r.method !== 'GET');
    expect(rest).toEqual([]);
    expect(patch).toMatchObject({ method: 'PATCH' });
    expect(patch!.headers['if-match']).toBe('"1"');
    expect(JSON.parse(patch!.body as string)).toEqual({ location: 'Yard 2' });
    expect(serverFields()).toMatchObject({ location: 'Yard 2', notes: 'theirs', name: 'A' });
    expect(await h.db.excavators.get(id)).toMatchObject({ version: 3, location: 'Yard 2', notes: 'theirs' });
    expect(h.server.rows.get(id)!.version).toBe(3);
  });

  it('turns overlapping changes into a conflict with both values; "mine" is sent again', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'mine', notes: 'my note' });
    h.server.editAsOther(id, { location: 'theirs', status: 'maintenance' });
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 0 });
    const conflicted = await entry();
    expect(conflicted.state).toBe('conflict');
    expect(conflicted.conflict!.fields).toEqual([
      { field: 'location', base: 'Yard 1', mine: 'mine', theirs: 'theirs' },
    ]);
    expect(conflicted.error).toBe('Some fields were changed by someone else in the meantime');
    // My other field went through with the 409; only the overlap waits.
    expect(serverFields()).toMatchObject({ location: 'theirs', notes: 'my note', status: 'maintenance' });
    expect(conflicted.body).toEqual({ type: 'json', data: { location: 'mine' } });
    // The local row shows the server's disjoint change at once; the conflicting field keeps mine.
    expect(await h.db.excavators.get(id)).toMatchObject({
      location: 'mine',
      status: 'maintenance',
      notes: 'my note',
    });

    h.server.routed = [];
    await h.engine.resolveConflict(conflicted.seq!, { location: 'mine' });
    await h.engine.replay();
    expect(await h.db.outbox.count()).toBe(0);
    // "Keep mine" sends only the conflicting field, on the version the 409 answered.
    const [resend] = h.server.routed.filter((r) => r.method !== 'GET');
    expect(resend!.headers['if-match']).toBe('"3"');
    expect(JSON.parse(resend!.body as string)).toEqual({ location: 'mine' });
    expect(serverFields()).toMatchObject({ location: 'mine', notes: 'my note', status: 'maintenance' });
    expect(await h.db.excavators.get(id)).toMatchObject({
      location: 'mine',
      status: 'maintenance',
      version: 4,
    });
  });

  it('"theirs" keeps the server value and still sends the rest of the change', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'mine', notes: 'my note' });
    h.server.editAsOther(id, { location: 'theirs' });
    await h.engine.replay();
    await h.engine.resolveConflict((await entry()).seq!, { location: 'theirs' });
    expect(await h.db.excavators.get(id)).toMatchObject({ location: 'theirs' });
    await h.engine.replay();
    expect(serverFields()).toMatchObject({ location: 'theirs', notes: 'my note' });
    expect(await h.db.excavators.get(id)).toMatchObject({ location: 'theirs', notes: 'my note', version: 3 });
  });

  it('a change left with nothing to send after "theirs" is done without a request', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'mine' });
    h.server.editAsOther(id, { location: 'theirs' });
    await h.engine.replay();
    h.server.requests = [];
    await h.engine.resolveConflict((await entry()).seq!, { location: 'theirs' });
    await h.engine.replay();
    expect(h.server.requests).toEqual([]);
    expect(await h.db.outbox.count()).toBe(0);
    const row = await h.db.excavators.get(id);
    expect(row).toMatchObject({ location: 'theirs', version: 2 });
    expect(row!._sync).toBeUndefined();
  });

  it('a later change of the same record built before the merge is merged on its own', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'L1' });
    await h.engine.updateRecord('excavators', id, { notes: 'N2' });
    h.server.editAsOther(id, { status: 'maintenance' });
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 2 });
    expect(serverFields()).toMatchObject({ location: 'L1', notes: 'N2', status: 'maintenance' });
    expect(await h.db.excavators.get(id)).toMatchObject({
      location: 'L1',
      notes: 'N2',
      status: 'maintenance',
    });
  });

  it('a delete of a record changed on the server is a conflict: keep theirs or delete anyway', async () => {
    await h.engine.deleteRecord('excavators', id);
    h.server.editAsOther(id, { notes: 'still needed' });
    await h.engine.replay();
    const conflicted = await entry();
    expect(conflicted).toMatchObject({ kind: 'delete', state: 'conflict' });
    expect(conflicted.conflict!.fields).toEqual([
      { field: 'notes', base: 'n1', mine: undefined, theirs: 'still needed' },
    ]);
    await h.engine.resolveDeleteConflict(conflicted.seq!, 'theirs');
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.excavators.get(id)).toMatchObject({ notes: 'still needed', version: 2 });

    await h.engine.deleteRecord('excavators', id);
    h.server.editAsOther(id, { notes: 'again' });
    await h.engine.replay();
    await h.engine.resolveDeleteConflict((await entry()).seq!, 'mine');
    await h.engine.replay();
    expect(h.server.rows.get(id)!.deletedAt).not.toBeNull();
    expect(await h.db.excavators.get(id)).toBeUndefined();
  });

  it('a delete of a record the server only bumped goes through without asking', async () => {
    await h.engine.deleteRecord('excavators', id);
    h.server.editAsOther(id, {});
    expect(await h.engine.replay()).toMatchObject({ sent: 1 });
    expect(h.server.rows.get(id)!.deletedAt).not.toBeNull();
  });

  it('an update of a record deleted on the server fails with its message; discard removes it here', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'mine' });
    h.server.deleteAsOther(id);
    await h.engine.replay();
    const failed = await entry();
    expect(failed).toMatchObject({ state: 'failed', error: 'Excavator not found', errorStatus: 404 });
    expect(await h.engine.discard(failed.seq!)).toBe(1);
    expect(await h.db.excavators.get(id)).toBeUndefined();
  });
});

describe('Retry and Discard', () => {
  it('Retry sends a failed change again with a fresh key', async () => {
    await h.engine.updateRecord('excavators', id, { name: '' });
    await h.engine.replay();
    const failed = await entry();
    expect(failed.state).toBe('failed');
    await h.db.excavators.update(id, { name: 'fixed' });
    await h.db.outbox.update(failed.seq!, { body: { type: 'json', data: { name: 'fixed' } } });
    await h.engine.retry(failed.seq!);
    await h.engine.replay();
    expect(await h.db.outbox.count()).toBe(0);
    expect(serverFields().name).toBe('fixed');
    const keys = h.server.routed.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('Discard drops the change and the later ones of that record and returns it to the server version', async () => {
    await h.engine.updateRecord('excavators', id, { name: '' });
    await h.engine.updateRecord('excavators', id, { location: 'Yard 9' });
    const other = await h.engine.createRecord('excavators', excavator('B'));
    await h.engine.replay();
    const failed = await entry();
    expect(await h.engine.discard(failed.seq!)).toBe(2);
    const row = await h.db.excavators.get(id);
    expect(row).toMatchObject({ name: 'A', location: 'Yard 1', version: 1 });
    expect(row!._sync).toBeUndefined();
    expect(await h.db.excavators.get(other.id)).toBeDefined();
  });

  it('Discard of a create never sent removes the record', async () => {
    const b = await h.engine.createRecord('excavators', excavator('B'));
    const created = await h.db.outbox.orderBy('seq').last();
    await h.engine.discard(created!.seq!);
    expect(await h.db.excavators.get(b.id)).toBeUndefined();
  });

  it('Discard restores the newest server version seen while the change waited', async () => {
    await h.engine.updateRecord('excavators', id, { name: '' });
    h.server.editAsOther(id, { notes: 'newer' });
    await h.engine.pull();
    expect(await h.db.excavators.get(id)).toMatchObject({ name: '', notes: 'n1' });
    await h.engine.replay();
    await h.engine.discard((await entry()).seq!);
    expect(await h.db.excavators.get(id)).toMatchObject({ name: 'A', notes: 'newer', version: 2 });
  });
});
