/**
 * The static rules over a made-up plan and workspace, as the language server,
 * the CLI and the corpus run them: the workspace is a file list (and its
 * .gitignore texts) indexed by WorkspaceFileIndex, and paths are looked up
 * from the plan's folder and the root. Shared by the suites of each rule and
 * of the steps (test/unit/rules-*.test.ts, plan-steps-*.test.ts).
 */
import path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, ruleEnvironment, runStaticChecks, type RuleCode, type RuleLevel, type RuleScope, type StaticFinding } from '../../src/core/rules';

const ROOT = '/ws';

export interface RuleRunOptions {
  /** The plan's path in the workspace (default "plan.md", at the root). */
  planPath?: string;
  /** The workspace's .gitignore files: { "<dir>/.gitignore": "<text>" }. */
  gitignores?: Record<string, string>;
  /** Texts of Markdown documents in the workspace by path (a design or spec the plan names); the rest read as unreadable. */
  companions?: Record<string, string>;
  /** Let the rules ask whether the workspace holds any code (WorkspaceFileIndex.hasSourceFiles). */
  askSourceFiles?: boolean;
  /**
   * How much the rules report. The rule suites run `thorough` (the default here): they pin down which paths,
   * markers and headings a rule explains away, and `precise` reports a subset of what `thorough` does.
   */
  scope?: RuleScope;
  /** The rules' levels; by default every rule on, the advice checks too (they are off by default in the product). */
  levels?: Partial<Record<RuleCode, RuleLevel>>;
}

export function runRules(text: string, files: readonly string[] = [], options: RuleRunOptions = {}): StaticFinding[] {
  const index = WorkspaceFileIndex.fromListing(ROOT, files, options.gitignores ?? {});
  const planFsPath = path.posix.join(ROOT, options.planPath ?? 'plan.md');
  const readMarkdown = (reference: string): string | undefined => {
    const file = index.resolveFile(planFsPath, reference);
    return file === null ? undefined : options.companions?.[path.posix.relative(ROOT, file)];
  };
  // The made-up workspaces of the rule suites list only the files a case needs; whether the workspace holds any
  // code is asked only where a case says so (a real workspace always answers).
  const env = { ...ruleEnvironment(index, planFsPath), readMarkdown };
  if (!options.askSourceFiles) delete env.hasSourceFiles;
  return runStaticChecks(parsePlan(text), env, options.levels ?? ADVICE_ON, { scope: options.scope ?? 'thorough' });
}

/** The 1-based lines of the findings of one rule. */
export function findingLines(findings: readonly StaticFinding[], code: string): number[] {
  return findings.filter((f) => f.code === code).map((f) => f.range.startLine + 1);
}

/** The paths missing-file reports, in order. */
export function missingPaths(findings: readonly StaticFinding[]): string[] {
  return findings.filter((f) => f.code === 'missing-file').map((f) => String((f.data as { path?: unknown } | undefined)?.path));
}

/** runRules with the plan's path as an optional third argument (default "plan.md", at the root). */
export function runAt(text: string, files: readonly string[] = [], planPath = 'plan.md'): StaticFinding[] {
  return runRules(text, files, { planPath });
}

/** The lines of the unknown-signal findings when `body` is the text of a step that states its success criterion. */
export const signalLines = (body: string[]): number[] =>
  findingLines(runRules(['# Plan', '', '## Step 1: Tests', ...body, 'Success criteria: green.'].join('\n')), 'unknown-signal');
