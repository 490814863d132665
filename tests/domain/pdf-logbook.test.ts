import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogbookEntry } from '@/domain/logbook';
import { buildLogbookPdf } from '@/domain/pdf';
import { demoSignature } from '@/server/modules/logbook/signature-png';
import { loadPdfFonts } from '@/server/services/pdf';

function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-pdf-logbook-')), 'entry.pdf');
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** pdftotext keeps table cells apart with runs of spaces; one space is enough to compare. */
const squeeze = (text: string) => text.replace(/[ \t]+/g, ' ');

const entry: LogbookEntry = {
  id: '0196a0c2-0000-7000-8000-000000000042',
  version: 3,
  createdAt: '2026-03-02T05:10:00.000Z',
  createdBy: '0196a0c2-0000-7000-8000-0000000000a1',
  updatedAt: '2026-03-03T08:00:00.000Z',
  updatedBy: '0196a0c2-0000-7000-8000-0000000000b2',
  deletedAt: null,
  date: '2026-03-02',
  site: 'Recyclinghof Süd',
  shiftStart: '22:00',
  shiftEnd: '06:00',
  overnight: true,
  weather: { temperature: -2.5, humidity: 93, conditions: 'snow' },
  conveyorChecks: [
    { key: 'aufgabeband', name: 'Aufgabeband', functional: true, notes: null },
    {
      key: 'sortierband-1',
      name: 'Sortierband 1',
      functional: false,
      notes: 'Gurt läuft schief, nachspannen',
    },
    { key: null, name: 'Ταινία Θεσσαλονίκη', functional: true, notes: 'Лента проверена' },
  ],
  specialChecks: [
    { key: 'brandschutz', name: 'Brandschutz', open: false, notes: null },
    { key: 'oelabscheider', name: 'Ölabscheider', open: true, notes: 'Entleerung bestellt' },
  ],
  generalNotes: 'Schneefall ab 03:00 Uhr, Hofflächen gestreut.',
  status: 'approved',
  creatorSignature: demoSignature('Jonas Becker'),
  signedAt: '2026-03-03T05:55:00.000Z',
  reviewerSignature: demoSignature('Katrin Vogel'),
  approvedBy: '0196a0c2-0000-7000-8000-0000000000b2',
  approvedAt: '2026-03-03T08:00:00.000Z',
  createdByName: 'Jonas Becker',
  approvedByName: 'Katrin Vogel',
};

const options = async (language: 'de' | 'gr' | 'en' | 'bg') => ({
  fonts: await loadPdfFonts(),
  language,
  appName: 'FleetPilot',
  generatedAt: new Date('2026-03-03T09:00:00Z'),
});

describe('buildLogbookPdf', () => {
  it('prints every field in German: shift, weather, both check tables, notes, signatures, approval', async () => {
    const bytes = buildLogbookPdf(entry, await options('de'));
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = squeeze(pdfText(bytes));
    for (const expected of [
      'Betriebstagebuch: 02.03.2026 — Recyclinghof Süd',
      '22:00 – 06:00 (Nachtschicht)',
      '8 Std. 0 Min.',
      'Freigegeben',
      'Erstellt von Jonas Becker',
      '-2,5 °C',
      '93 %',
      'Schnee',
      'Förderbandkontrolle',
      'Förderband Funktionsfähig Bemerkungen',
      'Sortierband 1 Nein Gurt läuft schief, nachspannen',
      'Ταινία Θεσσαλονίκη Ja Лента проверена',
      'Sonderprüfungen',
      'Ölabscheider Ja Entleerung bestellt',
      'Brandschutz Nein',
      'Schneefall ab 03:00 Uhr, Hofflächen gestreut.',
      'Freigegeben von Katrin Vogel',
      'Bediener — Jonas Becker',
      'Betriebsleiter — Katrin Vogel',
      'Seite 1 von',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints Greek labels with the embedded font', async () => {
    const text = squeeze(pdfText(buildLogbookPdf(entry, await options('gr'))));
    for (const expected of [
      'Ημερολόγιο λειτουργίας',
      'νυχτερινή βάρδια',
      'Χιόνι',
      'Έλεγχος ταινιών μεταφοράς',
      'Sortierband 1 Όχι Gurt läuft schief, nachspannen',
      'Ειδικοί έλεγχοι',
      'Υπογραφές και έγκριση',
      'Εγκρίθηκε',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says what is missing: no weather, no checks, no signatures yet', async () => {
    const draft: LogbookEntry = {
      ...entry,
      site: null,
      shiftStart: '06:00',
      shiftEnd: '14:00',
      overnight: false,
      weather: null,
      conveyorChecks: [],
      specialChecks: [],
      generalNotes: null,
      status: 'unsigned',
      creatorSignature: null,
      signedAt: null,
      reviewerSignature: null,
      approvedBy: null,
      approvedAt: null,
      approvedByName: null,
    };
    const en = squeeze(pdfText(buildLogbookPdf(draft, await options('en'))));
    expect(en).toContain('Operations log: 2 Mar 2026');
    expect(en).toContain('No weather recorded.');
    expect(en).toContain('None recorded.');
    expect(en).toContain('Draft');
    expect(en).not.toContain('Operator —');
    const bg = squeeze(
      pdfText(
        buildLogbookPdf(
          { ...draft, weather: { temperature: 18, humidity: null, conditions: 'Слънчево' } },
          await options('bg'),
        ),
      ),
    );
    expect(bg).toContain('Дневник на експлоатацията');
    expect(bg).toContain('Слънчево');
    expect(bg).toContain('Чернова');
  });
});
