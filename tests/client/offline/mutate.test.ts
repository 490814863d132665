import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb } from '@/client/offline/db';
import { createSyncEngine } from '@/client/offline/engine';
import { RecordNotFoundError } from '@/client/offline/mutate';
import { SCHEMA_VERSIONS } from '@/client/offline/schema';
import { StorageFullError, storageStore } from '@/client/offline/storage';
import { createHarness, excavator, type Harness } from './harness';

let h: Harness;

beforeEach(() => {
  h = createHarness();
});

afterEach(async () => {
  await h.dispose();
});

describe('mutate: one transaction for the row and its outbox entry', () => {
  it('writes the pending row and the entry together', async () => {
    const row = await h.engine.createRecord('excavators', excavator('A'));
    expect(row).toMatchObject({ version: 0, createdBy: 'u1', _sync: 'pending', name: 'A' });
    expect(await h.db.excavators.get(row.id)).toMatchObject({ _sync: 'pending' });
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'create',
      method: 'POST',
      url: '/api/excavators',
      userId: 'u1',
      recordId: row.id,
      state: 'waiting',
      label: 'A',
      body: { type: 'json', data: { ...excavator('A'), id: row.id } },
    });
    expect(entry!.idempotencyKey).toBe(entry!.id);
  });

  it('leaves neither row nor entry when appending the entry fails', async () => {
    h.db.outbox.hook('creating', () => {
      throw new Error('disk on fire');
    });
    await expect(h.engine.createRecord('excavators', excavator('A'))).rejects.toThrow('disk on fire');
    expect(await h.db.excavators.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('leaves neither when the row cannot be written', async () => {
    const row = await h.engine.createRecord('excavators', excavator('A'));
    await expect(h.engine.createRecord('excavators', { ...excavator('B'), id: row.id })).rejects.toThrow();
    expect(await h.db.outbox.count()).toBe(1);
    expect(await h.db.excavators.get(row.id)).toMatchObject({ name: 'A' });
    await expect(h.engine.updateRecord('excavators', 'missing', { name: 'x' })).rejects.toBeInstanceOf(
      RecordNotFoundError,
    );
    expect(await h.db.outbox.count()).toBe(1);
  });

  it('reports a full device instead of losing the change silently', async () => {
    h.db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    storageStore.set({ persistence: 'unknown', quotaExceeded: false });
    await expect(h.engine.createRecord('excavators', excavator('A'))).rejects.toBeInstanceOf(
      StorageFullError,
    );
    expect(storageStore.get().quotaExceeded).toBe(true);
    expect(await h.db.excavators.count()).toBe(0);
  });

  it('deleting a record whose create never left the device drops it with its changes', async () => {
    const row = await h.engine.createRecord('excavators', excavator('A'));
    await h.engine.updateRecord('excavators', row.id, { location: 'x' });
    await h.engine.deleteRecord('excavators', row.id);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.excavators.count()).toBe(0);
    await h.engine.replay();
    expect(h.server.requests).toEqual([]);
  });

  it('deleting a record the server may have queues a DELETE with If-Match', async () => {
    const row = await h.engine.createRecord('excavators', excavator('A'));
    h.server.faults.push('lost-response');
    await h.engine.replay();
    await h.engine.deleteRecord('excavators', row.id);
    expect((await h.db.outbox.toArray()).map((e) => e.kind)).toEqual(['create', 'delete']);
    await h.engine.replay({ force: true });
    const del = h.server.routed.find((r) => r.method === 'DELETE')!;
    expect(del).toMatchObject({ method: 'DELETE', url: `/api/excavators/${row.id}` });
    expect(del.headers['if-match']).toBe('"1"');
    expect(h.server.rows.get(row.id)!.deletedAt).not.toBeNull();
  });

  it('queues workflow calls with an optimistic local change', async () => {
    const row = await h.engine.createRecord('excavators', excavator('A'));
    await h.engine.replay();
    await h.engine.enqueueCall({
      collection: 'excavators',
      recordId: row.id,
      method: 'PUT',
      url: `/api/excavators/${row.id}/approve`,
      body: { note: 'ok' },
      ifMatch: true,
      optimistic: { status: 'approved' },
    });
    expect(await h.db.excavators.get(row.id)).toMatchObject({ status: 'approved', _sync: 'pending' });
    expect(await h.db.outbox.toArray()).toMatchObject([
      {
        kind: 'call',
        method: 'PUT',
        ifMatch: true,
        baseVersion: 1,
        body: { type: 'json', data: { note: 'ok' } },
      },
    ]);
  });
});

describe('files upload with their record', () => {
  it('stores files as ArrayBuffer + MIME and sends one multipart request built at send time', async () => {
    const sent: FormData[] = [];
    const engine = createSyncEngine({
      db: h.db,
      transport: async (request) => {
        if (request.body instanceof FormData) sent.push(request.body);
        const id = request.body instanceof FormData ? String(request.body.get('id')) : '';
        return { status: 201, body: { ...excavator('A'), id, version: 1 }, headers: { get: () => null } };
      },
      getUser: () => ({ id: 'u1' }),
      getToken: () => 't',
      locks: null,
      compress: async (blob) => blob,
    });
    const photo = new File([new Uint8Array([1, 2, 3, 4])], 'front.jpg', { type: 'image/jpeg' });
    const row = await engine.createRecord(
      'excavators',
      excavator('A', { year: null, specifications: [{ key: 'W', value: '20t' }] }),
      { files: { profileImage: photo, gallery: [photo, photo] } },
    );
    const files = await h.db.files.where('recordId').equals(row.id).toArray();
    expect(files).toHaveLength(3);
    expect(files[0]).toMatchObject({ type: 'image/jpeg', name: 'front.jpg', size: 4 });
    expect(new Uint8Array(files[0]!.data)).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect((await h.db.outbox.toArray())[0]!.body).toMatchObject({
      type: 'multipart',
      files: [{ field: 'profileImage' }, { field: 'gallery' }, { field: 'gallery' }],
    });

    await engine.replay();
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get('name')).toBe('A');
    expect(form.get('id')).toBe(row.id);
    expect(form.get('year')).toBeNull();
    expect(form.get('specifications')).toBe('[{"key":"W","value":"20t"}]');
    expect((form.get('profileImage') as File).size).toBe(4);
    expect((form.get('profileImage') as File).name).toBe('front.jpg');
    expect(form.getAll('gallery')).toHaveLength(2);
    // Acknowledged: the files leave the device with the entry.
    expect(await h.db.files.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('database schema', () => {
  it('migrates data through a new version and closes on a versionchange from another tab', async () => {
    const name = `schema-test-${Math.random()}`;
    const v1 = openOfflineDb({ name });
    await v1.excavators.put({ id: 'a', version: 1, status: 'operational', model: 'X' });
    let reload = 0;
    const closing = openOfflineDb({ name, onVersionChange: () => reload++ });
    await closing.open();
    v1.close();
    const v2 = openOfflineDb({
      name,
      versions: [
        ...SCHEMA_VERSIONS,
        {
          version: SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]!.version + 1,
          stores: { excavators: 'id, updatedAt, status, model, _sync' },
          upgrade: async (tx) => {
            await tx
              .table('excavators')
              .toCollection()
              .modify((row: Record<string, unknown>) => {
                row.model = String(row.model).toLowerCase();
              });
          },
        },
      ],
    });
    expect(await v2.excavators.where('model').equals('x').toArray()).toMatchObject([{ id: 'a', version: 1 }]);
    expect(reload).toBe(1);
    expect(closing.isOpen()).toBe(false);
    v2.close();
    await Dexie.delete(name);
  });
});
