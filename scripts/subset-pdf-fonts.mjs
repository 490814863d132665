// Makes public/fonts/DejaVuSans*.ttf, the fonts embedded in PDFs, from the full DejaVu Sans (Debian's
// fonts-dejavu-core by default, or the folder given): only the scripts FleetPilot prints — Latin with
// its extensions, Greek, Cyrillic — and the punctuation, currency, arrow, maths, box and check-mark
// signs. The full fonts are 1.4 MB; these are a third of that, which every tablet downloads before
// it can work offline. Usage: node scripts/subset-pdf-fonts.mjs [/usr/share/fonts/truetype/dejavu]
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const source = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu';
const target = path.resolve('public/fonts');

/** Unicode blocks kept, as [first, last] code points. */
const RANGES = [
  [0x0020, 0x024f], // Basic Latin … Latin Extended-B (Turkish, Polish, Romanian, Czech …)
  [0x02b0, 0x02ff], // spacing modifier letters
  [0x0300, 0x036f], // combining diacritical marks
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x04ff], // Cyrillic (Bulgarian, Russian, Serbian, Ukrainian …)
  [0x2000, 0x206f], // general punctuation (dashes, quotes, ellipsis, bullets)
  [0x2070, 0x209f], // superscripts and subscripts
  [0x20a0, 0x20cf], // currency signs
  [0x2100, 0x214f], // letterlike symbols (№, ℃, ™)
  [0x2190, 0x21ff], // arrows
  [0x2200, 0x22ff], // mathematical operators (−, ≤, ≥, ±)
  [0x2500, 0x257f], // box drawing
  [0x25a0, 0x25ff], // geometric shapes (▶, ■, ●)
  [0x2610, 0x2612], // ballot boxes
  [0x2713, 0x2718], // check and cross marks
  [0xfffd, 0xfffd], // replacement character
];

let text = '';
for (const [first, last] of RANGES) for (let c = first; c <= last; c += 1) text += String.fromCodePoint(c);

for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
  const full = fs.readFileSync(path.join(source, file));
  const subset = await subsetFont(full, text, { targetFormat: 'truetype' });
  fs.writeFileSync(path.join(target, file), subset);
  console.info(`${file}: ${full.length} → ${subset.length} bytes`);
}
