import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Excavator } from '@/domain/excavator';
import { buildExcavatorPdf } from '@/domain/pdf';
import { loadPdfFonts } from '@/server/services/pdf';
import { createUser, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp, excavatorBody, multipart, PNG } from '../../support/sync-fixtures';

let t: TestApp;
let manager: string;
let viewer: string;
let plain: Excavator;
let withPhoto: Excavator;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  manager = (await createUser(t, { username: 'pdf-manager', role: 'manager' })).token;
  viewer = (await createUser(t, { username: 'pdf-viewer', role: 'auditor' })).token;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/excavators',
    payload: excavatorBody('pdf-1', {
      name: 'Liebherr R 926 Süd',
      location: 'Recycling Hof Nord',
      specifications: [{ key: 'Einsatzgewicht', value: '26 t' }],
    }),
    headers: auth(manager),
  });
  expect(created.statusCode).toBe(201);
  plain = created.json() as Excavator;
  const form = await multipart([
    { field: 'name', value: 'CAT 320 Foto' },
    { field: 'model', value: '320' },
    { field: 'serialNumber', value: 'CAT-320-PHOTO' },
    { field: 'status', value: 'operational' },
    { field: 'profileImage', file: PNG, name: 'front.png' },
  ]);
  const photo = await t.app.inject({
    method: 'POST',
    url: '/api/excavators',
    payload: form.payload,
    headers: { ...form.headers, ...auth(manager) },
  });
  expect(photo.statusCode).toBe(201);
  withPhoto = photo.json() as Excavator;
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

function pdfText(payload: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-excavator-pdf-')), 'excavator.pdf');
  fs.writeFileSync(file, payload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const pdf = (id: string, token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/excavators/${id}/pdf${query}`, headers: auth(token) });

describe('GET /api/excavators/{id}/pdf', () => {
  it('sends the very document the browser builds, in the default language', async () => {
    // The document stamps its creation time; a frozen clock makes both sides byte-comparable.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const res = await pdf(plain.id, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="excavator-Liebherr-R-926-Sud-SN-pdf-1.pdf"',
    );
    const current = (
      await t.app.inject({
        method: 'GET',
        url: `/api/excavators/${plain.id}`,
        headers: auth(viewer),
      })
    ).json() as Excavator;
    const browser = buildExcavatorPdf(current, {
      fonts: await loadPdfFonts(),
      language: 'de',
      appName: 'FleetPilot',
      generatedAt: new Date(),
      profileImage: null,
    });
    expect(res.rawPayload.equals(Buffer.from(browser))).toBe(true);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Liebherr R 926 Süd');
    expect(text).toContain('Einsatzgewicht');
  });

  it('answers in the asked language and places the stored photo', async () => {
    const res = await pdf(withPhoto.id, viewer, '?lang=gr');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('CAT 320 Foto');
    expect(text).toContain('Σε λειτουργία');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const without = await pdf(plain.id, viewer, '?lang=gr');
    expect(without.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('answers 404 for an unknown or deleted excavator, 400 for a bad id and 401 without a token', async () => {
    expect((await pdf('0190f000-0000-7000-8000-000000000000', viewer)).statusCode).toBe(404);
    expect((await pdf('nope', viewer)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/excavators/${plain.id}/pdf` });
    expect(anonymous.statusCode).toBe(401);
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      payload: excavatorBody('pdf-gone'),
      headers: auth(manager),
    });
    const id = (gone.json() as Excavator).id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${id}`,
      headers: { ...auth(manager), 'if-match': '"1"' },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await pdf(id, viewer)).statusCode).toBe(404);
  });
});
