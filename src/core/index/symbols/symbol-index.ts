/**
 * The workspace's symbol index: every definition (definitions.ts) of every source file the file index lists, by name,
 * built with tree-sitter (grammars.ts). Lazy: nothing is read or parsed until `start` is first called (the rules call
 * it only for a plan that names code). Incremental: a changed or created file is parsed again, a deleted one dropped.
 * Never blocking: one file is parsed at a time and the event loop is yielded between files, so a language server
 * answers edits while it builds. Budgets: files over MAX_FILE_BYTES, unreadable files and files past MAX_FILES are
 * skipped and counted; a build that exceeds its time budget stops and stays incomplete. While incomplete, or when the
 * workspace holds code of a language without a grammar, `complete` is false and the rules stay silent.
 */
import { readConfinedFile } from '../../research/confined-read';
import { definitionsOf, type Definition, type DefinitionKind } from './definitions';
import { Grammars, isUnindexedCode, languageOf, type SymbolLanguage } from './grammars';
import type { Parser, Query } from '@vscode/tree-sitter-wasm';
import { closestName } from '../closest';

export interface SymbolLocation {
  file: string;
  kind: DefinitionKind;
  line: number;
  endLine: number;
}

export interface SymbolBudget {
  /** One file's parse at most (the event loop is held while it runs); a file that needs longer keeps its words only. */
  maxParseMs: number;
  /** Source files indexed at most; the rest are skipped and counted. */
  maxFiles: number;
  /** A file bigger than this is generated or vendored: skipped and counted. */
  maxFileBytes: number;
  /** Wall time for a full build; past it the build stops, incomplete. */
  maxBuildMs: number;
}

export const DEFAULT_SYMBOL_BUDGET: SymbolBudget = { maxParseMs: 40, maxFiles: 50_000, maxFileBytes: 512 * 1024, maxBuildMs: 120_000 };

export interface SymbolStats {
  files: number;
  definitions: number;
  skippedLarge: number;
  /** Parses stopped at maxParseMs: the file's words are kept (its names count as used), its definitions are not. */
  skippedSlow: number;
  skippedUnreadable: number;
  skippedOverBudget: number;
  unindexedCodeFiles: number;
  buildMs: number;
}

interface FileEntry {
  abs: string;
  names: string[];
  /** Identifier-like words of the file's text: a name the file uses, not only defines. */
  words: Set<string> | null;
  /** Its definitions are known (false: the parse ran out of time; only its words are). */
  parsed: boolean;
}

/** What the symbol rules ask (the rule environment wraps a SymbolIndex and resolves plan references for it). */
export interface SymbolFacts {
  /** Built, within budget, every source language indexed: a name defined nowhere is really defined nowhere. */
  readonly complete: boolean;
  definitions(name: string): readonly SymbolLocation[];
  /** The defined name closest to `name` (a slip of case, a letter or two), or null. */
  closestDefined(name: string): string | null;
  /** Does any indexed file's text use this word? */
  usedAnywhere(word: string): boolean;
  /** Does the indexed file's text use this word? */
  usedIn(file: string, word: string): boolean;
  /** The root-relative path of the indexed source file a plan reference names; null when it names none. */
  indexedFile(reference: string): string | null;
  /** Line `line` (0-based) of an indexed file; `undefined` while its text is being read (the first call starts it). */
  lineOf(file: string, line: number): string | undefined;
  /** Every line of an indexed file, the same way (stale-anchor looks for what a plan names near an anchor). */
  linesOf(file: string): readonly string[] | undefined;
}

/** Texts of files whose lines a plan anchors, kept for stale-anchor; the oldest go first. */
const MAX_TEXTS = 64;

export class SymbolIndex {
  private closest = new Map<string, string | null>();
  private byLength: Map<number, string[]> | null = null;
  private readonly byName = new Map<string, SymbolLocation[]>();
  private readonly files = new Map<string, FileEntry>();
  private readonly grammars = new Grammars();
  private readonly parsers = new Map<SymbolLanguage, { parser: Parser; query: Query } | null>();
  private building: Promise<void> | null = null;
  private done = false;
  private timedOut = false;
  private unindexed = 0;
  private readonly stats: SymbolStats = {
    files: 0,
    definitions: 0,
    skippedLarge: 0,
    skippedSlow: 0,
    skippedUnreadable: 0,
    skippedOverBudget: 0,
    unindexedCodeFiles: 0,
    buildMs: 0,
  };
  private disposed = false;

  constructor(
    /** Every listed file of the workspace (absolute path, root-relative path). */
    private readonly listFiles: () => Iterable<{ abs: string; rel: string }>,
    /** Runs when the build finishes (the server re-runs its rules). */
    private readonly landed: () => void,
    private readonly budget: SymbolBudget = DEFAULT_SYMBOL_BUDGET,
    /** Keep each file's words (for "is the name used anywhere"); the rules need them, a bench may not. */
    private readonly keepWords = true,
  ) {}

  /** Starts the build on first call; resolves when it is done. */
  start(): Promise<void> {
    this.building ??= this.build();
    return this.building;
  }

  /**
   * Built, within budget, every source file read, and no code of a language without a grammar. A file over the size
   * cap does not count against it: such files are generated or vendored, not where a plan's names are defined.
   */
  get complete(): boolean {
    return this.done && !this.timedOut && this.unindexed === 0 && this.stats.skippedOverBudget === 0 && this.stats.skippedUnreadable === 0;
  }
  get ready(): boolean {
    return this.done;
  }
  get statistics(): Readonly<SymbolStats> {
    return this.stats;
  }

  definitions(name: string): readonly SymbolLocation[] {
    return this.byName.get(name) ?? [];
  }

  /** Every defined name (for did-you-mean); iterates the index. */
  names(): IterableIterator<string> {
    return this.byName.keys();
  }

  /** The defined name closest to `name`, memoised until the index changes. */
  closestDefined(name: string): string | null {
    const known = this.closest.get(name);
    if (known !== undefined) return known;
    if (!this.byLength) {
      this.byLength = new Map();
      for (const n of this.byName.keys()) {
        const list = this.byLength.get(n.length);
        if (list) list.push(n);
        else this.byLength.set(n.length, [n]);
      }
    }
    const candidates: string[] = [];
    for (let len = name.length - 3; len <= name.length + 3; len++) candidates.push(...(this.byLength.get(len) ?? []));
    const found = closestName(name, candidates, Infinity);
    if (this.closest.size > 10_000) this.closest.clear();
    this.closest.set(name, found);
    return found;
  }

  /** Does the text of any indexed file (or of `file`) use this word? */
  usedAnywhere(word: string, file?: string): boolean {
    if (file !== undefined) return this.files.get(file)?.words?.has(word) ?? true;
    for (const entry of this.files.values()) if (entry.words?.has(word) ?? true) return true;
    return false;
  }

  private readonly texts = new Map<string, string[] | null>();
  private readonly textReads = new Map<string, Promise<void>>();

  lineOf(file: string, line: number): string | undefined {
    const lines = this.texts.get(file);
    if (lines !== undefined) return lines === null ? undefined : (lines[line] ?? '');
    void this.loadText(file, true);
    return undefined;
  }

  linesOf(file: string): readonly string[] | undefined {
    const lines = this.texts.get(file);
    if (lines !== undefined) return lines ?? undefined;
    void this.loadText(file, true);
    return undefined;
  }

  /** Reads an indexed file's text for `lineOf` (a one-shot caller awaits it; the server is told when it lands). */
  loadText(file: string, notify = false): Promise<void> {
    const entry = this.files.get(file);
    if (!entry || this.texts.has(file)) return Promise.resolve();
    let pending = this.textReads.get(file);
    if (!pending) {
      pending = readConfinedFile(entry.abs, { maxBytes: this.budget.maxFileBytes, singleLink: true }).then((read) => {
        this.textReads.delete(file);
        if (this.texts.size >= MAX_TEXTS) this.texts.delete(this.texts.keys().next().value as string);
        this.texts.set(file, read.ok ? read.buffer.toString('utf8').split(/\r?\n/) : null);
        if (notify && !this.disposed) this.landed();
      });
      this.textReads.set(file, pending);
    }
    return pending;
  }

  isIndexed(file: string): boolean {
    return this.files.get(file)?.parsed === true;
  }

  /** A file changed, was created or deleted: parse it again or drop it (after the first build only). */
  async update(abs: string, rel: string, deleted: boolean): Promise<boolean> {
    if (!this.done) return false;
    this.closest.clear();
    this.byLength = null;
    this.texts.delete(rel);
    const had = this.drop(rel);
    if (!deleted && languageOf(rel)) await this.indexFile(abs, rel);
    return had || !deleted;
  }

  dispose(): void {
    this.disposed = true;
    for (const p of this.parsers.values()) {
      p?.parser.delete();
      p?.query.delete();
    }
    this.parsers.clear();
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const todo: Array<{ abs: string; rel: string }> = [];
    for (const f of this.listFiles()) {
      if (languageOf(f.rel)) {
        if (todo.length < this.budget.maxFiles) todo.push(f);
        else this.stats.skippedOverBudget++;
      } else if (isUnindexedCode(f.rel)) this.unindexed++;
    }
    this.stats.unindexedCodeFiles = this.unindexed;
    for (const f of todo) {
      if (this.disposed) return;
      if (Date.now() - started > this.budget.maxBuildMs) {
        this.timedOut = true;
        break;
      }
      await this.indexFile(f.abs, f.rel);
      // Yield between files: an edit waits for one file's parse at most.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.stats.buildMs = Date.now() - started;
    this.done = true;
    if (!this.disposed) this.landed();
  }

  private async indexFile(abs: string, rel: string): Promise<void> {
    const language = languageOf(rel);
    if (!language) return;
    const read = await readConfinedFile(abs, { maxBytes: this.budget.maxFileBytes, singleLink: true });
    if (!read.ok) {
      if (read.rule === 'too-large') this.stats.skippedLarge++;
      else this.stats.skippedUnreadable++;
      return;
    }
    const text = read.buffer.toString('utf8');
    const loaded = await this.parserFor(language);
    if (!loaded) {
      this.unindexed++;
      return;
    }
    let definitions: Definition[] = [];
    const deadline = performance.now() + this.budget.maxParseMs;
    let stopped = false;
    const { parser, query } = loaded;
    const tree = parser.parse(text, null, {
      progressCallback: () => {
        stopped = performance.now() > deadline;
        return stopped;
      },
    });
    if (tree) {
      try {
        definitions = definitionsOf(tree, language, query);
      } finally {
        tree.delete();
      }
    }
    if (stopped || !tree) {
      // Too slow to parse within the budget: its words still say which names it uses (and so defines).
      parser.reset();
      this.stats.skippedSlow++;
    }
    const names: string[] = [];
    for (const d of definitions) {
      const list = this.byName.get(d.name);
      const location = { file: rel, kind: d.kind, line: d.line, endLine: d.endLine };
      if (list) list.push(location);
      else this.byName.set(d.name, [location]);
      names.push(d.name);
    }
    this.files.set(rel, { abs, names, words: this.keepWords ? wordsOf(text) : null, parsed: !stopped && tree !== null });
    this.stats.files++;
    this.stats.definitions += definitions.length;
  }

  private drop(rel: string): boolean {
    const entry = this.files.get(rel);
    if (!entry) return false;
    for (const name of new Set(entry.names)) {
      const list = (this.byName.get(name) ?? []).filter((l) => l.file !== rel);
      if (list.length > 0) this.byName.set(name, list);
      else this.byName.delete(name);
    }
    this.stats.definitions -= entry.names.length;
    this.stats.files--;
    this.files.delete(rel);
    return true;
  }

  private async parserFor(language: SymbolLanguage): Promise<{ parser: Parser; query: Query } | null> {
    if (!this.parsers.has(language)) this.parsers.set(language, await this.grammars.parser(language));
    return this.parsers.get(language) ?? null;
  }
}

function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z_$][\w$]{2,}/g)) words.add(m[0]);
  return words;
}
