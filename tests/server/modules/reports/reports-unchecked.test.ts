import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedItems, type Report } from '@/domain/report';
import type { TestApp } from '../../support/helpers';
import {
  call,
  createExcavator,
  createReport,
  createReportsTestApp,
  MANAGER_SIGNATURE,
  OPERATOR_SIGNATURE,
  reportIn,
  type ReportUsers,
} from '../../support/reports-fixtures';

let t: TestApp;
let u: ReportUsers;
let machine: { id: string };

beforeAll(async () => {
  ({ t, users: u } = await createReportsTestApp('unchecked'));
  machine = await createExcavator(t.app, u.manager.token, 'unchecked-1');
});
afterAll(async () => t.close());

const requireAll = (on: boolean) =>
  call(t.app, 'PUT', '/api/settings', u.admin.token, { reports: { requireAllChecklistItems: on } });

/** Every item of the report's checklist answered OK. */
function allChecked(report: Report): Report['checklist'] {
  return Object.fromEntries(
    report.checklistItems.map((c) => [
      c.key,
      Object.fromEntries(c.items.map((i) => [i.key, { state: 'ok' }])),
    ]),
  );
}

function pdfText(payload: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-unchecked-pdf-')), 'report.pdf');
  fs.writeFileSync(file, payload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('incomplete inspections', () => {
  it('submits with unchecked items while the site allows it', async () => {
    const report = await createReport(t.app, u.operator.token, machine.id, {
      operatorSignature: OPERATOR_SIGNATURE,
    });
    const { unchecked, total } = uncheckedItems(report);
    expect(unchecked).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(unchecked);
    const res = await call(t.app, 'PUT', `/api/reports/${report.id}/submit`, u.operator.token);
    expect(res.statusCode).toBe(200);
  });

  it('refuses the submission while items are unchecked when the site requires every item', async () => {
    expect((await requireAll(true)).statusCode).toBe(200);
    try {
      const report = await createReport(t.app, u.operator.token, machine.id, {
        operatorSignature: OPERATOR_SIGNATURE,
      });
      const refused = await call(t.app, 'PUT', `/api/reports/${report.id}/submit`, u.operator.token);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        message: 'Every checklist item must be checked before the report is submitted',
        details: { reason: 'unchecked_items', ...uncheckedItems(report) },
      });
      const stored = (
        await call(t.app, 'GET', `/api/reports/${report.id}`, u.operator.token)
      ).json() as Report;
      expect(stored.status).toBe('signed');

      const complete = await createReport(t.app, u.operator.token, machine.id, {
        operatorSignature: OPERATOR_SIGNATURE,
        checklist: allChecked(report),
      });
      expect(uncheckedItems(complete).unchecked).toBe(0);
      const ok = await call(t.app, 'PUT', `/api/reports/${complete.id}/submit`, u.operator.token);
      expect(ok.statusCode).toBe(200);
    } finally {
      await requireAll(false);
    }
  });

  it('prints the unchecked count at the top of the PDF, and nothing when all were checked', async () => {
    const partial = await reportIn(t.app, u, machine.id, 'approved');
    const { unchecked, total } = uncheckedItems(partial);
    const text = pdfText(
      (await call(t.app, 'GET', `/api/reports/${partial.id}/pdf`, u.viewer.token)).rawPayload,
    );
    expect(text).toContain(`${unchecked} von ${total} Prüfpunkten wurden nicht geprüft`);
    expect(text.indexOf('Prüfpunkten wurden nicht geprüft')).toBeLessThan(text.indexOf('Allgemein'));

    const full = await createReport(t.app, u.operator.token, machine.id, {
      operatorSignature: OPERATOR_SIGNATURE,
      checklist: allChecked(partial),
    });
    await call(t.app, 'PUT', `/api/reports/${full.id}/submit`, u.operator.token);
    const approved = await call(t.app, 'PUT', `/api/reports/${full.id}/approve`, u.manager.token, {
      signature: MANAGER_SIGNATURE,
    });
    expect(approved.statusCode).toBe(200);
    const fullText = pdfText(
      (await call(t.app, 'GET', `/api/reports/${full.id}/pdf`, u.viewer.token)).rawPayload,
    );
    expect(fullText).not.toContain('Prüfpunkten wurden nicht geprüft');
  });
});
