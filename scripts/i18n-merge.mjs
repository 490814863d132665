// Deep-merges a fragment {en: {...}, de: {...}, bg: {...}, gr: {...}} into the locale files.
// Usage: node scripts/i18n-merge.mjs fragment.json [more.json ...]
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('src/client/i18n/locales');
const languages = ['en', 'de', 'bg', 'gr'];

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const sortKeys = (o) =>
  o && typeof o === 'object' && !Array.isArray(o)
    ? Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, sortKeys(o[k])]),
      )
    : o;

fs.mkdirSync(dir, { recursive: true });
for (const file of process.argv.slice(2)) {
  const fragment = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const lang of languages) {
    if (!fragment[lang]) {
      console.error(`${file}: missing language "${lang}"`);
      process.exit(1);
    }
  }
  for (const lang of languages) {
    const target = path.join(dir, `${lang}.json`);
    const current = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
    const next = sortKeys(merge(current, fragment[lang]));
    const tmp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(next, null, 2) + '\n');
    fs.renameSync(tmp, target);
  }
}
