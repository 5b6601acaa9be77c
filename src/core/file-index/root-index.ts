/**
 * One workspace root's entries and the .gitignore rules that shape them: the
 * data WorkspaceFileIndex (../file-index.ts) lists into and looks up in.
 * Git semantics: root and nested .gitignore files, a deeper file wins, and a
 * path is ignored when it or a folder above it is. Each folder's rule chain
 * is built once from its parent's, so judging an entry never walks up the
 * path. A .gitignore is read through readConfinedFile (a FIFO, device or
 * symlink named .gitignore is skipped, size capped).
 */
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readConfinedFile } from '../research/confined-read';

export const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

/** A .gitignore that applies below `base` ('' = the root). */
interface IgnoreLevel {
  base: string;
  rules: Ignore;
}

const MAX_GITIGNORE_BYTES = 256 * 1024;

export class RootIndex {
  readonly entries = new Set<string>();
  readonly dirs = new Set<string>();
  readonly ignores = new Map<string, Ignore>();
  /** The .gitignore lines that name one path (no wildcard, no negation), as root-relative paths; a bare name as itself. */
  readonly ignoredLiterals = new Set<string>();
  /** Folder → the .gitignore levels that apply to its entries, outermost first (built once per folder while listing). */
  readonly chains = new Map<string, IgnoreLevel[]>();
  truncated = false;
  constructor(readonly root: string) {}

  /** The rule chain for entries of `dir`: its parent's chain plus its own .gitignore. */
  chainFor(dir: string): IgnoreLevel[] {
    const known = this.chains.get(dir);
    if (known) return known;
    const slash = dir.lastIndexOf('/');
    const above = dir === '' ? [] : this.chainFor(slash < 0 ? '' : dir.slice(0, slash));
    const own = this.ignores.get(dir);
    return own ? [...above, { base: dir, rules: own }] : above;
  }

  /** Git semantics: a path is ignored when it, or any folder above it, is ignored; the deepest .gitignore with a verdict decides. */
  isIgnored(rel: string, isDir = false): boolean {
    if (rel.split('/').some((part) => ALWAYS_SKIPPED.has(part))) return true;
    const slash = rel.lastIndexOf('/');
    return ignoredByChain(this.chainFor(slash < 0 ? '' : rel.slice(0, slash)), rel, isDir);
  }
}

/** One entry against a folder's chain: deepest level first, the first ignore or re-include wins (`ignore` checks parent folders itself). */
export function ignoredByChain(chain: readonly IgnoreLevel[], rel: string, isDir: boolean): boolean {
  const probe = isDir ? `${rel}/` : rel;
  for (let i = chain.length - 1; i >= 0; i--) {
    const level = chain[i] as IgnoreLevel;
    const result = safeTest(level.rules, level.base === '' ? probe : probe.slice(level.base.length + 1));
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

/** Records the lines of a .gitignore at `base` that name one path: "packages/x/src/S.mjs", "/dist/app.js", "S.mjs". */
export function addIgnoredLiterals(root: RootIndex, base: string, text: string): void {
  for (const raw of text.split(/\r?\n/).slice(0, 5000)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!') || /[*?[\]\\]/.test(line) || line.length > 300) continue;
    const rel = line.replace(/^\/+/, '').replace(/\/+$/, '');
    if (rel === '') continue;
    // A name without a slash matches at any depth; one with a slash is relative to the .gitignore's folder.
    root.ignoredLiterals.add(!line.replace(/\/+$/, '').includes('/') ? rel : base === '' ? rel : `${base}/${rel}`);
  }
}

/** `ignore` throws on paths it considers invalid; such a path is simply not ignored. */
function safeTest(rules: Ignore, rel: string): { ignored: boolean; unignored: boolean } {
  try {
    return rules.test(rel);
  } catch {
    return { ignored: false, unignored: false };
  }
}

/** A .gitignore that is not a plain, small regular file (FIFO, device, symlink, oversized) is treated as absent. */
export async function loadGitignore(root: RootIndex, dirRel: string, file: string): Promise<void> {
  const read = await readConfinedFile(file, { maxBytes: MAX_GITIGNORE_BYTES, singleLink: false });
  if (read.ok) {
    const text = read.buffer.toString('utf8');
    root.ignores.set(dirRel, ignore().add(text));
    addIgnoredLiterals(root, dirRel, text);
  }
}

/** Adds `rel` and, as folders, every folder above it. */
export function addWithParents(root: RootIndex, rel: string, isDir: boolean): void {
  root.entries.add(rel);
  if (isDir) root.dirs.add(rel);
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const parent = parts.slice(0, i).join('/');
    root.entries.add(parent);
    root.dirs.add(parent);
  }
}

/** Drops every entry below the given folders (the caller removes the folders themselves). */
export function removeUnder(root: RootIndex, dirs: readonly string[]): void {
  const prefixes = dirs.map((d) => `${d}/`);
  for (const entry of root.entries) {
    if (prefixes.some((p) => entry.startsWith(p))) {
      root.entries.delete(entry);
      root.dirs.delete(entry);
    }
  }
}

/** The root `absolute` lies in (the first that holds it) and its path there with forward slashes, or null outside every root. */
export function locateIn(roots: readonly RootIndex[], absolute: string): { root: RootIndex; rel: string } | null {
  for (const root of roots) {
    const rel = path.relative(root.root, absolute);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) continue;
    return { root, rel: rel.split(path.sep).join('/') };
  }
  return null;
}
