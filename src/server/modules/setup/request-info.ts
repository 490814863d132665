import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@/domain/constants';
import type { Platform } from './texts';

/** A Host header worth echoing into a link: host name, IPv4 or [IPv6], optional port. */
const HOST_HEADER = /^(?<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The host name (or [IPv6]) a browser used to reach us, or null when the header is missing or odd. */
export function requestHostname(hostHeader: string | undefined): string | null {
  const match = hostHeader ? HOST_HEADER.exec(hostHeader.trim()) : null;
  return match?.groups?.host?.toLowerCase() ?? null;
}

/** `https://host[:port]/`, the port left out when it is 443. */
export function httpsOrigin(host: string, port: number): string {
  return `https://${host}${port === 443 ? '' : `:${port}`}/`;
}

function asLanguage(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
  // Browsers call Greek `el`; the app calls it `gr`.
  const code = primary === 'el' ? 'gr' : primary;
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : null;
}

/** `?lang=` first, then the browser's Accept-Language by weight, then the default (German). */
export function pickLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = query ? asLanguage(query) : null;
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = asLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The visitor's system from the User-Agent, to open its instructions first. */
export function detectPlatform(userAgent: string | undefined): Platform | null {
  const ua = userAgent ?? '';
  if (/Android/i.test(ua)) return 'android';
  if (/iPad|iPhone|iPod/.test(ua)) return 'ios';
  if (/CrOS/.test(ua)) return 'chromeos';
  if (/Windows/.test(ua)) return 'windows';
  // iPadOS Safari introduces itself as a Mac; a Mac with touch is most likely an iPad.
  if (/Macintosh|Mac OS X/.test(ua)) return /Mobile/.test(ua) ? 'ios' : 'macos';
  return null;
}
