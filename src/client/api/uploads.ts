/**
 * The URL of a stored upload: a relative path becomes `{origin}/uploads/{path}`
 * with leading slashes and `uploads/` prefixes stripped; URLs with a scheme (http, https, data, blob)
 * are kept.
 */
export function uploadUrl(
  path: string | null | undefined,
  origin: string = globalThis.location?.origin ?? '',
): string | null {
  if (!path) return null;
  const trimmed = path.trim();
  if (!trimmed) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  let relative = trimmed;
  for (;;) {
    const next = relative.replace(/^\/+/, '').replace(/^uploads\//i, '');
    if (next === relative) break;
    relative = next;
  }
  return relative ? `${origin}/uploads/${relative}` : null;
}
