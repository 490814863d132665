import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '@/client/offline/db';
import { createSyncEngine, type SyncEngine } from '@/client/offline/engine';
import { MIRROR_STATE_KEY } from '@/client/offline/mirror';
import { SCHEMA_VERSIONS } from '@/client/offline/schema';
import type { TransportRequest, TransportResponse } from '@/client/offline/transport';
import { queueRoundDone } from '@/client/features/dispo/use-round-done';
import type { Assignment } from '@/domain/dispo/assignments';

/*
 * The 'dispoAssignments' mirror: schema version 2, the one-time re-mirror of devices
 * whose server already served the collection, a pull that stops serving it (feature off, role without
 * Dispo), and a tick queued on the device.
 */

const USER = 'user-anna';
// Anna signs in on the tablet as an operator linked to the assignments' driver.
const driverAnna = { id: USER, role: 'operator' };
const ID = '0190a000-0000-7000-8000-000000000031';
let names: string[] = [];
const opened: OfflineDb[] = [];

function dbName(): string {
  const name = `dispo-mirror-${names.length}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return name;
}

function open(name: string, versions = SCHEMA_VERSIONS): OfflineDb {
  const db = openOfflineDb({ name, versions });
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  await Promise.all(names.map((name) => Dexie.delete(name)));
  names = [];
});

function assignment(overrides: Partial<Assignment> = {}): Assignment {
  return {
    id: ID,
    version: 3,
    createdAt: '2026-11-24T08:00:00.000Z',
    createdBy: 'user-dispo',
    updatedAt: '2026-11-24T09:00:00.000Z',
    updatedBy: 'user-dispo',
    deletedAt: null,
    date: '2099-01-05',
    driverId: '0190a000-0000-7000-8000-000000000001',
    truckId: null,
    rounds: [
      { notes: null, done: false, items: [] },
      { notes: 'Hof 3', done: false, items: [] },
    ],
    generalNotes: null,
    status: 'published',
    issuedBy: 'user-dispo',
    issuedByName: 'Dora Dispo',
    publishedAt: '2026-11-24T09:00:00.000Z',
    driver: { id: '0190a000-0000-7000-8000-000000000001', name: 'Anna', phone: null, userId: USER },
    truck: null,
    lastChange: null,
    ...overrides,
  };
}

const response = (status: number, body: unknown): TransportResponse => ({
  status,
  body,
  headers: { get: () => null },
});

/** A server that serves `collections` and answers every pull with `rows` (and the cursor 50). */
function pullServer(state: { collections: string[]; rows: Assignment[]; requests: TransportRequest[] }) {
  return async (request: TransportRequest): Promise<TransportResponse> => {
    state.requests.push(request);
    if (request.url.startsWith('/api/sync/pull')) {
      const served = state.collections.includes('dispoAssignments');
      return response(200, {
        changes: served
          ? state.rows.map((row) => ({
              collection: 'dispoAssignments',
              id: row.id,
              deleted: false,
              version: row.version,
              data: row,
            }))
          : [],
        cursor: 50,
        hasMore: false,
        collections: state.collections,
      });
    }
    return response(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
}

function engineOn(db: OfflineDb, transport: (r: TransportRequest) => Promise<TransportResponse>): SyncEngine {
  return createSyncEngine({
    db,
    transport,
    getUser: () => ({ id: USER }),
    getToken: () => 'token',
    locks: null,
    random: () => 0.5,
  });
}

describe('schema version 2', () => {
  it('adds the dispoAssignments store and lets an older mirror fetch the collection from cursor 0', async () => {
    const name = dbName();
    const v1 = open(
      name,
      SCHEMA_VERSIONS.filter((v) => v.version === 1),
    );
    await v1.meta.put({
      key: MIRROR_STATE_KEY,
      value: { userId: USER, cursor: 40, collections: ['excavators', 'dispoAssignments'] },
    });
    v1.close();

    const db = open(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    const table = db.table('dispoAssignments');
    expect(table.schema.indexes.map((index) => index.name).sort()).toEqual(
      ['_sync', 'date', 'driverId', 'status'].sort(),
    );
    expect((await db.meta.get(MIRROR_STATE_KEY))?.value).toEqual({
      userId: USER,
      cursor: 40,
      collections: ['excavators'],
    });

    // The server serves the collection: for this device it is new, so the pull starts over at 0.
    const server = {
      collections: ['excavators', 'dispoAssignments'],
      rows: [assignment()],
      requests: [] as TransportRequest[],
    };
    const result = await engineOn(db, pullServer(server)).pull();
    expect(result).toMatchObject({ status: 'done' });
    expect(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor'))).toEqual([
      '40',
      '0',
    ]);
    expect((await table.get(ID))?.version).toBe(3);
  });

  it('leaves a mirror state that never listed the collection as it is', async () => {
    const name = dbName();
    const v1 = open(
      name,
      SCHEMA_VERSIONS.filter((v) => v.version === 1),
    );
    const state = { userId: USER, cursor: 40, collections: ['excavators'] };
    await v1.meta.put({ key: MIRROR_STATE_KEY, value: state });
    v1.close();
    const db = open(name);
    expect((await db.meta.get(MIRROR_STATE_KEY))?.value).toEqual(state);
  });
});

describe('the assignments mirror', () => {
  it('drops the rows when the server stops serving the collection, keeping one with a waiting tick', async () => {
    const db = open(dbName());
    const other = assignment({ id: '0190a000-0000-7000-8000-000000000032', date: '2099-01-06' });
    const server = {
      collections: ['excavators', 'dispoAssignments'],
      rows: [assignment(), other],
      requests: [] as TransportRequest[],
    };
    const engine = engineOn(db, pullServer(server));
    await engine.pull();
    expect(await db.table('dispoAssignments').count()).toBe(2);

    await queueRoundDone(engine, driverAnna, assignment(), 1, true, 'Anna · 5 Jan');
    const ticked = await db.table('dispoAssignments').get(ID);
    expect(ticked._sync).toBe('pending');
    expect(ticked.rounds.map((r: { done: boolean }) => r.done)).toEqual([false, true]);

    // The containers feature is switched off (or the role loses Dispo): the pull no longer serves it.
    server.collections = ['excavators'];
    await engine.pull();
    expect(await db.table('dispoAssignments').get(other.id)).toBeUndefined();
    expect((await db.table('dispoAssignments').get(ID))?._sync).toBe('pending');
    expect(((await db.meta.get(MIRROR_STATE_KEY))?.value as { collections: string[] }).collections).toEqual([
      'excavators',
    ]);
  });

  it('keeps a waiting tick when a pull brings the dispatcher’s newer version', async () => {
    const db = open(dbName());
    const server = {
      collections: ['dispoAssignments'],
      rows: [assignment()],
      requests: [] as TransportRequest[],
    };
    const engine = engineOn(db, pullServer(server));
    await engine.pull();
    await queueRoundDone(engine, driverAnna, assignment(), 0, true, 'Anna · 5 Jan');
    server.rows = [assignment({ version: 4, generalNotes: 'Changed by the dispatcher' })];
    await engine.pull();
    const row = await db.table('dispoAssignments').get(ID);
    expect(row.rounds[0].done).toBe(true);
    expect(row.version).toBe(3);
    expect((await db.shadows.get(['dispoAssignments', ID]))?.version).toBe(4);
  });
});
