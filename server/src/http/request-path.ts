/** A request path, parsed once at the edge: its decoded segments, or why it was refused. */
export type RequestPath = { ok: true; segments: readonly string[] } | { ok: false; reason: string };

/**
 * Parses the raw request target (`req.url`) into path segments.
 * Any `.` or `..` segment, backslash or NUL byte is refused rather than normalised, so a
 * traversal attempt never reaches the file system, whichever way it was encoded.
 */
export function parseRequestPath(rawUrl: string): RequestPath {
  const pathname = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!pathname.startsWith('/')) return { ok: false, reason: 'path must start with /' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, reason: 'forbidden character' };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return { ok: false, reason: 'dot segments are not allowed' };
  }
  return { ok: true, segments };
}
