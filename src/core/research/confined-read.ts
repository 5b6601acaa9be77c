/**
 * The one way the research tools and the ignore logic read a file from a
 * workspace an attacker may have prepared. Contract: the file is opened
 * without following a final symlink and without blocking (a FIFO, a tty or
 * `/dev/stdin` cannot hang the caller), then judged on the OPEN descriptor
 * (no swap between check and read): a regular file, at most `maxBytes`, and
 * with `singleLink` exactly one hard link (a second name can be a secret's
 * content under an innocent path, e.g. `notes.txt` linked to `.env` or to a
 * file outside the workspace). At most `maxBytes + 1` bytes are ever read.
 * With `tail`, a larger file is not refused: its last `maxBytes` bytes are
 * read (a log or transcript whose newest lines matter). With
 * `expectRealPath`, the open descriptor must name that path (Linux
 * `/proc/self/fd`), so a folder swapped for a link between a caller's check
 * and the open is caught.
 */
import { constants, promises as fs } from 'node:fs';

export type ConfinedRead = { ok: true; buffer: Buffer } | { ok: false; rule: 'not-found' | 'symlink' | 'not-a-file' | 'hard-link' | 'too-large' | 'unreadable'; detail: string };

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0);

export interface ConfinedReadOptions {
  maxBytes: number;
  singleLink: boolean;
  tail?: boolean;
  expectRealPath?: string;
}

export async function readConfinedFile(file: string, options: ConfinedReadOptions): Promise<ConfinedRead> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, rule: 'not-found', detail: 'does not exist' };
    if (code === 'ELOOP') return { ok: false, rule: 'symlink', detail: 'is a symbolic link' };
    return { ok: false, rule: 'unreadable', detail: code };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { ok: false, rule: 'not-a-file', detail: 'is not a regular file (a device, FIFO or socket)' };
    if (options.singleLink && stats.nlink > 1) {
      return { ok: false, rule: 'hard-link', detail: `has ${stats.nlink} hard links; a file with more than one name may be another file's content (a secret) and is never read` };
    }
    if (options.expectRealPath !== undefined) {
      const named = await fs.readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
      if (named !== null && named !== options.expectRealPath) return { ok: false, rule: 'symlink', detail: 'changed between the check and the open (a link on its path)' };
    }
    const start = options.tail && stats.size > options.maxBytes ? stats.size - options.maxBytes : 0;
    if (stats.size - start > options.maxBytes) return { ok: false, rule: 'too-large', detail: `is ${stats.size} bytes, over the ${options.maxBytes}-byte limit` };
    const buffer = Buffer.alloc(Math.min(stats.size - start, options.maxBytes) + 1);
    let total = 0;
    while (total < buffer.length) {
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, start + total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    if (total > options.maxBytes && !options.tail) return { ok: false, rule: 'too-large', detail: `is over the ${options.maxBytes}-byte limit` };
    if (total > options.maxBytes) return { ok: true, buffer: buffer.subarray(total - options.maxBytes, total) };
    return { ok: true, buffer: buffer.subarray(0, total) };
  } catch (error) {
    return { ok: false, rule: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? 'error' };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
