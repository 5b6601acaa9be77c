/**
 * The one way the product reads a file from a place an attacker may have
 * prepared: plans (named, discovered, named by a pull request), run state,
 * ignore files and research reads. Contract: the file is opened without
 * following a final symlink and without blocking (a FIFO, a tty or
 * `/dev/stdin` cannot hang the caller), then judged on the OPEN descriptor:
 * a regular file, at most `maxBytes`, and with `singleLink` exactly one hard
 * link (a second name can be a secret's content under an innocent path, e.g.
 * `notes.txt` linked to `.env` or to a file outside the workspace). At most
 * `maxBytes + 1` bytes are ever read.
 *
 * With `root`, the file must also lie below `root` with no symbolic link on
 * the path from `root` down to it, and the open descriptor must be the file
 * found there: after `open`, the kernel's name for the descriptor
 * (`/proc/self/fd/N`) must be the real root plus the path, then every folder
 * on the path is `lstat`ed (none may be a link) and the file's device and
 * inode must equal the descriptor's (`fstat`; the only check where there is
 * no /proc). A folder swapped for a link between a check and the open
 * (`renameat2(RENAME_EXCHANGE)`) therefore yields a refusal, never the file
 * the link points to. `followFinalLink` (a plan the user named on the
 * command line) lets the final name be a link; the target must still be a
 * regular file.
 * The folders below `root` are also walked before the open, so a plain link
 * on the path is refused without opening anything through it.
 *
 * With `tail`, a larger file is not refused: its last `maxBytes` bytes are
 * read (a log or transcript whose newest lines matter).
 */
import { constants, promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';

export type ConfinedReadRule = 'not-found' | 'symlink' | 'not-a-file' | 'hard-link' | 'too-large' | 'unreadable' | 'outside-root' | 'changed';
export type ConfinedRead = { ok: true; buffer: Buffer } | { ok: false; rule: ConfinedReadRule; detail: string };

export interface ConfinedReadOptions {
  maxBytes: number;
  singleLink: boolean;
  /** The file must lie below this folder (absolute), with no symbolic link on the way from it. */
  root?: string;
  /** Follow a link in the final name (only for a file the user named); default false. */
  followFinalLink?: boolean;
  /** Read the last `maxBytes` bytes of a larger file instead of refusing it. */
  tail?: boolean;
}

// O_NOCTTY: a terminal reached by a hostile name never becomes this process's controlling terminal.
const BASE_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0);
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

type Failure = Extract<ConfinedRead, { ok: false }>;
const fail = (rule: ConfinedReadRule, detail: string): Failure => ({ ok: false, rule, detail });

export async function readConfinedFile(file: string, options: ConfinedReadOptions): Promise<ConfinedRead> {
  const target = path.resolve(file);
  const below = options.root === undefined ? null : relativeBelow(path.resolve(options.root), target);
  if (below === null && options.root !== undefined) return fail('outside-root', `is outside ${options.root}`);
  if (below !== null && options.root !== undefined) {
    const linked = await folderProblem(path.resolve(options.root), below);
    if (linked) return linked;
  }
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(target, BASE_FLAGS | (options.followFinalLink ? 0 : NOFOLLOW));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT' || code === 'ENOTDIR') return fail('not-found', 'does not exist');
    if (code === 'ELOOP') return fail('symlink', 'is a symbolic link');
    return fail('unreadable', code);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return fail('not-a-file', 'is not a regular file (a device, FIFO or socket)');
    if (options.singleLink && stats.nlink > 1) {
      return fail('hard-link', `has ${stats.nlink} hard links; a file with more than one name may be another file's content (a secret) and is never read`);
    }
    if (stats.size > options.maxBytes && !options.tail) return fail('too-large', `is ${stats.size} bytes, over the ${options.maxBytes}-byte limit`);
    if (below !== null && options.root !== undefined) {
      const problem = (await descriptorPathProblem(handle, path.resolve(options.root), below)) ?? (await pathProblem(path.resolve(options.root), below, stats));
      if (problem) return problem;
    }
    const start = options.tail && stats.size > options.maxBytes ? stats.size - options.maxBytes : 0;
    const buffer = Buffer.alloc(Math.min(stats.size - start, options.maxBytes) + 1);
    let total = 0;
    while (total < buffer.length) {
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, start + total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    if (total > options.maxBytes && !options.tail) return fail('too-large', `is over the ${options.maxBytes}-byte limit`);
    if (total > options.maxBytes) return { ok: true, buffer: buffer.subarray(total - options.maxBytes, total) };
    return { ok: true, buffer: buffer.subarray(0, total) };
  } catch (error) {
    return fail('unreadable', (error as NodeJS.ErrnoException).code ?? 'error');
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The names from `root` down to `target`, or null when `target` is not strictly below `root`. */
function relativeBelow(root: string, target: string): string[] | null {
  const rel = path.relative(root, target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

/**
 * Where the kernel says the descriptor's file is (`/proc/self/fd/N`, Linux):
 * it must be exactly the real root plus the names checked. Atomic with
 * respect to the open, unlike any walk of the path; null where /proc is not
 * available (the walk below still runs).
 */
async function descriptorPathProblem(handle: fs.FileHandle, root: string, names: readonly string[]): Promise<Failure | null> {
  const actual = await fs.readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
  if (actual === null) return null;
  const realRoot = await fs.realpath(root).catch(() => null);
  if (realRoot === null) return fail('not-found', 'does not exist');
  return actual === path.join(realRoot, ...names) ? null : fail('changed', 'changed while it was read (the file opened is not the one at this path)');
}

/**
 * Checked AFTER the open, so a swap before the open shows here: every folder
 * below `root` on the way is a real folder (not a link), and the name found
 * there now is the very file the descriptor holds (device + inode).
 */
async function pathProblem(root: string, names: readonly string[], opened: Stats): Promise<Failure | null> {
  let current = root;
  for (let i = 0; i < names.length; i++) {
    current = path.join(current, names[i] as string);
    const last = i === names.length - 1;
    const seen = await fs.lstat(current).catch(() => null);
    if (!seen) return fail('changed', 'changed while it was read');
    if (seen.isSymbolicLink()) return fail('symlink', last ? 'is a symbolic link' : linkOnPath(names.slice(0, i + 1)));
    if (!last && !seen.isDirectory()) return fail('not-found', 'does not exist');
    if (last && (seen.dev !== opened.dev || seen.ino !== opened.ino)) return fail('changed', 'changed while it was read (the file opened is not the one at this path)');
  }
  return null;
}

const linkOnPath = (names: readonly string[]): string => `has a symbolic link on its path (${names.join('/')})`;

/** Before the open: every folder below `root` on the way is a real folder, so nothing is opened through a link. */
async function folderProblem(root: string, names: readonly string[]): Promise<Failure | null> {
  let current = root;
  for (let i = 0; i < names.length - 1; i++) {
    current = path.join(current, names[i] as string);
    const seen = await fs.lstat(current).catch(() => null);
    if (!seen || (!seen.isSymbolicLink() && !seen.isDirectory())) return fail('not-found', 'does not exist');
    if (seen.isSymbolicLink()) return fail('symlink', linkOnPath(names.slice(0, i + 1)));
  }
  return null;
}
