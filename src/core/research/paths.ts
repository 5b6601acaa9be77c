/**
 * Syntax checks for a path a model (or a plan) asks for, before anything
 * touches the disk. Contract: a path that passes is a normalised,
 * workspace-relative POSIX path ('' for the root itself) without `..`
 * segments; everything else is refused with the rule it broke. Containment
 * after symlinks is checked separately (workspace.ts), because syntax alone
 * cannot see a symlink.
 */
import * as path from 'node:path';

export type PathCheck = { ok: true; rel: string } | { ok: false; rule: string; message: string };

/** PATH_MAX on Linux: a deep but real tree must stay addressable. */
const MAX_PATH_CHARS = 4096;
/** Percent escapes that decode to a dot, a separator, NUL or another escape: traversal in disguise. */
const DANGEROUS_ESCAPE = /%(2e|2f|5c|00|25)/i;

function refuse(rule: string, message: string): PathCheck {
  return { ok: false, rule, message };
}

/** Checks and normalises a workspace-relative path. `''`, `.` and `./` mean the root. */
export function checkRelativePath(input: unknown): PathCheck {
  if (typeof input !== 'string') return refuse('not-a-string', 'path must be a string');
  if (input.length > MAX_PATH_CHARS) return refuse('too-long', `path is longer than ${MAX_PATH_CHARS} characters`);
  if (input.includes('\0')) return refuse('nul-byte', 'path contains a NUL byte');
  if (input.includes('\\')) return refuse('backslash', 'backslashes are not allowed; use workspace-relative paths with forward slashes');
  if (/^[a-zA-Z]:/.test(input)) return refuse('drive-letter', 'Windows drive paths are not allowed; use workspace-relative paths');
  if (input.startsWith('/')) return refuse('absolute', 'absolute paths are not allowed; use a path relative to the workspace root');
  if (input.startsWith('~')) return refuse('home', 'home-relative paths (~) are not allowed; use a path relative to the workspace root');
  if (DANGEROUS_ESCAPE.test(input)) {
    return refuse('percent-encoding', 'percent-encoded dots, separators or escapes are not allowed in paths');
  }
  let decoded = input;
  if (input.includes('%')) {
    try {
      decoded = decodeURIComponent(input);
    } catch {
      return refuse('percent-encoding', 'path contains a malformed percent escape');
    }
  }
  for (const candidate of decoded === input ? [input] : [input, decoded]) {
    if (candidate.split('/').some((segment) => segment === '..')) {
      return refuse('parent-segment', '`..` segments are not allowed; the path must stay inside the workspace');
    }
  }
  const normalised = path.posix.normalize(input === '' ? '.' : input).replace(/\/+$/, '');
  const rel = normalised === '.' ? '' : normalised.replace(/^\.\//, '');
  if (rel.startsWith('..') || path.posix.isAbsolute(rel)) {
    return refuse('parent-segment', 'the path leaves the workspace');
  }
  return { ok: true, rel };
}

/** True when `target` (absolute, resolved) is `root` or lies inside it. Both must be real paths. */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/** Workspace-relative POSIX form of an absolute path inside `root`. */
export function toPosixRelative(root: string, target: string): string {
  return path.relative(root, target).split(path.sep).join('/');
}
