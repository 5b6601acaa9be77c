/**
 * Findings: a run's challenges pinned to the current text of their plan.
 * Pure (no `vscode`): diagnostics, CodeLens, hovers and quick fixes all render
 * from `PlanFindings`, and edits re-anchor through `reanchor`.
 *
 * Contract: a challenge is a *problem* while it is OPEN, UNRESOLVED or
 * DEFERRED; RESOLVED and WITHDRAWN ones are kept (for the report) but never
 * shown as problems. A finding whose quote is gone after an edit is `stale`
 * until the next run: it keeps its last range, clamped to the document.
 */
import { anchorQuote } from '../core/anchor';
import { parsePlan } from '../core/plan';
import type { Challenge } from '../core/protocol';
import type { RunResult } from '../core/run-types';

export interface LineRange {
  /** 0-based, like the editor and LSP. */
  startLine: number;
  startChar: number;
  endLine: number;
  endChar: number;
}

export type AnchorState =
  /** The quote was found in the current text. */
  | 'anchored'
  /** The quote never matched the plan (the model misquoted it): pinned to the first line. */
  | 'unanchored'
  /** The quote matched when the run finished but is gone after an edit. */
  | 'stale';

export interface Finding {
  challenge: Challenge;
  range: LineRange;
  anchor: AnchorState;
  /** The match was fuzzy (whitespace/case/typography), not verbatim. */
  exact: boolean;
}

export interface PlanFindings {
  planPath: string;
  result: RunResult;
  /** Only the challenges that are problems, in id order. */
  findings: Finding[];
}

const PROBLEM_STATUSES = new Set(['OPEN', 'UNRESOLVED', 'DEFERRED']);

export function isProblem(c: Challenge): boolean {
  return PROBLEM_STATUSES.has(c.status);
}

/**
 * A run the user stopped (CANCELLED / ABORTED) before it found anything says
 * nothing about the plan: it must not replace the last verdict shown, nor be
 * what a reload restores. A re-run starts from the last run's unsettled
 * challenges (carried, history at iteration 0 only); those alone are the last
 * verdict's findings, not this run's.
 */
export function replacesLastVerdict(result: RunResult): boolean {
  const stoppedByUser = result.verdict === 'CANCELLED' || result.verdict === 'ABORTED';
  return !(stoppedByUser && !finalChallenges(result).some(foundInThisRun));
}

/** Raised by this run, or a carried challenge this run judged again (a status change at iteration 1 or later). */
function foundInThisRun(c: Challenge): boolean {
  return !c.carried || c.history.some((h) => h.iteration >= 1);
}

/** The final challenge set of a run: the last iteration snapshot. */
export function finalChallenges(result: RunResult): Challenge[] {
  return result.iterations.at(-1)?.challenges ?? [];
}

/**
 * Pins every problem challenge of `result` to `planText`. `missing` says what
 * a quote that is not in the text means: right after a run the model
 * misquoted ('unanchored'); when restoring onto a plan edited since the run,
 * the text moved on ('stale').
 */
export function anchorFindings(planPath: string, result: RunResult, planText: string, missing: 'unanchored' | 'stale' = 'unanchored'): PlanFindings {
  const plan = safeParse(planText);
  const findings = finalChallenges(result)
    .filter(isProblem)
    .sort(byChallengeId)
    .map((challenge): Finding => {
      const hit = plan ? anchorQuote(plan, challenge.quote) : null;
      if (hit && hit.found) return { challenge, range: { ...hit.range }, anchor: 'anchored', exact: hit.exact };
      return { challenge, range: firstLine(planText), anchor: missing, exact: false };
    });
  return { planPath, result, findings };
}

/**
 * Re-anchors after an edit. A finding that was anchored and whose quote is
 * gone becomes stale; an unanchored one stays unanchored (it never matched).
 */
export function reanchor(previous: PlanFindings, newText: string): PlanFindings {
  const plan = safeParse(newText);
  const lineCount = newText.split('\n').length;
  const findings = previous.findings.map((f): Finding => {
    if (f.anchor === 'unanchored') return { ...f, range: firstLine(newText) };
    const hit = plan ? anchorQuote(plan, f.challenge.quote) : null;
    if (hit && hit.found) return { ...f, range: { ...hit.range }, anchor: 'anchored', exact: hit.exact };
    return { ...f, anchor: 'stale', range: clamp(f.range, lineCount) };
  });
  return { ...previous, findings };
}

/** Replaces one challenge (e.g. after the user acknowledged it) in the result and its finding. */
export function withChallenge(pf: PlanFindings, updated: Challenge): PlanFindings {
  const iterations = pf.result.iterations.map((it, i, all) => (i === all.length - 1 ? { ...it, challenges: it.challenges.map((c) => (c.id === updated.id ? updated : c)) } : it));
  return {
    ...pf,
    result: { ...pf.result, iterations },
    findings: pf.findings.map((f) => (f.challenge.id === updated.id ? { ...f, challenge: updated } : f)),
  };
}

export function findingAt(pf: PlanFindings, line: number): Finding[] {
  return pf.findings.filter((f) => f.range.startLine <= line && line <= f.range.endLine);
}

function safeParse(text: string) {
  try {
    return parsePlan(text);
  } catch {
    return null;
  }
}

function firstLine(text: string): LineRange {
  const first = text.split('\n', 1)[0] ?? '';
  return { startLine: 0, startChar: 0, endLine: 0, endChar: first.replace(/\r$/, '').length };
}

function clamp(r: LineRange, lineCount: number): LineRange {
  const last = Math.max(0, lineCount - 1);
  const startLine = Math.min(r.startLine, last);
  const endLine = Math.min(Math.max(r.endLine, startLine), last);
  return { startLine, startChar: startLine === r.startLine ? r.startChar : 0, endLine, endChar: endLine === r.endLine ? r.endChar : 0 };
}

function byChallengeId(a: Challenge, b: Challenge): number {
  return Number(a.id.slice(1)) - Number(b.id.slice(1));
}
