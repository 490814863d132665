import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openOfflineDb } from '@/client/offline/db';
import { createSyncEngine } from '@/client/offline/engine';
import type { Transport } from '@/client/offline/transport';
import {
  checkDevicesModel,
  MODEL_RECORD_FIELDS,
  type ModelDevice,
} from '../../../client/offline/support/devices-model';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';

/*
 * The devices model against the real server: the Fastify app on the embedded database, its
 * field-level PATCH, If-Match, idempotency and pull, reached through `inject`. The devices are the
 * real offline engine on IndexedDB (fake-indexeddb), each signed in as its own manager. Fewer runs than
 * against the in-process model (each run is real requests and transactions); every run uses a new
 * record, so runs do not see each other's edits.
 */

const RUNS = Number(process.env.MODEL_RUNS) || 60;

let t: TestApp;
const users: Array<{ id: string; token: string }> = [];
let creator = '';
let databases = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['model-a', 'model-b', 'model-c'])
    users.push(await createUser(t, { username: name, role: 'manager' }));
  creator = (await createUser(t, { username: 'model-office', role: 'manager' })).token;
});
afterAll(async () => {
  await t?.close();
});

/** The engine's transport, answered by the app in process. */
const transport: Transport = async (request) => {
  let payload: string | Buffer | undefined;
  const headers: Record<string, string> = { ...request.headers };
  if (typeof request.body === 'string') payload = request.body;
  else if (request.body) {
    // A form with files: encoded as the browser would, with its boundary.
    const encoded = new Response(request.body);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    payload = Buffer.from(await encoded.arrayBuffer());
  }
  const res = await t.app.inject({ method: request.method, url: request.url, headers, payload });
  const text = res.body;
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return {
    status: res.statusCode,
    body,
    headers: {
      get: (name: string) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : String(value);
      },
    },
  };
};

function device(user: { id: string; token: string }): ModelDevice {
  const name = `fleetpilot-model-${++databases}`;
  const db = openOfflineDb({ name });
  const engine = createSyncEngine({
    db,
    transport,
    getUser: () => ({ id: user.id }),
    getToken: () => user.token,
    locks: null,
    compress: async (blob) => blob,
    probeIntervalMs: 20,
  });
  return {
    db,
    engine,
    dispose: async () => {
      engine.stop();
      db.close();
      await Dexie.delete(name);
    },
  };
}

describe('field-level sync between devices (model-based, real server)', () => {
  it('loses no edit, overwrites no untouched field, and converges', async () => {
    await checkDevicesModel(async (count) => {
      const recordId = uuidv7();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/excavators',
        headers: { 'x-auth-token': creator },
        payload: { ...MODEL_RECORD_FIELDS, id: recordId, serialNumber: `SN-${recordId}` },
      });
      if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
      const devices = users.slice(0, count).map(device);
      return {
        recordId,
        device: (index) => devices[index]!,
        row: async () => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/excavators/${recordId}`,
            headers: { 'x-auth-token': creator },
          });
          return res.json() as Record<string, unknown>;
        },
      };
    }, RUNS);
  }, 600_000);
});
