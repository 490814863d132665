/**
 * 32 hex digits derived from `text` (four FNV-1a rounds with different seeds). Not a cryptographic
 * hash: it names content that must come out the same everywhere (a PDF's file id) and tells whether a
 * text is the one seen before (a settings answer), where a chance match of 2^-128 is no concern.
 */
export function textDigest(text: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]) {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}
