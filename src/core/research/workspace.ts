/**
 * The confined, read-only view of a workspace folder that every research
 * tool, the evidence checker and the assertion runner go through.
 *
 * Contract: a path is (1) syntax-checked (paths.ts), (2) resolved with
 * realpath and refused unless the real target lies inside the real root,
 * (3) refused when the requested path OR its real target matches the deny
 * list or an ignore rule (policy.ts; a rule on a folder above counts), and
 * (4) for reads, through readConfinedFile below the root: a regular file (no
 * FIFO, device or socket), one hard link, at most the size limit, no link on
 * the real path, and checked after the open to be the file resolved (a folder
 * swapped for a link meanwhile is refused), read with a bounded read;
 * then refused when binary (NUL byte in the first 8 KiB). Refusals name the
 * rule and never carry file content. Traversal never follows a symlink to a
 * directory, never returns a file whose real path leaves the root, and costs
 * a constant number of system calls and rule checks per entry (linear in the
 * number of entries, however deep).
 */
import { promises as fs, type Stats } from 'node:fs';
import { readConfinedFile } from './confined-read';
import * as path from 'node:path';
import type { GlobMatcher, GlobState } from './glob';
import { checkRelativePath, isInside, toPosixRelative } from './paths';
import { AccessPolicy, SKIPPED_DIRS } from './policy';

export const DEFAULT_MAX_FILE_BYTES = 256 * 1024;
const BINARY_SNIFF_BYTES = 8 * 1024;

export interface WorkspaceOptions {
  denyGlobs?: string[];
  maxFileBytes?: number;
}

export type Refusal = { ok: false; rule: string; message: string };
export type Resolved = { ok: true; rel: string; real: string; stats: Stats };
export type ReadResult = { ok: true; rel: string; text: string } | Refusal;

export interface WalkOptions {
  /** Workspace-relative directory to start from ('' = root). */
  dir: string;
  /** Only files this glob matches (glob.ts); directories it cannot match below are not entered. */
  glob?: GlobMatcher | null;
  /** Stop after this many files. */
  maxFiles: number;
  /** Stop (and say so through `outcome`) once `Date.now()` passes this. */
  deadline?: number;
  signal?: AbortSignal;
  /** Filled in when the walk stops early. */
  outcome?: WalkOutcome;
}

export interface WalkOutcome {
  stoppedBy?: 'deadline' | 'max-files' | 'aborted';
}

export interface WalkedFile {
  rel: string;
  real: string;
  size: number;
}

function refusal(rule: string, message: string): Refusal {
  return { ok: false, rule, message };
}

export class Workspace {
  readonly maxFileBytes: number;
  private readonly policy: AccessPolicy;

  private constructor(
    /** Real (symlink-free) absolute path of the workspace root. */
    readonly root: string,
    options: WorkspaceOptions,
  ) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.policy = new AccessPolicy(root, options.denyGlobs ?? []);
  }

  /** Throws when the root itself does not exist or is not a directory (a setup error, not model input). */
  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const real = await fs.realpath(path.resolve(root));
    const stats = await fs.stat(real);
    if (!stats.isDirectory()) throw new Error(`workspace root is not a directory: ${root}`);
    return new Workspace(real, options);
  }

  /**
   * Resolves a requested path to an existing entry inside the root.
   * `checkPolicy: false` skips the deny list and `.gitignore` (used only for
   * existence checks that never read content).
   */
  async resolve(input: unknown, checkPolicy = true): Promise<Resolved | Refusal> {
    const syntax = checkRelativePath(input);
    if (!syntax.ok) return refusal(syntax.rule, `refused: ${syntax.message}`);
    const rel = syntax.rel;
    let real: string;
    try {
      real = await fs.realpath(path.join(this.root, rel));
    } catch {
      return refusal('not-found', `not found: "${rel}" does not exist in the workspace`);
    }
    if (!isInside(this.root, real)) {
      return refusal('outside-workspace', `refused: "${rel}" resolves (through a symlink) to a location outside the workspace`);
    }
    const stats = await fs.stat(real).catch(() => null);
    if (!stats) return refusal('not-found', `not found: "${rel}" does not exist in the workspace`);
    if (checkPolicy) {
      const realRel = toPosixRelative(this.root, real);
      for (const candidate of new Set([rel, realRel])) {
        const denial = await this.policy.denialFor(candidate, stats.isDirectory());
        if (denial) return refusal(denial.rule, denial.message);
      }
    }
    return { ok: true, rel, real, stats };
  }

  /**
   * The deny list and ignore rules for a path that need not exist (git_log of
   * a deleted file): the path itself and every folder above it.
   */
  async denialFor(input: string): Promise<Refusal | null> {
    const syntax = checkRelativePath(input);
    if (!syntax.ok) return refusal(syntax.rule, `refused: ${syntax.message}`);
    const denial = await this.policy.denialFor(syntax.rel);
    return denial ? refusal(denial.rule, denial.message) : null;
  }

  /**
   * Reads a file the walk just yielded (already resolved, inside the root and
   * allowed), under the same read rules as readText without resolving again.
   */
  async readWalked(file: WalkedFile): Promise<ReadResult> {
    return this.readResolved(file.rel, file.real);
  }

  /** Reads a text file under every rule in the contract above. */
  async readText(input: unknown): Promise<ReadResult> {
    const resolved = await this.resolve(input);
    if (!resolved.ok) return resolved;
    const { rel, real, stats } = resolved;
    if (stats.isDirectory()) return refusal('is-directory', `"${rel || '.'}" is a directory; use list_files to see what it holds`);
    if (!stats.isFile()) return refusal('not-a-file', `refused: "${rel}" is not a regular file`);
    if (stats.size > this.maxFileBytes) {
      return refusal('too-large', `refused: "${rel}" is ${stats.size} bytes, over the ${this.maxFileBytes}-byte limit for research reads`);
    }
    return this.readResolved(rel, real);
  }

  private async readResolved(rel: string, real: string): Promise<ReadResult> {
    const read = await readConfinedFile(real, { maxBytes: this.maxFileBytes, singleLink: true, root: this.root });
    if (!read.ok) {
      if (read.rule === 'unreadable') return refusal('unreadable', `could not read "${rel}": ${read.detail}`);
      return refusal(read.rule, `refused: "${rel}" ${read.detail}`);
    }
    const buffer = read.buffer;
    if (buffer.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      return refusal('binary', `refused: "${rel}" is a binary file`);
    }
    return { ok: true, rel, text: buffer.toString('utf8') };
  }

  /**
   * Yields readable-candidate files below `dir`, depth-first in name order.
   * Skips denied and ignored entries, `node_modules`, symlinked directories
   * and symlinks whose target leaves the root. Size and binary checks are
   * left to `readText`.
   */
  async *walk(options: WalkOptions): AsyncGenerator<WalkedFile> {
    const start = await this.resolve(options.dir);
    if (!start.ok || !start.stats.isDirectory()) return;
    const glob = options.glob ?? null;
    const stop = (why: 'deadline' | 'max-files' | 'aborted') => {
      if (options.outcome) options.outcome.stoppedBy = why;
    };
    const past = () => (options.deadline !== undefined && Date.now() > options.deadline ? (stop('deadline'), true) : false);
    let yielded = 0;
    const rootState = glob ? glob.advance(glob.start, start.rel === '' ? '' : `${start.rel}/`) : null;
    const stack: { rel: string; state: GlobState | null }[] = [{ rel: start.rel, state: rootState }];
    while (stack.length > 0) {
      if (options.signal?.aborted) return stop('aborted');
      if (past()) return;
      const dir = stack.pop() as { rel: string; state: GlobState | null };
      const entries = await fs.readdir(path.join(this.root, dir.rel), { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const subdirs: { rel: string; state: GlobState | null }[] = [];
      for (const entry of entries) {
        if (options.signal?.aborted) return stop('aborted');
        if (past()) return;
        const rel = dir.rel === '' ? entry.name : `${dir.rel}/${entry.name}`;
        if (entry.isDirectory()) {
          const state = glob && dir.state ? glob.advance(dir.state, `${entry.name}/`) : null;
          if (glob && state?.length === 0) continue; // nothing below can match
          if (!SKIPPED_DIRS.includes(entry.name) && !(await this.policy.denialFor(rel, true))) subdirs.push({ rel, state });
          continue;
        }
        if (!entry.isFile() && !entry.isSymbolicLink()) continue;
        if (glob && dir.state && !glob.accepts(glob.advance(dir.state, entry.name))) continue;
        const file = await this.walkedFile(rel, entry.isSymbolicLink());
        if (!file) continue;
        yield file;
        if (++yielded >= options.maxFiles) return stop('max-files');
      }
      stack.push(...subdirs.reverse());
    }
  }

  /**
   * A walked entry that is (or links to) an allowed regular file inside the
   * root. The walk never enters a symlinked folder, so a plain file's real
   * path is root + rel; only a symlink needs realpath and a second check.
   */
  private async walkedFile(rel: string, isSymlink: boolean): Promise<WalkedFile | null> {
    if (await this.policy.denialFor(rel)) return null;
    const full = path.join(this.root, rel);
    if (!isSymlink) {
      const stats = await fs.lstat(full).catch(() => null);
      return stats?.isFile() ? { rel, real: full, size: stats.size } : null;
    }
    const real = await fs.realpath(full).catch(() => null);
    if (!real || !isInside(this.root, real)) return null;
    const stats = await fs.stat(real).catch(() => null);
    if (!stats?.isFile()) return null;
    const realRel = toPosixRelative(this.root, real);
    if (realRel !== rel && (await this.policy.denialFor(realRel))) return null;
    return { rel, real, size: stats.size };
  }
}
