import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let base: string;
let adminToken: string;
let operatorToken: string;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminToken = await login(t.app, 'admin', ADMIN_PASSWORD);
  operatorToken = (await createUser(t, { username: 'olga', role: 'operator' })).token;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(async () => t?.close());

async function connected(token: string): Promise<ClientSocket> {
  const socket = connectClient(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Counts `settings` events on a socket. */
function countSettingsEvents(socket: ClientSocket) {
  const received: unknown[][] = [];
  socket.on('settings', (...args: unknown[]) => received.push(args));
  return received;
}

const putSettings = (payload: object, token = adminToken) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: { 'x-auth-token': token }, payload });

/** A round trip on the same socket: events emitted before it have arrived once it answers. */
async function flush(socket: ClientSocket) {
  const marker = new Promise((resolve) => socket.once('sync', resolve));
  t.app.events.emit('sync:changed', ['flush']);
  await marker;
}

describe('settings changes over the socket', () => {
  it('tells every signed-in client to reload settings after a change is committed, without data', async () => {
    const operator = await connected(operatorToken);
    const admin = await connected(adminToken);
    const operatorEvents = countSettingsEvents(operator);
    const adminEvents = countSettingsEvents(admin);

    const res = await putSettings({ features: { inventory: false } });
    expect(res.statusCode).toBe(200);
    await flush(operator);
    await flush(admin);
    expect(operatorEvents).toEqual([[]]);
    expect(adminEvents).toEqual([[]]);

    expect((await putSettings({ features: { inventory: true } })).statusCode).toBe(200);
    await flush(operator);
    expect(operatorEvents).toHaveLength(2);
  });

  it('stays quiet for a write that changes nothing, a refused write and an invalid one', async () => {
    const operator = await connected(operatorToken);
    const events = countSettingsEvents(operator);

    expect((await putSettings({ features: { inventory: true } })).statusCode).toBe(200);
    expect((await putSettings({ app: { name: 'Hacked' } }, operatorToken)).statusCode).toBe(403);
    expect((await putSettings({ app: { defaultLanguage: 'fr' } })).statusCode).toBe(400);
    await flush(operator);
    expect(events).toEqual([]);
  });
});
