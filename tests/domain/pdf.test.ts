import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Excavator } from '@/domain/excavator';
import { createFormat } from '@/domain/format';
import { buildExcavatorPdf, PdfDocument } from '@/domain/pdf';
import { loadPdfFonts } from '@/server/services/pdf';

function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-pdf-')), 'doc.pdf');
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

// 1×1 PNG, enough to exercise image placement.
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('PdfDocument', () => {
  it('prints German, Bulgarian and Greek text with the embedded font', async () => {
    const doc = new PdfDocument({
      fonts: await loadPdfFonts(),
      language: 'de',
      appName: 'FleetPilot',
      title: 'Prüfbericht Bagger',
      generatedAt: new Date('2026-11-22T08:30:00Z'),
    });
    doc.section('Übersicht');
    doc.keyValues([
      ['Name', 'Багер Кирил'],
      ['Standort', 'Θεσσαλονίκη'],
      ['Leer', null],
    ]);
    doc.table(['Förderband', 'Status'], [['Band 1', 'Funktionsfähig']]);
    doc.signatures([
      { label: 'Bediener', image: { data: PIXEL, type: 'PNG' } },
      { label: 'Betriebsleiter', image: null },
    ]);
    const bytes = doc.finish();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const expected of [
      'Prüfbericht Bagger',
      'Übersicht',
      'Багер Кирил',
      'Θεσσαλονίκη',
      'Förderband',
      'Betriebsleiter',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('breaks long content onto further pages and numbers them', async () => {
    const doc = new PdfDocument({
      fonts: await loadPdfFonts(),
      language: 'gr',
      appName: 'FleetPilot',
      title: 'Αναφορά',
      generatedAt: new Date('2026-11-22T08:30:00Z'),
    });
    doc.table(
      ['#', 'Τιμή'],
      Array.from({ length: 120 }, (_, i) => [String(i + 1), `Γραμμή ${i + 1}`]),
    );
    const text = pdfText(doc.finish());
    expect(text).toContain('Γραμμή 120');
    expect(text).toMatch(/Σελίδα 3 από 3|Σελίδα 4 από 4/);
  });
});

describe('buildExcavatorPdf', () => {
  const excavator: Excavator = {
    id: '0196a0c2-0000-7000-8000-000000000001',
    version: 3,
    createdAt: '2026-01-02T10:00:00.000Z',
    createdBy: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    updatedBy: null,
    deletedAt: null,
    name: 'Багер Кирил',
    model: 'Liebherr R 926',
    serialNumber: 'LH-926-0042',
    year: 2021,
    status: 'maintenance',
    usageHours: 4480,
    location: 'Θεσσαλονίκη Λιμάνι',
    engineNumber: 'D934-77',
    nextInspectionHours: null,
    lastServiceHours: 4000,
    purchaseDate: '2021-03-15',
    lastServiceDate: '2026-06-01',
    profileImage: null,
    gallery: [],
    specifications: [{ key: 'Einsatzgewicht', value: '26,5 t' }],
    description: 'Kettenbagger für den Recyclinghof Süd.',
    notes: null,
    maintenance: { hoursUntil: 20, label: 'urgent' },
  };

  it('prints identity, operational data, maintenance due and specifications', async () => {
    const bytes = buildExcavatorPdf(excavator, {
      fonts: await loadPdfFonts(),
      language: 'de',
      appName: 'FleetPilot',
      generatedAt: new Date('2026-11-22T08:30:00Z'),
    });
    const text = pdfText(bytes);
    for (const expected of [
      'Bagger: Багер Кирил',
      'LH-926-0042',
      'In Wartung',
      'Θεσσαλονίκη Λιμάνι',
      'Dringend',
      'Einsatzgewicht',
      '26,5 t',
      'Kettenbagger für den Recyclinghof Süd.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('uses the requested language for its labels', async () => {
    const text = pdfText(
      buildExcavatorPdf(excavator, {
        fonts: await loadPdfFonts(),
        language: 'gr',
        appName: 'FleetPilot',
        generatedAt: new Date('2026-11-22T08:30:00Z'),
      }),
    );
    expect(text).toContain('Εκσκαφέας: Багер Кирил');
    expect(text).toContain('Σε συντήρηση');
    expect(text).toContain('Επείγον');
    // Hours read as on the screens: grouped digits and "h", never the "ώ" abbreviation.
    expect(text).toContain(createFormat('gr').hours(excavator.usageHours));
    expect(text).not.toMatch(/\d\s*ώ/u);
  });
});
