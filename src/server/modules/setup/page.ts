import type { TFunction } from 'i18next';
import { LANGUAGES, type Language } from '@/domain/constants';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from './texts';

/** What the setup page shows; the route works it out from the server's HTTPS mode and the request. */
export interface SetupPageModel {
  language: Language;
  /** HTTPS mode of the server. */
  mode: 'off' | 'files' | 'local';
  /** The page itself came over HTTPS (the device already trusts the server). */
  secure: boolean;
  /** Where the app opens over HTTPS, or null when the server has none. */
  httpsUrl: string | null;
  /** SVG of a QR code of httpsUrl. */
  qrSvg: string | null;
  /** The local authority's SHA-256 fingerprint (HTTPS=local). */
  fingerprint: string | null;
  /** The visitor's system, opened first. */
  platform: Platform | null;
}

/** `<html lang>` values: Greek is `el` in BCP 47 although the app calls it `gr`. */
const HTML_LANG: Record<Language, string> = { en: 'en', de: 'de', bg: 'bg', gr: 'el' };
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  bg: 'Български',
  gr: 'Ελληνικά',
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1a1b1e; --muted: #5c5f66; --bg: #f8f9fa; --card: #fff; --line: #dee2e6; --accent: #115aa2; --warn: #e8590c; }
@media (prefers-color-scheme: dark) { :root { --fg: #e9ecef; --muted: #a6a7ab; --bg: #141517; --card: #1f2023; --line: #373a40; --accent: #4dabf7; --warn: #ff922b; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; }
header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: baseline; justify-content: space-between; }
h1 { font-size: 1.6rem; margin: 0 0 8px; }
h2 { font-size: 1.2rem; margin: 0 0 8px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px 20px; margin-top: 16px; }
nav a { margin-left: 4px; color: var(--accent); text-decoration: none; padding: 8px 6px; display: inline-block; }
nav a[aria-current] { font-weight: 700; text-decoration: underline; }
.muted { color: var(--muted); }
.button { display: inline-block; background: var(--accent); color: #fff; border-radius: 8px; padding: 12px 20px; font-weight: 600; text-decoration: none; min-height: 48px; }
@media (prefers-color-scheme: dark) { .button { color: #101113; } }
code { font: 0.95rem/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
.fingerprint { display: block; padding: 8px 12px; margin: 8px 0; border-radius: 8px; background: var(--bg); border: 1px solid var(--line); }
details { border-top: 1px solid var(--line); padding: 4px 0; }
summary { cursor: pointer; font-weight: 600; padding: 10px 0; min-height: 44px; }
ol { padding-left: 1.4rem; margin: 4px 0 12px; }
li { margin: 4px 0; }
.open { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; }
.qr { width: 220px; height: 220px; background: #fff; border-radius: 8px; padding: 4px; flex: none; }
.qr svg { width: 100%; height: 100%; display: block; }
.url { font-size: 1.15rem; font-weight: 600; color: var(--accent); word-break: break-all; }
.note { border-left: 4px solid var(--warn); }
.ok { border-left: 4px solid #2f9e44; }
`;

function languageLinks(model: SetupPageModel, t: TFunction): string {
  const links = LANGUAGES.map((language) => {
    const current = language === model.language ? ' aria-current="true"' : '';
    return `<a href="/setup?lang=${language}" hreflang="${HTML_LANG[language]}" lang="${HTML_LANG[language]}"${current}>${LANGUAGE_NAMES[language]}</a>`;
  }).join('');
  return `<nav aria-label="${escapeHtml(t('languages'))}">${links}</nav>`;
}

function platformSteps(model: SetupPageModel, t: TFunction): string {
  return PLATFORMS.map((platform) => {
    const steps = t(`platforms.${platform}`, { returnObjects: true }) as string[];
    const open = platform === model.platform ? ' open' : '';
    const items = steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('');
    return `<details data-platform="${platform}"${open}><summary>${PLATFORM_NAMES[platform]}</summary><ol>${items}</ol></details>`;
  }).join('');
}

function openSection(model: SetupPageModel, t: TFunction, intro: string, title: string | null): string {
  if (!model.httpsUrl) return '';
  const url = escapeHtml(model.httpsUrl);
  const qr = model.qrSvg
    ? `<div class="qr" role="img" aria-label="${escapeHtml(t('qrLabel', { url: model.httpsUrl }))}">${model.qrSvg}</div>`
    : '';
  const heading = title ? `<h2>${escapeHtml(title)}</h2>` : '';
  return `<section id="open">${heading}<p>${escapeHtml(intro)}</p><div class="open">${qr}<a class="url" href="${url}" data-testid="https-url">${url}</a></div><p class="muted">${escapeHtml(t('after'))}</p></section>`;
}

/** The whole setup page: one HTML document with its own small stylesheet and no script. */
export function renderSetupPage(model: SetupPageModel, t: TFunction): string {
  const parts: string[] = [];
  if (model.secure)
    parts.push(`<section class="ok" role="status"><p>${escapeHtml(t('secureNow'))}</p></section>`);
  if (model.mode === 'off') {
    parts.push(
      `<section class="note"><h2>${escapeHtml(t('offTitle'))}</h2><p>${escapeHtml(t('offText'))}</p></section>`,
    );
    // A proxy in front may still offer HTTPS (PUBLIC_URL): then say where.
    parts.push(openSection(model, t, t('step3Own'), null));
  } else if (model.mode === 'files') {
    parts.push(openSection(model, t, t('step3Own'), null));
  } else {
    const fingerprint = model.fingerprint ? escapeHtml(model.fingerprint) : '';
    parts.push(
      `<section id="download"><h2>${escapeHtml(t('step1Title'))}</h2><p>${escapeHtml(t('step1Text'))}</p>` +
        `<p><a class="button" href="/setup/ca.crt" download="fleetpilot-ca.crt">${escapeHtml(t('download'))}</a></p>` +
        `<p><strong>${escapeHtml(t('fingerprint'))}</strong><code class="fingerprint" data-testid="fingerprint">${fingerprint}</code>` +
        `<span class="muted">${escapeHtml(t('fingerprintHint'))}</span></p></section>`,
      `<section id="trust"><h2>${escapeHtml(t('step2Title'))}</h2><p>${escapeHtml(t('step2Text'))}</p>${platformSteps(model, t)}</section>`,
      openSection(model, t, t('step3Text'), t('step3Title')),
    );
  }
  const title = escapeHtml(t('title'));
  return `<!doctype html>
<html lang="${HTML_LANG[model.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · FleetPilot</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${title}</h1>${languageLinks(model, t)}</header>
<p>${escapeHtml(t('lead'))}</p>
${parts.join('\n')}
</main>
</body>
</html>
`;
}
