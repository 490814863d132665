import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMergedNotices } from '@/client/offline/merged';
import { createHarness, excavator, type Harness } from './harness';

/*
 * A form edit travels as a field-level PATCH built on the version the form opened on; the server merges
 * it with what others changed since, names only true overlaps, and the device tells its user what was
 * merged in.
 */

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

const writes = () => h.server.routed.filter((r) => r.method !== 'GET');
/** The form's values as they were when it opened on version 1. */
const opened = () => ({ ...excavator('A', { location: 'Yard 1', notes: 'n1' }) });

describe('form edits as field-level PATCH', () => {
  it('sends only the touched field with If-Match of the version the form opened on', async () => {
    const base = opened();
    h.server.editAsOther(id, { notes: 'theirs' });
    await h.engine.pull();
    expect(await h.db.excavators.get(id)).toMatchObject({ version: 2, notes: 'theirs' });
    // The form still shows notes "n1" (opened before the pull); only the location was touched.
    await h.engine.updateRecord('excavators', id, { ...base, location: 'Yard 2' }, { base, baseVersion: 1 });
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'PATCH', baseVersion: 1, body: { data: { location: 'Yard 2' } } });
    await h.engine.replay();
    const [patch] = writes();
    expect(patch!.headers['if-match']).toBe('"1"');
    expect(JSON.parse(patch!.body as string)).toEqual({ location: 'Yard 2' });
    expect(h.server.rows.get(id)!.fields).toMatchObject({ location: 'Yard 2', notes: 'theirs' });
    expect(await h.db.excavators.get(id)).toMatchObject({ version: 3, location: 'Yard 2', notes: 'theirs' });
  });

  it('a field someone changed after the form opened is a conflict even though this device pulled it', async () => {
    const base = opened();
    h.server.editAsOther(id, { location: 'theirs' });
    await h.engine.pull();
    await h.engine.updateRecord(
      'excavators',
      id,
      { ...base, location: 'mine', notes: 'my note' },
      { base, baseVersion: 1 },
    );
    await h.engine.replay();
    const [entry] = await h.db.outbox.toArray();
    expect(entry!.state).toBe('conflict');
    expect(entry!.conflict!.fields).toEqual([
      { field: 'location', base: 'Yard 1', mine: 'mine', theirs: 'theirs' },
    ]);
    // The other field went through at once.
    expect(h.server.rows.get(id)!.fields).toMatchObject({ location: 'theirs', notes: 'my note' });
  });

  it('never builds on a newer version than the row holds', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'Yard 2' }, { baseVersion: 7 });
    expect((await h.db.outbox.toArray())[0]!.baseVersion).toBe(1);
  });
});

describe('what merged', () => {
  it('keeps one notice naming the other person and the fields that came from them', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'Yard 2' });
    h.server.editAsOther(id, { notes: 'theirs', engineNumber: 'E-9' }, 'Bob');
    await h.engine.replay();
    const notices = await readMergedNotices(h.engine, 'u1');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ collection: 'excavators', recordId: id, from: 'Bob', label: 'A' });
    expect(notices[0]!.fields.sort()).toEqual(['engineNumber', 'notes']);
    expect(await readMergedNotices(h.engine, 'u2')).toEqual([]);
  });

  it('says nothing when the server held nothing new', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'Yard 2' });
    await h.engine.replay();
    expect(await readMergedNotices(h.engine, 'u1')).toEqual([]);
  });

  it('says nothing for the user’s own fields after a conflict was resolved', async () => {
    await h.engine.updateRecord('excavators', id, { location: 'mine' });
    h.server.editAsOther(id, { location: 'theirs' }, 'Bob');
    await h.engine.replay();
    const [entry] = await h.db.outbox.toArray();
    await h.engine.resolveConflict(entry!.seq!, { location: 'mine' });
    await h.engine.replay();
    expect(h.server.rows.get(id)!.fields).toMatchObject({ location: 'mine' });
    expect(await readMergedNotices(h.engine, 'u1')).toEqual([]);
  });
});
