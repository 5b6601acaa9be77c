/**
 * One analysis per document version: parse (incrementally), run the rules,
 * assess on demand. Parsing is cached per (uri, version); findings and the
 * assessment additionally key on the settings and file-index generations, so a settings change or a file
 * appearing re-runs only the rules, not the parser. Never throws: a document
 * the core cannot handle gets no findings and a reason.
 *
 * Findings are computed on first use (the CodeLens and hover need only the plan), either at once (`findings`) or one
 * rule at a time (`analyzeInSlices`: the diagnostics path, which lets other messages in between rules, so no edit
 * holds the server for the whole run). Each document keeps a LineMemo of one-line checks across versions.
 */
import { fileURLToPath } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { assess } from '../core/complexity';
import type { Plan } from '../core/plan';
import { LineMemo, ruleEnvironment, staticCheckSteps, type StaticFinding, type WorkspaceLookups } from '../core/rules';
import type { Assessment } from '../core/run-types';
import { IncrementalPlanParser } from './incremental-plan';
import type { ServerSettings } from './settings';

/** Larger documents are not analysed: a plan is prose, not a data dump, and parsing megabytes would stall every keystroke. */
export const MAX_ANALYZED_CHARS = 2_000_000;

export interface Analysis {
  uri: string;
  version: number;
  /** Changes whenever findings could differ: document version, settings, file index. */
  resultId: string;
  plan: Plan | null;
  /** Seed 001 Step 2 assessment under the current settings; null when there is no plan. */
  readonly assessment: Assessment | null;
  /** The static findings, computed on first read when analyzeInSlices has not filled them yet. */
  readonly findings: StaticFinding[];
  /** Why there is no plan (too large, parser failure); null when analysed. */
  skippedReason: string | null;
  /** 1 when the document text starts with a BOM the parser stripped: line-0 columns shift by one. */
  bomOffset: 0 | 1;
}

/**
 * The assessment is computed on first use: diagnostics do not need it (a
 * 20,000-line plan's assess() costs more than its incremental parse), the
 * CodeLens, hover and status bar do.
 */
class LazyAnalysis implements Analysis {
  plan: Plan | null;
  skippedReason: string | null;
  bomOffset: 0 | 1;
  private computed: Assessment | null | undefined;
  private computedFindings: StaticFinding[] | undefined;

  constructor(
    readonly uri: string,
    readonly version: number,
    readonly resultId: string,
    parsed: ParsedEntry,
    private readonly settings: ServerSettings,
    private readonly log: (message: string) => void,
    /** The rules over this plan, one step per rule (null: no plan, no findings). */
    private readonly ruleSteps: ((analysis: LazyAnalysis) => Generator<unknown, StaticFinding[], void>) | null,
  ) {
    this.plan = parsed.plan;
    this.skippedReason = parsed.skippedReason;
    this.bomOffset = parsed.bomOffset;
  }

  get assessment(): Assessment | null {
    if (this.computed === undefined) {
      this.computed = null;
      if (this.plan) {
        try {
          this.computed = assess(this.plan, { team: this.settings.team, threshold: this.settings.threshold });
        } catch (error) {
          this.log(`Assessment failed for ${this.uri}: ${(error as Error).message}`);
        }
      }
    }
    return this.computed;
  }

  get findings(): StaticFinding[] {
    if (this.computedFindings === undefined) {
      const steps = this.ruleSteps?.(this);
      let step = steps?.next();
      while (step && !step.done) step = steps?.next();
      this.computedFindings = step?.value ?? [];
    }
    return this.computedFindings;
  }

  /** Computes the findings one rule at a time, awaiting `pause` after each; false when `current` says to stop. */
  async fillFindings(pause: () => Promise<void>, current: () => boolean): Promise<boolean> {
    if (this.computedFindings !== undefined || !this.ruleSteps) return true;
    const steps = this.ruleSteps(this);
    for (;;) {
      const step = steps.next();
      if (step.done) {
        this.computedFindings ??= step.value;
        return true;
      }
      await pause();
      // Read meanwhile (a code action): computed at once, so this run's remaining rules are not needed.
      if (this.computedFindings !== undefined) return true;
      if (!current()) return false;
    }
  }
}

/** The workspace lookups (see WorkspaceFileIndex: lookup, pathsNamed, markdownText, hasSourceFiles) and the generations results key on. */
export interface AnalyzerDeps extends WorkspaceLookups {
  indexGeneration(): number;
  settings(): ServerSettings;
  settingsGeneration(): number;
  log(message: string): void;
}

interface ParsedEntry {
  version: number;
  plan: Plan | null;
  skippedReason: string | null;
  bomOffset: 0 | 1;
}

export class DocumentAnalyzer {
  private readonly parsed = new Map<string, ParsedEntry>();
  /** One incremental parser per open document: it keeps the chunks of the last version. */
  private readonly parsers = new Map<string, IncrementalPlanParser>();
  private readonly analysed = new Map<string, LazyAnalysis>();
  private readonly memos = new Map<string, LineMemo>();

  constructor(private readonly deps: AnalyzerDeps) {}

  /** The analysis of this version; its findings are computed when first read. */
  analyze(document: TextDocument): Analysis {
    return this.lazyAnalysis(document);
  }

  /**
   * The analysis of this version with its findings, computed one rule at a time with `pause` awaited after the parse
   * and after each rule; null when `current` turns false at a pause (a newer version arrived, the request was
   * cancelled).
   */
  async analyzeInSlices(document: TextDocument, pause: () => Promise<void>, current: () => boolean): Promise<Analysis | null> {
    const analysis = this.lazyAnalysis(document);
    if (!analysis.plan) return analysis;
    await pause();
    if (!current()) return null;
    return (await analysis.fillFindings(pause, current)) ? analysis : null;
  }

  private lazyAnalysis(document: TextDocument): LazyAnalysis {
    const resultId = `${document.version}.${this.deps.settingsGeneration()}.${this.deps.indexGeneration()}`;
    const cached = this.analysed.get(document.uri);
    if (cached && cached.resultId === resultId) return cached;
    const parsed = this.parse(document);
    const settings = this.deps.settings();
    const planPath = fsPathOf(document.uri);
    const plan = parsed.plan;
    let memo = this.memos.get(document.uri);
    if (!memo) {
      memo = new LineMemo();
      this.memos.set(document.uri, memo);
    }
    const lineMemo = memo;
    const ruleSteps = plan
      ? (analysis: LazyAnalysis) => {
          lineMemo.nextRun();
          // The missing-risks rule reads the quality only when the plan has no risks section; the getter defers assess() until then.
          const options = {
            scope: settings.ruleScope,
            memo: lineMemo,
            get assessment() {
              return analysis.assessment ?? undefined;
            },
          };
          return staticCheckSteps(plan, ruleEnvironment(this.deps, planPath), settings.rules, options);
        }
      : null;
    const analysis = new LazyAnalysis(document.uri, document.version, resultId, parsed, settings, (message) => this.deps.log(message), ruleSteps);
    this.analysed.set(document.uri, analysis);
    return analysis;
  }

  forget(uri: string): void {
    this.parsed.delete(uri);
    this.parsers.delete(uri);
    this.analysed.delete(uri);
    this.memos.delete(uri);
  }

  private parse(document: TextDocument): ParsedEntry {
    const cached = this.parsed.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    const text = document.getText();
    const entry: ParsedEntry = { version: document.version, plan: null, skippedReason: null, bomOffset: text.charCodeAt(0) === 0xfeff ? 1 : 0 };
    if (text.length > MAX_ANALYZED_CHARS) {
      entry.skippedReason = `Static checks skipped: the document has ${text.length.toLocaleString('en-US')} characters (limit ${MAX_ANALYZED_CHARS.toLocaleString('en-US')}).`;
    } else {
      try {
        let parser = this.parsers.get(document.uri);
        if (!parser) {
          parser = new IncrementalPlanParser();
          this.parsers.set(document.uri, parser);
        }
        entry.plan = parser.parse(text);
      } catch (error) {
        entry.skippedReason = `Static checks skipped: the plan could not be parsed (${(error as Error).message}).`;
        this.deps.log(`parsePlan failed for ${document.uri}: ${(error as Error).stack ?? String(error)}`);
      }
    }
    this.parsed.set(document.uri, entry);
    return entry;
  }
}

/** File-system path of a `file:` URI; null for other schemes (untitled, git…), whose paths resolve against the roots only. */
export function fsPathOf(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}
