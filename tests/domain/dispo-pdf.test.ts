import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Assignment } from '@/domain/dispo/assignments';
import { assignmentPdfLabels, buildAssignmentPdf } from '@/domain/pdf';
import { loadPdfFonts } from '@/server/services/pdf';

function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-dispo-pdf-')), 'sheet.pdf');
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const TYPE_10 = { name: 'Abrollcontainer 10 m³', volume: 10 };
const TYPE_7 = { name: 'Absetzmulde 7 m³', volume: 7 };

const assignment: Assignment = {
  id: '0196a0c2-0000-7000-8000-00000000a551',
  version: 4,
  createdAt: '2026-03-10T08:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-03-11T08:00:00.000Z',
  updatedBy: null,
  deletedAt: null,
  date: '2026-03-12',
  driverId: 'd1',
  truckId: 't1',
  rounds: [
    {
      notes: 'Baustelle Leopoldstraße 112, Zufahrt über Hinterhof',
      done: true,
      items: [
        { containerTypeId: 'c10', quantity: 2, operation: 'swap', containerType: TYPE_10 },
        { containerTypeId: 'c7', quantity: 1, operation: 'place', containerType: TYPE_7 },
      ],
    },
    {
      notes: null,
      done: false,
      items: [{ containerTypeId: 'c7', quantity: 3, operation: 'pickup', containerType: TYPE_7 }],
    },
  ],
  generalNotes: 'Lieferscheine abends im Büro abgeben. Θεσσαλονίκη — Пловдив',
  status: 'published',
  issuedBy: 'u1',
  issuedByName: 'Sabine Krüger',
  publishedAt: '2026-03-11T07:30:00.000Z',
  driver: { id: 'd1', name: 'Mehmet Yılmaz', phone: '+49 171 555 0132', userId: null },
  truck: { id: 't1', licensePlate: 'M-FP 1234', type: 'Abrollkipper', capacity: 18 },
  lastChange: {
    at: '2026-03-11T08:00:00.000Z',
    by: null,
    changes: [{ kind: 'round', index: 1, change: 'added' }],
  },
};

describe('buildAssignmentPdf (the driver sheet)', () => {
  it('prints date, driver, truck, rounds with items, notes and issuer in German', async () => {
    const bytes = buildAssignmentPdf(assignment, {
      fonts: await loadPdfFonts(),
      language: 'de',
      appName: 'FleetPilot',
      generatedAt: new Date('2026-03-11T09:00:00Z'),
    });
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const expected of [
      'Fahrauftrag: Mehmet Yılmaz',
      'Donnerstag, 12. März 2026',
      'M-FP 1234 · Abrollkipper',
      'Sabine Krüger',
      'Tour 1 — erledigt',
      'Tour 2 — offen',
      'Abrollcontainer 10 m³',
      'Tauschen',
      'Stellen',
      'Abholen',
      'Hinweise: Baustelle Leopoldstraße 112',
      'Θεσσαλονίκη — Пловдив',
      '3 stellen, 5 abholen',
      'Tour 2 hinzugefügt',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
    // Quantities sit in their own column.
    expect(text).toMatch(/Absetzmulde 7 m³\s+7 m³\s+3\s+Abholen/);
  });

  it('has labels in every language and prints Bulgarian and Greek', async () => {
    const fonts = await loadPdfFonts();
    for (const language of ['en', 'bg', 'gr'] as const) {
      const text = pdfText(
        buildAssignmentPdf(
          { ...assignment, rounds: [], generalNotes: null, lastChange: null },
          { fonts, language, appName: 'FleetPilot', generatedAt: new Date('2026-03-11T09:00:00Z') },
        ),
      );
      const l = assignmentPdfLabels[language];
      expect(text).toContain(l.title);
      expect(text).toContain(l.noRounds);
      expect(text).toContain(l.fields.issuedBy);
    }
    expect(assignmentPdfLabels.bg.operation.swap).toBe('Замяна');
    expect(assignmentPdfLabels.gr.operation.pickup).toBe('Παραλαβή');
  });
});
