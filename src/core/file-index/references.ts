/**
 * A path as a plan writes it → a clean relative (or absolute) path, or null
 * when it cannot name one file: globs, URLs, `~`, empty. Drops `:12:3`
 * positions, `#L10` anchors, `./` and a trailing slash.
 */
export function cleanReference(reference: string): string | null {
  let p = reference.trim().replace(/^[`'"<(]+|[`'">)]+$/g, '');
  if (p === '' || p.includes('\0') || /^[a-z][a-z0-9+.-]*:\/\//i.test(p) || p.startsWith('~')) return null;
  if (/[*?[\]{}]/.test(p)) return null;
  p = p
    .replace(/#.*$/, '')
    .replace(/(:\d+)+$/, '')
    .replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  p = p.replace(/\/+$/, '');
  return p === '' || p === '.' ? null : p;
}
