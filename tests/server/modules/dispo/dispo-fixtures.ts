import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Assignment } from '@/domain/dispo/assignments';
import type { ContainerType } from '@/domain/dispo/container-types';
import type { Driver } from '@/domain/dispo/drivers';
import type { Truck } from '@/domain/dispo/trucks';
import type { Notification } from '@/domain/notification';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp } from '../../support/sync-fixtures';

export { auth };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface DispoWorld {
  t: TestApp;
  tokens: { admin: string; manager: string; dispo: string; operator: string; viewer: string };
  /** Operators who drive: linked to drivers `a` and `b`. */
  drivers: {
    a: { user: { id: string; token: string }; driver: Driver };
    b: { user: { id: string; token: string }; driver: Driver };
    /** No account. */
    c: { driver: Driver };
  };
  types: { roll10: ContainerType; roll20: ContainerType; skip7: ContainerType };
  trucks: { one: Truck; two: Truck };
  dispoUserId: string;
  call(
    method: Method,
    url: string,
    token: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  createAssignment(body: Record<string, unknown>, token?: string): Promise<Assignment>;
  publish(id: string, token?: string): Promise<Assignment>;
  notifications(token: string): Promise<Notification[]>;
}

/** A real app with one account per role, two driving operators and a little master data. */
export async function createDispoWorld(prefix: string): Promise<DispoWorld> {
  const t = await createExcavatorTestApp();
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  const manager = (await createUser(t, { username: `${prefix}-manager`, role: 'manager' })).token;
  const dispoUser = await createUser(t, { username: `${prefix}-dispo`, role: 'Dispo' });
  const operator = (await createUser(t, { username: `${prefix}-operator`, role: 'operator' })).token;
  const viewer = (await createUser(t, { username: `${prefix}-viewer`, role: 'viewer' })).token;
  const driverA = await createUser(t, { username: `${prefix}-driver-a`, role: 'operator' });
  const driverB = await createUser(t, { username: `${prefix}-driver-b`, role: 'operator' });

  const call: DispoWorld['call'] = (method, url, token, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const created = async <T>(url: string, body: object): Promise<T> => {
    const res = await call('POST', url, dispoUser.token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as T;
  };

  const world: DispoWorld = {
    t,
    tokens: { admin, manager, dispo: dispoUser.token, operator, viewer },
    dispoUserId: dispoUser.id,
    drivers: {
      a: {
        user: driverA,
        driver: await created('/api/containers/drivers', { name: 'Andreas Wolf', userId: driverA.id }),
      },
      b: {
        user: driverB,
        driver: await created('/api/containers/drivers', { name: 'Piotr Nowak', userId: driverB.id }),
      },
      c: {
        driver: await created('/api/containers/drivers', { name: 'Stefan Brandl', phone: '+49 171 5550' }),
      },
    },
    types: {
      roll10: await created('/api/containers/types', { name: 'Abrollcontainer 10 m³', volume: 10 }),
      roll20: await created('/api/containers/types', { name: 'Abrollcontainer 20 m³', volume: 20 }),
      skip7: await created('/api/containers/types', { name: 'Absetzmulde 7 m³', volume: 7 }),
    },
    trucks: {
      one: await created('/api/containers/trucks', {
        licensePlate: 'm-fp 1234',
        type: 'Abrollkipper',
        capacity: 18,
      }),
      two: await created('/api/containers/trucks', { licensePlate: 'M-FP 3310', type: 'Absetzkipper' }),
    },
    call,
    async createAssignment(body, token = dispoUser.token) {
      const res = await call('POST', '/api/containers/assignments', token, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Assignment;
    },
    async publish(id, token = dispoUser.token) {
      const res = await call('PUT', `/api/containers/assignments/${id}/publish`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Assignment;
    },
    async notifications(token) {
      const res = await call('GET', '/api/notifications', token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Notification[];
    },
  };
  return world;
}

/** A round of `quantity` containers of `typeId`. */
export const round = (typeId: string, operation = 'place', quantity = 1, notes: string | null = null) => ({
  notes,
  items: [{ containerTypeId: typeId, quantity, operation }],
});
