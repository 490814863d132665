import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Report } from '@/domain/report';
import { signaturePng } from '@/server/modules/reports/signature-png';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from './helpers';
import { auth, createExcavatorTestApp, excavatorBody } from './sync-fixtures';

export { auth };

/** Signatures as signature_pad would send them. */
export const OPERATOR_SIGNATURE = signaturePng(11);
export const MANAGER_SIGNATURE = signaturePng(24);

export interface ReportUsers {
  admin: { id: string; token: string };
  manager: { id: string; token: string };
  operator: { id: string; token: string };
  otherOperator: { id: string; token: string };
  dispo: { id: string; token: string };
  viewer: { id: string; token: string };
}

/** An app with one user per role the report rules distinguish. */
export async function createReportsTestApp(prefix: string): Promise<{ t: TestApp; users: ReportUsers }> {
  const t = await createExcavatorTestApp();
  const adminToken = await login(t.app, 'admin', ADMIN_PASSWORD);
  const me = await t.app.inject({ url: '/api/auth/me', headers: auth(adminToken) });
  const users: ReportUsers = {
    admin: { id: (me.json() as { id: string }).id, token: adminToken },
    manager: await createUser(t, { username: `${prefix}-manager`, role: 'Manager' }),
    operator: await createUser(t, { username: `${prefix}-operator`, role: 'operator' }),
    otherOperator: await createUser(t, { username: `${prefix}-operator2`, role: 'operator' }),
    dispo: await createUser(t, { username: `${prefix}-dispo`, role: 'dispo' }),
    viewer: await createUser(t, { username: `${prefix}-viewer`, role: 'auditor' }),
  };
  return { t, users };
}

export async function createExcavator(
  app: FastifyInstance,
  token: string,
  n: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; usageHours: number; version: number }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/excavators',
    payload: excavatorBody(n, extra),
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const today = () => new Date().toISOString().slice(0, 10);
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A valid report body for the machine. */
export function reportBody(excavatorId: string, extra: Record<string, unknown> = {}) {
  return {
    reportDate: daysAgo(1),
    excavatorId,
    operatorName: 'Jonas Becker',
    description: 'Daily inspection before the shift',
    operatingHours: 120,
    fuelLevel: 80,
    checklist: {
      exterior: {
        tracks: { state: 'ok' },
        hydraulicLeaks: { state: 'not_ok', note: 'Hose at the boom wet' },
      },
      cleaning: { windows: { state: 'na' } },
    },
    ...extra,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** JSON request with the user's token and optional extra headers. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...auth(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Creates a report through the API and returns it. */
export async function createReport(
  app: FastifyInstance,
  token: string,
  excavatorId: string,
  extra: Record<string, unknown> = {},
): Promise<Report> {
  const res = await call(app, 'POST', '/api/reports', token, reportBody(excavatorId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Report;
}

/** Creates a report and walks it to `status` with the given users. */
export async function reportIn(
  app: FastifyInstance,
  users: ReportUsers,
  excavatorId: string,
  status: Report['status'],
  author: { token: string } = users.operator,
): Promise<Report> {
  const signed = status !== 'unsigned';
  let report = await createReport(app, author.token, excavatorId, {
    operatorSignature: signed ? OPERATOR_SIGNATURE : null,
  });
  if (status === 'unsigned' || status === 'signed') return report;
  report = (await call(app, 'PUT', `/api/reports/${report.id}/submit`, author.token)).json() as Report;
  expect(report.status).toBe('pending');
  if (status === 'pending') return report;
  const res =
    status === 'approved'
      ? await call(app, 'PUT', `/api/reports/${report.id}/approve`, users.manager.token, {
          signature: MANAGER_SIGNATURE,
        })
      : await call(app, 'PUT', `/api/reports/${report.id}/reject`, users.manager.token, {
          reason: 'Operating hours do not match the meter',
        });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
}
