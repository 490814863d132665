import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/domain/constants';
import { createFormat, STATUS_VOCABULARY, STATUS_WORDS } from '@/domain/format';

const root = path.resolve(import.meta.dirname, '../..');

describe('createFormat', () => {
  it('writes one date shape per language, a calendar day never shifting with the zone', () => {
    expect(createFormat('en').date('2026-11-25')).toBe('25 Nov 2026');
    expect(createFormat('en', { timeZone: 'Pacific/Kiritimati' }).date('2026-11-25')).toBe('25 Nov 2026');
    expect(createFormat('en', { timeZone: 'Pacific/Pago_Pago' }).date('2026-11-25')).toBe('25 Nov 2026');
    expect(createFormat('de').date('2026-11-25')).toBe('25.11.2026');
    expect(createFormat('de').dateWithWeekday('2026-11-25')).toBe('Mi., 25.11.2026');
    // A timestamp is a moment: its date and time follow the zone, on a 24-hour clock.
    expect(createFormat('en', { timeZone: 'UTC' }).dateTime('2026-11-25T21:03:05Z')).toBe(
      '25 Nov 2026, 21:03',
    );
    expect(createFormat('en', { timeZone: 'Europe/Berlin' }).dateTime('2026-11-25T23:30:00Z')).toBe(
      '26 Nov 2026, 00:30',
    );
    expect(createFormat('en', { timeZone: 'UTC' }).time('2026-11-25T09:03:05Z')).toBe('09:03');
  });

  it('groups hours the same way everywhere and prints "h" (Bulgarian "ч"), never "ώ"', () => {
    expect(createFormat('en').hours(14639)).toBe('14,639 h');
    expect(createFormat('en').hours(14665.25)).toBe('14,665.3 h');
    expect(createFormat('de').hours(14639)).toBe('14.639 h');
    expect(createFormat('gr').hours(14639)).toBe('14.639 h');
    expect(createFormat('bg').hours(14639)).toMatch(/^14\s639 ч$/u);
    for (const language of LANGUAGES) expect(createFormat(language).hours(1)).not.toContain('ώ');
  });

  it('keeps the euro sign in every language', () => {
    expect(createFormat('en').money(5007137.1)).toBe('€5,007,137.10');
    expect(createFormat('gr').money(5007137.1)).toMatch(/^5\.007\.137,10\s€$/u);
    for (const language of LANGUAGES) {
      expect(createFormat(language).money(1)).toContain('€');
      expect(createFormat(language).moneyCompact(5007137.1)).toContain('€');
      expect(createFormat(language).moneyCompact(5007137.1).length).toBeLessThan(12);
    }
  });

  it('prints a dash for a missing value and leaves unreadable text as it is', () => {
    const format = createFormat('de');
    expect(format.hours(null)).toBe('–');
    expect(format.money(undefined)).toBe('–');
    expect(format.date(null)).toBe('–');
    expect(format.date('soon')).toBe('soon');
  });

  it('falls back to the default language for an unknown one', () => {
    expect(createFormat('xx').language).toBe('de');
  });
});

describe('the status vocabulary', () => {
  it('is the one the app speaks: status.* in every locale file equals the table the PDFs use', () => {
    for (const language of LANGUAGES) {
      const locale = JSON.parse(
        fs.readFileSync(path.join(root, `src/client/i18n/locales/${language}.json`), 'utf8'),
      ) as Record<string, Record<string, unknown>>;
      for (const word of STATUS_WORDS) expect(locale.status?.[word]).toBe(STATUS_VOCABULARY[language][word]);
      // No screen keeps a private set of status words (that is how "Unsigned" beside "Draft" happened).
      for (const [section, keys] of [
        ['reports', 'status'],
        ['dashboard', 'reportStatus'],
        ['analytics', 'reportStatus'],
        ['excavators', 'reportStatus'],
        ['logbook', 'status'],
        ['dispo', 'status'],
      ] as const) {
        expect(locale[section]?.[keys], `${language}: ${section}.${keys}`).toBeUndefined();
      }
    }
  });

  it('calls an unsigned report a draft', () => {
    expect(STATUS_VOCABULARY.en.unsigned).toBe('Draft');
    expect(STATUS_VOCABULARY.en.unsigned).toBe(STATUS_VOCABULARY.en.draft);
  });
});

describe('the lint rule', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (code: string, file: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
  };

  it('forbids Intl and toLocale* outside the formatting module', async () => {
    const code = [
      "export const a = new Intl.NumberFormat('en').format(1);",
      "export const b = new Date().toLocaleDateString('en');",
      'export const c = (1).toLocaleString();',
      'export const d = Intl.DateTimeFormat().resolvedOptions().timeZone;',
      '',
    ].join('\n');
    expect(await lint(code, 'src/client/features/reports/x.ts')).toBe(4);
    expect(await lint(code, 'src/server/modules/x.ts')).toBe(4);
    expect(await lint(code, 'src/domain/pdf/x.ts')).toBe(4);
    expect(await lint(code, 'src/domain/format/x.ts')).toBe(0);
  }, 60_000);
});
