import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import { LANGUAGES } from '@/domain/constants';
import {
  buildReportPdf,
  missingReportSignatures,
  REPORT_PDF_SIGNATURES_MESSAGE,
  ReportPdfSignaturesError,
  reportPdfLabels,
} from '@/domain/pdf';
import type { Report } from '@/domain/report';
import { signaturePng } from '@/server/modules/reports/signature-png';
import { loadPdfFonts } from '@/server/services/pdf';

function pdfFile(bytes: ArrayBuffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-report-pdf-')), 'report.pdf');
  fs.writeFileSync(file, Buffer.from(bytes));
  return file;
}

const pdfText = (bytes: ArrayBuffer) =>
  execFileSync('pdftotext', ['-layout', pdfFile(bytes), '-'], { encoding: 'utf8' });

/** Images placed in the PDF as `width×height` (alpha masks not counted). */
function images(bytes: ArrayBuffer): string[] {
  const list = execFileSync('pdfimages', ['-list', pdfFile(bytes)], { encoding: 'utf8' });
  return list
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === 'image')
    .map((cols) => `${cols[3]}×${cols[4]}`);
}

const approved: Report = {
  id: '0196a0c2-0000-7000-8000-000000000010',
  version: 4,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: '0196a0c2-0000-7000-8000-0000000000a1',
  updatedAt: '2026-11-02T08:00:00.000Z',
  updatedBy: '0196a0c2-0000-7000-8000-0000000000b1',
  deletedAt: null,
  reportDate: '2026-11-01',
  excavatorId: '0196a0c2-0000-7000-8000-000000000001',
  excavator: {
    id: '0196a0c2-0000-7000-8000-000000000001',
    name: 'Багер Кирил',
    model: 'Liebherr R 926',
    serialNumber: 'LH-926-0042',
  },
  operatorName: 'Jonas Becker',
  managerName: 'Katrin Vogel',
  description: 'Tägliche Sichtprüfung vor Schichtbeginn.',
  operatingHours: 4210.5,
  notes: 'Maschine nach Einsatz gereinigt.',
  serviceDate: '2026-10-01',
  uvvInspectionDate: '2026-06-15',
  fuelLevel: 75,
  hoursUntilNextMaintenance: 289.5,
  checklist: {
    exterior: {
      tracks: { state: 'ok' },
      hydraulicLeaks: { state: 'not_ok', note: 'Schlauch am Ausleger feucht' },
      mirrors: { state: 'na' },
    },
    engine: { oilLevel: { state: 'ok' } },
  },
  checklistItems: DEFAULT_CHECKLIST.categories,
  resolvesFollowUps: [],
  operatorSignature: signaturePng(3),
  managerSignature: signaturePng(8),
  status: 'approved',
  createdByName: 'Jonas Becker',
  submittedAt: '2026-11-01T16:00:00.000Z',
  approvedBy: '0196a0c2-0000-7000-8000-0000000000b1',
  approvedByName: 'Katrin Vogel',
  approvedAt: '2026-11-02T08:00:00.000Z',
  rejectionReason: null,
  rejectedBy: null,
  rejectedByName: null,
  rejectedAt: null,
};

const build = async (report: Report, language: (typeof LANGUAGES)[number]) =>
  buildReportPdf(report, {
    fonts: await loadPdfFonts(),
    language,
    appName: 'FleetPilot',
    generatedAt: new Date('2026-11-22T08:30:00Z'),
  });

describe('buildReportPdf', () => {
  it('gives the same bytes for the same report and time (a restored copy can be compared with the original)', async () => {
    const first = Buffer.from(await build(approved, 'en'));
    const second = Buffer.from(await build(structuredClone(approved), 'en'));
    expect(second.equals(first)).toBe(true);
    const later = Buffer.from(
      buildReportPdf(approved, {
        fonts: await loadPdfFonts(),
        language: 'en',
        appName: 'FleetPilot',
        generatedAt: new Date('2026-11-22T08:31:00Z'),
      }),
    );
    expect(later.equals(first)).toBe(false);
  });

  it('prints every field, the checklist by category with marks, approval and both signatures (German)', async () => {
    const bytes = await build(approved, 'de');
    const text = pdfText(bytes);
    for (const expected of [
      'Wartungsbericht: Багер Кирил — 01.11.2026',
      'Berichtsdatum',
      'Freigegeben',
      'LH-926-0042',
      'Liebherr R 926',
      'Maschinenführer',
      'Jonas Becker',
      'Betriebsleiter',
      'Katrin Vogel',
      '4.210,5 h',
      '75 %',
      '289,5 h',
      '01.10.2026',
      '15.06.2026',
      'Tägliche Sichtprüfung vor Schichtbeginn.',
      'Prüfliste',
      '✓ 2 in Ordnung · ✗ 1 mangelhaft · – 1 entfällt · 25 nicht geprüft',
      // Categories and items from the report's own checklist, in German.
      'Außen',
      'Kabine',
      'Reinigung',
      'Hydrauliklecks',
      'Kühlmittelstand',
      'Not-Halt-Schalter',
      '✓ In Ordnung',
      '✗ Mangelhaft',
      '– Entfällt',
      'Nicht geprüft',
      'Schlauch am Ausleger feucht',
      'Maschine nach Einsatz gereinigt.',
      'Freigabe',
      'Freigegeben von',
      // In the site's zone (Europe/Berlin unless set), naming it.
      '02.11.2026, 09:00 MEZ',
      'Unterschrift Maschinenführer — Jonas Becker',
      'Unterschrift Betriebsleiter — Katrin Vogel',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Hydrauliklecks\s+✗ Mangelhaft\s+Schlauch am Ausleger feucht/);
    expect(text).toMatch(/Ketten\s+✓ In Ordnung/);
    // Both signatures, as drawn (240×80).
    expect(images(bytes)).toEqual(['240×80', '240×80']);
  });

  it('prints the checklist in Greek', async () => {
    const text = pdfText(await build(approved, 'gr'));
    for (const expected of [
      'Αναφορά συντήρησης: Багер Кирил',
      'Λίστα ελέγχου',
      'Εξωτερικό',
      'Ερπύστριες',
      'Διαρροές υδραυλικών',
      '✗ Μη εντάξει',
      '✓ Εντάξει',
      'Στάθμη ψυκτικού υγρού',
      'Έγκριση',
      'Υπογραφή χειριστή',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the rejection with its reason when a rejected report carries both signatures', async () => {
    const rejected: Report = {
      ...approved,
      status: 'rejected',
      approvedBy: null,
      approvedByName: null,
      approvedAt: null,
      rejectionReason: 'Betriebsstunden stimmen nicht',
      rejectedBy: approved.approvedBy,
      rejectedByName: 'Katrin Vogel',
      rejectedAt: '2026-11-02T09:15:00.000Z',
    };
    const text = pdfText(await build(rejected, 'en'));
    expect(text).toContain('Rejection');
    expect(text).toMatch(/Reason\s+Betriebsstunden stimmen nicht/);
    expect(text).toMatch(/Rejected by\s+Katrin Vogel/);
    expect(text).not.toContain('Approved by');
  });

  it('uses the labels the report was filled with, not today’s configuration', async () => {
    const custom: Report = {
      ...approved,
      checklist: { safety: { extinguisher: { state: 'not_ok', note: 'Abgelaufen' } } },
      checklistItems: [
        {
          key: 'safety',
          label: { en: 'Safety', de: 'Sicherheit', bg: '', gr: '' },
          items: [{ key: 'extinguisher', label: { en: 'Extinguisher', de: 'Feuerlöscher', bg: '', gr: '' } }],
        },
      ],
    };
    const text = pdfText(await build(custom, 'bg'));
    // Bulgarian labels are empty: the German ones stand in.
    expect(text).toMatch(/Feuerlöscher\s+✗ Неизправно\s+Abgelaufen/);
    expect(text).toContain('Sicherheit');
    expect(text).not.toContain('Вериги');
  });

  it('refuses without both signatures, with a typed error naming what is missing', async () => {
    const cases: Array<[Partial<Report>, string[]]> = [
      [{ managerSignature: null }, ['manager']],
      [{ operatorSignature: null }, ['operator']],
      [{ operatorSignature: null, managerSignature: null }, ['operator', 'manager']],
    ];
    for (const [change, missing] of cases) {
      const report = { ...approved, ...change };
      expect(missingReportSignatures(report)).toEqual(missing);
      let error: unknown;
      try {
        await build(report, 'de');
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ReportPdfSignaturesError);
      expect(error).toMatchObject({
        message: REPORT_PDF_SIGNATURES_MESSAGE,
        code: 'REPORT_SIGNATURES_MISSING',
        missing,
      });
    }
    expect(missingReportSignatures(approved)).toEqual([]);
  });

  it('has labels for every status and state in every language', () => {
    for (const language of LANGUAGES) {
      const l = reportPdfLabels[language];
      expect(l.states.ok.startsWith('✓')).toBe(true);
      expect(l.states.not_ok.startsWith('✗')).toBe(true);
      if (language !== 'en') expect(l.title).not.toBe(reportPdfLabels.en.title);
    }
  });
});
