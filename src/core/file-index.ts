/**
 * The set of files and folders in the workspace, for the missing-file rule.
 * Listed once per root (asynchronously, so the server keeps answering), then
 * kept current from `workspace/didChangeWatchedFiles` events. Respects
 * .gitignore files (root and nested, via `ignore`; a deeper file wins, as in
 * git), each read through readConfinedFile (a FIFO, device or symlink named
 * .gitignore is skipped, size capped); always skips `.git` and
 * `node_modules`; does not follow symlinks. Listing is linear in the number
 * of entries: each folder's rule chain is built once from its parent's, and
 * an entry is judged against that chain only (no per-entry walk up the
 * path), so a 1,000-deep chain costs what 1,000 flat folders cost. Paths are compared exactly
 * (case-sensitive). Lookups answer `undefined` whenever the index cannot
 * know — not scanned yet, outside every root, gitignored, or truncated — so
 * the rule stays silent instead of guessing. The per-root entry sets and
 * their .gitignore rule chains are in file-index/root-index.ts, the listing
 * itself in file-index/listing.ts.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import ignore from 'ignore';
import { isDocumentation, MarkdownTexts } from './file-index/markdown';
import { cleanReference } from './file-index/references';
import { WorkspaceManifests, type ManifestFacts } from './index/workspace-manifests';
import { SymbolIndex, type SymbolFacts } from './index/symbols/symbol-index';
import { symbolFactsOf } from './index/symbols/symbol-facts';

export { cleanReference };
import { addIgnoredLiterals, addWithParents, locateIn, removeUnder, RootIndex } from './file-index/root-index';
import { listInto } from './file-index/listing';

export type FileChangeType = 'created' | 'changed' | 'deleted';
export interface FileChange {
  fsPath: string;
  type: FileChangeType;
}

export interface FileIndexOptions {
  /** Upper bound on indexed entries across roots; beyond it the index is marked truncated. */
  maxEntries?: number;
  /** Called with a short message when a folder cannot be read. */
  onError?: (message: string) => void;
}

const DEFAULT_MAX_ENTRIES = 250_000;

export class WorkspaceFileIndex {
  private roots: RootIndex[];
  private readyFlag = false;
  private generationCounter = 0;
  private readonly listeners = new Set<() => void>();
  private readonly maxEntries: number;
  private readonly onError: (message: string) => void;
  private disposed = false;
  /** Texts of Markdown documents read for the rules; a text that lands bumps the generation. */
  private readonly markdown = new MarkdownTexts(
    () => this.roots.map((r) => r.root),
    () => {
      if (!this.disposed) this.changed();
    },
  );

  /** The manifests and script files (index/workspace-manifests.ts), read on the first question; a read that lands bumps the generation. */
  private readonly manifestReader = new WorkspaceManifests(
    () => this.listedFiles(),
    () => this.generationCounter,
    () => {
      if (!this.disposed) this.changed();
    },
  );

  /** The definitions of the workspace's source files (index/symbols/), built on the first `symbols().start()`. */
  private symbolIndex: SymbolIndex | null = null;
  /** Built from a listing (fromListing): names without files behind them, so nothing is read for manifests or symbols. */
  private namesOnly = false;

  constructor(rootPaths: readonly string[], options: FileIndexOptions = {}) {
    this.roots = rootPaths.map((r) => new RootIndex(path.resolve(r)));
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.onError = options.onError ?? (() => undefined);
  }

  /**
   * An index of a listing already in hand (relative paths, plus the text of
   * each `.gitignore` by its path), filled at once with the same ignore rules
   * as a scan: the CLI and the real-plan corpus resolve paths exactly as the
   * language server does.
   */
  static fromListing(rootPath: string, relPaths: Iterable<string>, gitignores: Readonly<Record<string, string>> = {}): WorkspaceFileIndex {
    const index = new WorkspaceFileIndex([rootPath]);
    const root = index.roots[0] as RootIndex;
    for (const [file, text] of Object.entries(gitignores)) {
      if (file !== '.gitignore' && !file.endsWith('/.gitignore')) continue;
      const base = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
      root.ignores.set(base, ignore().add(text));
      addIgnoredLiterals(root, base, text);
    }
    for (const rel of relPaths) {
      if (rel === '' || root.isIgnored(rel)) continue;
      addWithParents(root, rel, false);
    }
    index.readyFlag = true;
    index.namesOnly = true;
    return index;
  }

  get ready(): boolean {
    return this.readyFlag;
  }
  /** Bumps on every change that can alter a lookup; caches key on it. */
  get generation(): number {
    return this.generationCounter;
  }
  get size(): number {
    return this.roots.reduce((n, r) => n + r.entries.size, 0);
  }
  get truncated(): boolean {
    return this.roots.some((r) => r.truncated);
  }
  get rootPaths(): string[] {
    return this.roots.map((r) => r.root);
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Lists every root; resolves when done (never rejects). */
  async start(): Promise<void> {
    const fresh = await Promise.all(this.roots.map((r) => this.scanRoot(r.root)));
    if (this.disposed) return;
    this.roots = fresh;
    this.readyFlag = true;
    this.changed();
  }

  dispose(): void {
    this.disposed = true;
    this.symbolIndex?.dispose();
    this.listeners.clear();
  }

  /**
   * Does `reference` (as written in a plan) exist? Tried relative to the
   * plan's folder and to each workspace root.
   */
  lookup(planFsPath: string | null, reference: string): boolean | undefined {
    if (!this.readyFlag) return undefined;
    const cleaned = cleanReference(reference);
    if (cleaned === null) return undefined;
    const candidates = this.candidates(planFsPath, cleaned, true);
    let checkedSomewhere = false;
    // How many folders the reference itself names ("ircd/src/s_auth.c": 2); only those can be an opaque entry.
    const own = cleaned.split('/');
    const folderDepth = own.slice(own.lastIndexOf('..') + 1).filter((s) => s !== '' && s !== '.').length - 1;
    for (const [i, candidate] of candidates.entries()) {
      const located = this.locate(candidate);
      if (!located) continue;
      const { root, rel } = located;
      if (rel === '' || root.entries.has(rel)) return true;
      // A plan in a gitignored folder (".claude/plans/") naming "src/a.py", and the root has src/: read it from the root.
      if (i === 0 && planFsPath && root.isIgnored(rel) && cleaned.includes('/') && !/^\.\.?\//.test(cleaned) && this.roots.some((r) => r.dirs.has(own[0] as string))) continue;
      if (root.truncated || root.isIgnored(rel) || this.belowOpaqueEntry(root, rel, folderDepth)) return undefined;
      checkedSomewhere = true;
    }
    if (checkedSomewhere && this.endsIgnoredPath(cleaned)) return undefined;
    return checkedSomewhere ? false : undefined;
  }

  /**
   * Where a cleaned reference may point, in the order a reader tries them: relative to the plan's folder, then to each
   * root; a leading "/" means a root (and, with `asWritten`, the absolute path itself first).
   */
  private candidates(planFsPath: string | null, cleaned: string, asWritten: boolean): string[] {
    if (path.isAbsolute(cleaned)) {
      const fromRoots = this.roots.map((r) => path.resolve(r.root, cleaned.replace(/^\/+/, '')));
      return asWritten ? [path.resolve(cleaned), ...fromRoots] : fromRoots;
    }
    return [...(planFsPath ? [path.resolve(path.dirname(planFsPath), cleaned)] : []), ...this.roots.map((r) => path.resolve(r.root, cleaned))];
  }

  /**
   * The absolute path of the listed file (not a folder) `reference` names, tried as lookup tries it, else of a gitignored
   * path it may name inside a root (a design kept out of git is still on disk); null when neither.
   */
  resolveFile(planFsPath: string | null, reference: string): string | null {
    if (!this.readyFlag) return null;
    const cleaned = cleanReference(reference);
    if (cleaned === null) return null;
    // A file to read is only ever a workspace reading of the reference: an absolute path is taken from each root.
    const candidates = this.candidates(planFsPath, cleaned, false);
    let ignored: string | null = null;
    for (const candidate of candidates) {
      const located = this.locate(candidate);
      if (!located || located.rel === '') continue;
      if (located.root.entries.has(located.rel)) {
        if (!located.root.dirs.has(located.rel)) return candidate;
      } else if (ignored === null && located.root.isIgnored(located.rel)) ignored = candidate;
    }
    return ignored;
  }

  /**
   * The text of the Markdown document `reference` names (a plan's design or spec), for rules that read what a plan
   * leaves to another document. Read through readConfinedFile (a regular file with one link, at most 256 KB: a
   * repository's link or FIFO is never followed), once until the file changes. `undefined` while unread or unreadable:
   * the first call starts the read and the generation bumps when the text lands, so callers keyed on it re-run.
   */
  markdownText(planFsPath: string | null, reference: string): string | undefined {
    const file = this.resolveFile(planFsPath, reference);
    return file === null ? undefined : this.markdown.text(file);
  }

  private sourceFiles: { generation: number; any: boolean } | null = null;

  /**
   * Does any root hold a file that is not documentation or tool configuration (Markdown, text, images, licences,
   * .gitignore, and what lies under .github/, .claude/, .kiro/, .planning/, .specify/ or docs/)? `undefined` until the
   * first scan is done or when the index is truncated. Computed once per generation.
   */
  hasSourceFiles(): boolean | undefined {
    if (!this.readyFlag || this.truncated) return undefined;
    if (this.sourceFiles?.generation !== this.generationCounter) {
      this.sourceFiles = { generation: this.generationCounter, any: this.roots.some(holdsSourceFile) };
    }
    return this.sourceFiles.any;
  }

  /** Packages and scripts the workspace declares; `undefined` until ready and read (the first call starts the reads). */
  manifests(): ManifestFacts | undefined {
    return this.readyFlag && !this.truncated && !this.namesOnly ? this.manifestReader.facts() : undefined;
  }

  /** Reads the manifests now, so a one-shot caller (the CLI) sees them on its first run. */
  async loadManifests(): Promise<void> {
    if (this.readyFlag && !this.truncated && !this.namesOnly) await this.manifestReader.load();
  }

  /** The symbol index over the listed files; `undefined` until the listing is done. Its build starts when a caller asks. */
  symbols(): SymbolIndex | undefined {
    if (!this.readyFlag || this.truncated || this.namesOnly) return undefined;
    this.symbolIndex ??= new SymbolIndex(
      () => this.listedFiles(),
      () => {
        if (!this.disposed) this.changed();
      },
    );
    return this.symbolIndex;
  }

  /** The symbol facts for the plan at `planFsPath`; `undefined` until the symbol index is built (asking starts it). */
  symbolFacts(planFsPath: string | null): SymbolFacts | undefined {
    return symbolFactsOf(this.symbols(), (reference) => {
      const file = this.resolveFile(planFsPath, reference);
      const located = file === null ? null : this.locate(file);
      return located ? located.rel : null;
    });
  }

  /** The names directly under each root (folders and files), for a glance at the project's layout. */
  *topLevelEntries(): Generator<string> {
    for (const root of this.roots) for (const rel of root.entries) if (!rel.includes('/')) yield root.dirs.has(rel) ? `${rel}/` : rel;
  }

  private *listedFiles(): Generator<{ abs: string; rel: string }> {
    for (const root of this.roots) for (const rel of root.entries) if (!root.dirs.has(rel)) yield { abs: path.join(root.root, ...rel.split('/')), rel };
  }

  /** Reads the Markdown documents these references name, so a one-shot caller (the CLI) sees them on its first run. */
  async loadMarkdown(planFsPath: string | null, references: readonly string[]): Promise<void> {
    await this.markdown.load(references.map((r) => this.resolveFile(planFsPath, r)).filter((f): f is string => f !== null));
  }

  /**
   * Does a .gitignore name a path that this reference ends ("src/S.mjs" of "packages/x/src/S.mjs")? Such a
   * file is build output: it exists on a machine that has built, so whether it is missing cannot be told.
   */
  private endsIgnoredPath(reference: string): boolean {
    const ref = reference.replace(/^(?:\.\/|\/)+/, '').replace(/\/+$/, '');
    if (ref === '' || ref.length > 500) return false;
    for (const root of this.roots) {
      for (const literal of root.ignoredLiterals) {
        if (literal === ref || literal.endsWith(`/${ref}`)) return true;
        if (!literal.includes('/') && (ref === literal || ref.endsWith(`/${literal}`) || ref.startsWith(`${literal}/`) || ref.includes(`/${literal}/`))) return true;
      }
    }
    return false;
  }

  private nonEmpty: { generation: number; byRoot: Map<RootIndex, Set<string>> } | null = null;

  /**
   * Is `rel` below a listed entry, one of the `folderDepth` folders the reference names, that is not a folder (a git
   * submodule in a file listing: `git ls-tree` shows its gitlink as one entry), or below a folder with nothing listed
   * in it (a submodule not checked out; git tracks no empty folder otherwise, and a folder whose files are all
   * gitignored is build output)? What lies there is not in the index, so whether it exists cannot be told.
   */
  private belowOpaqueEntry(root: RootIndex, rel: string, folderDepth: number): boolean {
    let depth = 0;
    for (let at = rel.lastIndexOf('/'); at > 0 && depth < folderDepth; at = rel.lastIndexOf('/', at - 1), depth++) {
      const ancestor = rel.slice(0, at);
      if (!root.entries.has(ancestor)) continue;
      return !root.dirs.has(ancestor) || !this.nonEmptyDirs(root).has(ancestor);
    }
    return false;
  }

  /** The folders of `root` that hold at least one entry, built once per index generation. */
  private nonEmptyDirs(root: RootIndex): Set<string> {
    if (this.nonEmpty?.generation !== this.generationCounter) this.nonEmpty = { generation: this.generationCounter, byRoot: new Map() };
    let set = this.nonEmpty.byRoot.get(root);
    if (!set) {
      set = new Set();
      for (const rel of root.entries) {
        const slash = rel.lastIndexOf('/');
        if (slash > 0) set.add(rel.slice(0, slash));
      }
      this.nonEmpty.byRoot.set(root, set);
    }
    return set;
  }

  private byName: { generation: number; map: Map<string, string[]> } | null = null;

  /** Workspace paths (all roots) named `basename`, at most `max` (a monorepo has 32 `tool.tsx`); empty until ready; built once per generation. */
  pathsNamed(basename: string, max = 500): string[] {
    if (!this.readyFlag) return [];
    if (this.byName?.generation !== this.generationCounter) {
      const map = new Map<string, string[]>();
      for (const root of this.roots) {
        for (const rel of root.entries) {
          const name = rel.slice(rel.lastIndexOf('/') + 1);
          const list = map.get(name);
          if (list) list.push(rel);
          else map.set(name, [rel]);
        }
      }
      this.byName = { generation: this.generationCounter, map };
    }
    return (this.byName.map.get(basename) ?? []).slice(0, max);
  }

  /** Applies watched-file events; a .gitignore change re-lists its root. */
  async applyChanges(changes: readonly FileChange[]): Promise<void> {
    const rescans = new Set<RootIndex>();
    const deletedDirs = new Map<RootIndex, string[]>();
    let touched = false;
    for (const change of changes) {
      const located = this.locate(path.resolve(change.fsPath));
      if (!located || located.rel === '') continue;
      const { root, rel } = located;
      if (this.markdown.forget(path.resolve(change.fsPath))) touched = true;
      if (this.manifestReader.forget(path.resolve(change.fsPath))) touched = true;
      if (this.symbolIndex && (await this.symbolIndex.update(path.resolve(change.fsPath), rel, change.type === 'deleted'))) touched = true;
      if (path.posix.basename(rel) === '.gitignore') {
        rescans.add(root);
        continue;
      }
      if (change.type === 'deleted') {
        if (root.dirs.has(rel)) deletedDirs.set(root, [...(deletedDirs.get(root) ?? []), rel]);
        touched = root.entries.delete(rel) || touched;
        root.dirs.delete(rel);
      } else if (change.type === 'created' && !root.entries.has(rel) && !root.isIgnored(rel)) {
        touched = (await this.addCreated(root, rel)) || touched;
      }
    }
    for (const [root, dirs] of deletedDirs) removeUnder(root, dirs);
    touched = touched || deletedDirs.size > 0;
    for (const root of rescans) {
      const fresh = await this.scanRoot(root.root);
      this.roots = this.roots.map((r) => (r === root ? fresh : r));
      touched = true;
    }
    if (touched && !this.disposed) this.changed();
  }

  private async addCreated(root: RootIndex, rel: string): Promise<boolean> {
    let stat;
    try {
      stat = await fs.lstat(path.join(root.root, ...rel.split('/')));
    } catch {
      return false; // gone again before we looked
    }
    addWithParents(root, rel, stat.isDirectory());
    if (stat.isDirectory()) await this.walk(root, rel);
    return true;
  }

  private locate(absolute: string): { root: RootIndex; rel: string } | null {
    return locateIn(this.roots, absolute);
  }

  private async scanRoot(rootPath: string): Promise<RootIndex> {
    const root = new RootIndex(rootPath);
    await this.walk(root, '');
    return root;
  }

  /** Lists `root` under `startRel` (file-index/listing.ts) within the whole index's entry budget. */
  private async walk(root: RootIndex, startRel: string): Promise<void> {
    await listInto(root, startRel, {
      maxEntries: this.maxEntries,
      entriesWith: () => this.entriesWith(root),
      stopped: () => this.disposed,
      onError: this.onError,
    });
  }

  /** Entries of `root` (possibly a fresh copy being listed) plus those of the other roots. */
  private entriesWith(root: RootIndex): number {
    return this.roots.reduce((n, r) => (r.root === root.root ? n : n + r.entries.size), root.entries.size);
  }

  private changed(): void {
    this.generationCounter++;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the index stays consistent.
      }
    }
  }
}

/** Stops at the first file that is not documentation or tool configuration (no copy of a large entry set). */
function holdsSourceFile(root: RootIndex): boolean {
  for (const rel of root.entries) if (!root.dirs.has(rel) && !isDocumentation(rel)) return true;
  return false;
}
