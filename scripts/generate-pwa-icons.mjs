// Draws the app icons from public/favicon.svg's artwork with the installed Chromium (no downloads).
// Usage: node scripts/generate-pwa-icons.mjs   — writes the PNGs under public/ (committed).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve('public');
// The Mantine theme's primary colour (src/client/theme.ts, fleet shade 7) and the top bar's logo,
// Tabler's "backhoe" (MIT), so the installed icon looks like the app.
const BLUE = '#115aa2';
const BACKHOE = [
  'M2 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M11 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
  'M13 19l-9 0',
  'M4 15l9 0',
  'M8 12v-5h2a3 3 0 0 1 3 3v5',
  'M5 15v-2a1 1 0 0 1 1 -1h7',
  'M21.12 9.88l-3.12 -4.88l-5 5',
  'M21.12 9.88a3 3 0 0 1 -2.12 5.12a3 3 0 0 1 -2.12 -.88l4.24 -4.24',
];

/** The glyph on a 512 × 512 canvas; `scale` shrinks it toward the centre (maskable safe zone). */
function glyph(scale) {
  // The 24-unit icon's drawing spans x 1–22.5, y 4–20: centre it, then scale.
  const t = `translate(256 256) scale(${(scale * 320) / 24}) translate(-11.75 -12)`;
  const paths = BACKHOE.map((d) => `<path d="${d}"/>`).join('');
  return `<g transform="${t}" fill="none" stroke="#fff" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
}

function svg({ size = 512, radius = 112, scale = 1 }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${radius}" fill="${BLUE}"/>
  ${glyph(scale)}
</svg>`;
}

const targets = [
  { file: 'pwa-192x192.png', size: 192, radius: 112, scale: 1.25 },
  { file: 'pwa-512x512.png', size: 512, radius: 112, scale: 1.25 },
  // Maskable: full bleed, glyph inside the 80 % safe circle.
  { file: 'maskable-512x512.png', size: 512, radius: 0, scale: 1.05 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, radius: 0, scale: 1.15 },
];

fs.writeFileSync(path.join(publicDir, 'favicon.svg'), `${svg({ size: 64, radius: 112, scale: 1.3 })}\n`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const target of targets) {
    await page.setViewportSize({ width: target.size, height: target.size });
    const markup = svg(target).replace(
      /width="\d+" height="\d+"/,
      `width="${target.size}" height="${target.size}"`,
    );
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
    await page.screenshot({
      path: path.join(publicDir, target.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: target.size, height: target.size },
    });
    console.info(`public/${target.file}`);
  }
} finally {
  await browser.close();
}
