import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@/domain/report';
import type { TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReportsTestApp,
  MANAGER_SIGNATURE,
  reportIn,
  type ReportUsers,
} from '../../support/reports-fixtures';

let t: TestApp;
let u: ReportUsers;
let machine: { id: string };
let approved: Report;

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('pdf'));
  machine = await createExcavator(t.app, u.manager.token, 'pdf-1');
  approved = await reportIn(t.app, u, machine.id, 'approved');
});
afterAll(async () => t.close());

function pdfText(payload: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-report-pdf-')), 'report.pdf');
  fs.writeFileSync(file, payload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const pdf = (id: string, token: string, query = '') =>
  call(t.app, 'GET', `/api/reports/${id}/pdf${query}`, token);

describe('GET /api/reports/{id}/pdf', () => {
  it('sends the PDF of an approved report in the default language (German)', async () => {
    const res = await pdf(approved.id, u.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="maintenance-report-\d{4}-\d{2}-\d{2}-Excavator-pdf-1\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Wartungsbericht: Excavator pdf-1',
      'Prüfliste',
      'Außen',
      'Ketten',
      '✓ In Ordnung',
      'Hydrauliklecks',
      '✗ Mangelhaft',
      'Hose at the boom wet',
      'Freigegeben von',
      'pdf-manager',
      'Unterschrift Betriebsleiter',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('follows ?lang=, e.g. Greek', async () => {
    const text = pdfText((await pdf(approved.id, u.operator.token, '?lang=gr')).rawPayload);
    for (const expected of [
      'Αναφορά συντήρησης',
      'Λίστα ελέγχου',
      'Ερπύστριες',
      '✓ Εντάξει',
      'Διαρροές υδραυλικών',
      '✗ Μη εντάξει',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await pdf(approved.id, u.operator.token, '?lang=fr')).statusCode).toBe(400);
  });

  it('needs both signatures: 422 with the spec message until the manager has signed', async () => {
    for (const status of ['unsigned', 'signed', 'pending', 'rejected'] as const) {
      const report = await reportIn(t.app, u, machine.id, status);
      const res = await pdf(report.id, u.manager.token);
      expect(res.statusCode, status).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'UNPROCESSABLE',
        message: 'A report PDF requires both operator and manager signatures',
        details: { missing: status === 'unsigned' ? ['operator', 'manager'] : ['manager'] },
      });
    }
  });

  it('prints a rejection the manager signed, with its reason', async () => {
    const report = await reportIn(t.app, u, machine.id, 'pending');
    await call(t.app, 'PUT', `/api/reports/${report.id}/reject`, u.manager.token, {
      reason: 'Kraftstoffstand fehlt',
      signature: MANAGER_SIGNATURE,
    });
    const res = await pdf(report.id, u.operator.token, '?lang=de');
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toMatch(/Begründung\s+Kraftstoffstand fehlt/);
  });

  it('answers 401 without a token and 404 for unknown or deleted reports', async () => {
    expect((await t.app.inject({ url: `/api/reports/${approved.id}/pdf` })).statusCode).toBe(401);
    expect((await pdf('0196a0c2-0000-7000-8000-00000000dead', u.viewer.token)).statusCode).toBe(404);
    const gone = await reportIn(t.app, u, machine.id, 'approved');
    expect((await call(t.app, 'DELETE', `/api/reports/${gone.id}`, u.manager.token)).statusCode).toBe(200);
    expect((await pdf(gone.id, u.viewer.token)).statusCode).toBe(404);
  });
});
