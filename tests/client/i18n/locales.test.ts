import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/domain/constants';

/**
 * Locale completeness: every key exists in en, de, bg and gr, every key is used
 * somewhere in src, and the other languages are really translated.
 *
 * "Used" means the full key appears as a string literal in src (t('a.b'), i18nKey="a.b", or a
 * constant such as `name: 'nav.dashboard'`). Keys built at run time are covered by the prefixes
 * below; each entry says where its keys are built. Add a prefix here only for such a template.
 */
const DYNAMIC_KEY_PREFIXES: ReadonlyArray<readonly [prefix: string, builtIn: string]> = [
  ['nav.groups.', 'shell/sidebar/nav-content.tsx and palette-entries.ts: `nav.groups.${group}`'],
  ['languages.', 'shell/language-picker.tsx, settings page: `languages.${language}`'],
  ['shell.features.', 'features/settings/settings-page.tsx: `shell.features.${flag}`'],
  ['shell.roles.', 'shell/sidebar/user-menu.tsx: `shell.roles.${role}`'],
  ['shell.theme.', 'shell/theme/theme-switch.tsx: `shell.theme.${value}`'],
  ['disabled.analytics.', 'shell/pages/disabled-feature-page.tsx: `disabled.${page}.title|message`'],
  ['disabled.inventory.', 'shell/pages/disabled-feature-page.tsx'],
  ['disabled.users.', 'shell/pages/disabled-feature-page.tsx'],
  ['disabled.settings.', 'shell/pages/disabled-feature-page.tsx'],
  ['audit.actions.', 'features/settings/audit-values.ts: the stored action with dots as underscores'],
  ['audit.entities.', 'features/settings/audit-values.ts: the stored record type'],
  ['audit.fields.', 'features/settings/audit-values.ts: the changed field with dots as underscores'],
];

/** Values that are the same word in every language (language names are shown in their own language). */
const SAME_IN_ALL_LANGUAGES = [/^languages\./];

const root = path.resolve(import.meta.dirname, '../../..');
const localeDir = path.join(root, 'src/client/i18n/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const locales = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    flatten(JSON.parse(fs.readFileSync(path.join(localeDir, `${language}.json`), 'utf8')) as Tree),
  ]),
) as Record<(typeof LANGUAGES)[number], Map<string, string>>;

const allKeys = [...new Set(LANGUAGES.flatMap((language) => [...locales[language].keys()]))].sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [full] : [];
  });
}

const literals = new Set<string>();
for (const file of sourceFiles(path.join(root, 'src')))
  for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"`]/g))
    literals.add(match[1]!);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has every key in every language, as a non-empty string', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES)
      for (const key of allKeys) {
        const value = locales[language].get(key);
        if (value === undefined) problems.push(`${language}: missing ${key}`);
        else if (!value.trim()) problems.push(`${language}: empty ${key}`);
      }
    expect(problems).toEqual([]);
  });

  it('uses the same {{placeholders}} in every language', () => {
    const problems = allKeys.flatMap((key) => {
      const expected = placeholders(locales.en.get(key) ?? '');
      return LANGUAGES.filter(
        (language) =>
          JSON.stringify(placeholders(locales[language].get(key) ?? '')) !== JSON.stringify(expected),
      ).map((language) => `${language}: ${key}`);
    });
    expect(problems).toEqual([]);
  });

  it('uses every key somewhere in src', () => {
    const unused = allKeys.filter((key) => {
      const base = key.replace(PLURAL_SUFFIX, '');
      if (literals.has(key) || literals.has(base)) return false;
      return !DYNAMIC_KEY_PREFIXES.some(([prefix]) => key.startsWith(prefix));
    });
    expect(unused).toEqual([]);
  });

  it('leaves no English text in the Bulgarian and Greek files', () => {
    const problems: string[] = [];
    for (const language of ['bg', 'gr'] as const)
      for (const [key, value] of locales[language]) {
        if (SAME_IN_ALL_LANGUAGES.some((pattern) => pattern.test(key))) continue;
        const words = value.replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z]{3,}/g) ?? [];
        const latinOnly = words.length > 0 && !/[\u0370-\u03ff\u0400-\u04ff]/.test(value);
        if (latinOnly) problems.push(`${language}: ${key} = ${value}`);
      }
    expect(problems).toEqual([]);
  });
});
