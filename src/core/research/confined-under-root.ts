/**
 * A read of a file that someone else named (a hook payload, a transcript, a
 * settings value), confined to a root the user trusts: the file must lie
 * inside the root and no folder on its path below the root may be a symbolic
 * link (the root itself may be one, e.g. a linked home folder).
 * `resolveUnderRoot` answers that for a file about to be written; a read is
 * `readConfinedFile` with the root, which checks it again after the open.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readConfinedFile, type ConfinedRead, type ConfinedReadOptions } from './confined-read';

export type UnderRoot = { ok: true; real: string } | { ok: false; rule: 'outside-root' | 'symlink' | 'not-found'; detail: string };

/** Whether `file` lies strictly inside `root` (both resolved, not followed). */
export function isInside(root: string, file: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The file's real path when it lies inside `root` with no symbolic link on the path below the root. */
export async function resolveUnderRoot(root: string, file: string): Promise<UnderRoot> {
  if (!isInside(root, file)) return { ok: false, rule: 'outside-root', detail: `is outside ${root}` };
  let current: string;
  try {
    current = await fs.realpath(path.resolve(root));
  } catch {
    return { ok: false, rule: 'not-found', detail: `its folder ${root} does not exist` };
  }
  const parts = path.relative(path.resolve(root), path.resolve(file)).split(path.sep);
  for (const part of parts.slice(0, -1)) {
    current = path.join(current, part);
    const stats = await fs.lstat(current).catch(() => null);
    if (!stats) return { ok: false, rule: 'not-found', detail: 'does not exist' };
    if (stats.isSymbolicLink()) return { ok: false, rule: 'symlink', detail: `has a symbolic link on its path (${current})` };
    if (!stats.isDirectory()) return { ok: false, rule: 'not-found', detail: 'does not exist' };
  }
  return { ok: true, real: path.join(current, parts.at(-1) ?? '') };
}

/**
 * `readConfinedFile` for a file that must lie under one of `roots` (tried in order) with no link below it: the
 * reader's own `root` confinement, so the checks before and after the open are the ones every read uses.
 */
export async function readUnderRoots(roots: readonly string[], file: string, options: Omit<ConfinedReadOptions, 'root'>): Promise<ConfinedRead> {
  let refusal: ConfinedRead | null = null;
  for (const root of roots.filter((r) => isInside(r, file))) {
    const read = await readConfinedFile(file, { ...options, root });
    if (read.ok) return read;
    refusal ??= read;
  }
  return refusal ?? { ok: false, rule: 'outside-root', detail: roots.length === 0 ? 'has no folder to be read from' : `is outside ${roots.join(' and ')}` };
}
