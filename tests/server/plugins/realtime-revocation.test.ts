import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../support/helpers';

let t: TestApp;
let base: string;
let admin: string;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
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

/**
 * Resolves with the reason and the moment the server dropped the socket; a socket that stays open
 * fails the test.
 */
function dropped(socket: ClientSocket): Promise<{ reason: string; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, at: Date.now() });
    });
  });
}

/** Called once the revoking request has answered: the socket must be gone within a second of it. */
async function droppedPromptly(gone: ReturnType<typeof dropped>): Promise<string> {
  const answeredAt = Date.now();
  const { reason, at } = await gone;
  expect(at - answeredAt, 'the socket outlived the revocation by more than 1 s').toBeLessThan(1000);
  return reason;
}

const asAdmin = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': admin }, ...(payload && { payload }) });

describe('sockets do not outlive a revocation', () => {
  it('closes on the user’s own password change, and the old token cannot reconnect', async () => {
    const user = await createUser(t, { username: 'rev-own', role: 'operator' });
    const socket = await connected(user.token);
    const gone = dropped(socket);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { 'x-auth-token': user.token },
      payload: { currentPassword: 'rev-own-password', newPassword: 'rev-own-password-2' },
    });
    expect(res.statusCode).toBe(200);
    expect(await droppedPromptly(gone)).toBe('io server disconnect');
    await expect(connected(user.token)).rejects.toThrow('UNAUTHENTICATED');
    // The new token works.
    await connected((res.json() as { token: string }).token);
  });

  it('closes on an admin password reset', async () => {
    const user = await createUser(t, { username: 'rev-reset', role: 'operator' });
    const gone = dropped(await connected(user.token));
    expect(
      (await asAdmin('PUT', `/api/users/${user.id}/password`, { password: 'other-password-1' })).statusCode,
    ).toBe(200);
    expect(await droppedPromptly(gone)).toBe('io server disconnect');
  });

  it('closes on deactivation', async () => {
    const user = await createUser(t, { username: 'rev-off', role: 'operator' });
    const gone = dropped(await connected(user.token));
    expect((await asAdmin('DELETE', `/api/users/${user.id}`)).statusCode).toBe(200);
    expect(await droppedPromptly(gone)).toBe('io server disconnect');
  });

  it('closes on a role change, and the reconnect joins the new role only', async () => {
    const user = await createUser(t, { username: 'rev-role', role: 'manager' });
    const gone = dropped(await connected(user.token));
    expect((await asAdmin('PUT', `/api/users/${user.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect(await droppedPromptly(gone)).toBe('io server disconnect');
    const again = await connected(user.token);
    expect(again.connected).toBe(true);
    const rooms = [
      ...(t.app.realtime
        .of('/')
        .adapter.sids.get(
          [...t.app.realtime.of('/').sockets.values()].find((s) => s.data.user.id === user.id)!.id,
        ) ?? []),
    ];
    expect(rooms).toContain('role:viewer');
    expect(rooms).not.toContain('role:manager');
  });

  it('leaves other users’ sockets open', async () => {
    const user = await createUser(t, { username: 'rev-target', role: 'operator' });
    const bystander = await createUser(t, { username: 'rev-bystander', role: 'operator' });
    const other = await connected(bystander.token);
    const gone = dropped(await connected(user.token));
    await asAdmin('PUT', `/api/users/${user.id}/password`, { password: 'other-password-2' });
    await gone;
    expect(other.connected).toBe(true);
  });
});
