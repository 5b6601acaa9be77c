/**
 * What a run or a static check "says" about a plan, as predictions the
 * matcher can score: each with plan lines and a category.
 *
 * Which challenges count (eval/README.md): those the final report still
 * presents as concerns — final status OPEN, UNRESOLVED or DEFERRED — and the
 * DEFERRED_SURFACED list (challenges over the caps, listed in the report).
 * RESOLVED and WITHDRAWN challenges were dismissed by the loop itself; they
 * are kept aside as `dismissed` so a flaw raised and then dismissed is visible.
 */
import { anchorQuote } from '../anchor';
import { WorkspaceFileIndex } from '../file-index';
import { parsePlan, type Plan, type Range } from '../plan';
import type { Challenge, ChallengeDraft, IterationState, UnknownType } from '../protocol';
import { runStaticChecks, workspaceEnvironment } from '../rules';
import type { RunResult } from '../run-types';
import { categorizeChallenge, STATIC_RULE_CATEGORY } from './categorize';
import type { Prediction } from './match';
import type { LineRange } from './truth';

const COUNTED: ReadonlySet<Challenge['status']> = new Set(['OPEN', 'UNRESOLVED', 'DEFERRED']);

export interface RunPredictions {
  counted: Prediction[];
  dismissed: Prediction[];
}

/** 1-based inclusive lines of a 0-based LSP range (an end at column 0 of a later line ends on the line before). */
export function rangeLines(range: Range): LineRange {
  const end = range.endChar === 0 && range.endLine > range.startLine ? range.endLine - 1 : range.endLine;
  return [range.startLine + 1, end + 1];
}

function anchored(plan: Plan, quote: string): LineRange | null {
  if (!quote.trim()) return null;
  const hit = anchorQuote(plan, quote);
  return hit.found ? rangeLines(hit.range) : null;
}

function unknownTypesFor(state: IterationState | undefined, challengeId: string): UnknownType[] {
  return (state?.unknowns ?? []).filter((u) => u.affects_challenge === challengeId).map((u) => u.type);
}

/** A challenge or draft as a prediction (lines from its quote, category from its text). */
export function challengePrediction(
  plan: Plan,
  id: string,
  c: Pick<ChallengeDraft, 'quote' | 'claim' | 'concern' | 'failure_scenario' | 'alternative' | 'severity'>,
  unknownTypes: UnknownType[] = [],
): Prediction {
  return { id, source: 'challenge', lines: anchored(plan, c.quote), category: categorizeChallenge(c, unknownTypes), severity: c.severity, quote: c.quote, claim: c.claim };
}

export function predictionsOfRun(result: RunResult, planText: string): RunPredictions {
  const plan = parsePlan(planText);
  const last = result.iterations.at(-1);
  const counted: Prediction[] = [];
  const dismissed: Prediction[] = [];
  for (const c of last?.challenges ?? []) {
    const p = challengePrediction(plan, c.id, c, unknownTypesFor(last, c.id));
    (COUNTED.has(c.status) ? counted : dismissed).push(p);
  }
  (last?.deferred_surfaced ?? []).forEach((d, i) => {
    // Deferred entries carry only claim and quote; the claim alone decides the category.
    counted.push({
      id: `deferred-${i + 1}`,
      source: 'challenge',
      lines: anchored(plan, d.quote),
      category: categorizeChallenge({ claim: d.claim, concern: '', failure_scenario: '', alternative: '' }),
      severity: d.severity,
      quote: d.quote,
      claim: d.claim,
    });
  });
  return { counted, dismissed };
}

/**
 * Static findings of the plan against its workspace, at the rules' default
 * levels. Paths resolve through the shared workspace index
 * (src/core/file-index.ts), as in the language server and the CLI: relative
 * to the plan's folder and to the root, unique names and fragments, and
 * gitignored or outside-root paths "cannot tell".
 */
export async function staticPredictions(planText: string, workspaceRoot: string, planFsPath: string | null = null): Promise<Prediction[]> {
  const plan = parsePlan(planText);
  const lines = planText.split(/\r?\n/);
  const index = new WorkspaceFileIndex([workspaceRoot]);
  await index.start();
  let findings;
  try {
    findings = runStaticChecks(plan, await workspaceEnvironment(index, planFsPath, plan));
  } finally {
    index.dispose();
  }
  return findings.map((f, i) => {
    const range = rangeLines(f.range);
    return {
      id: `static-${i + 1}`,
      source: 'static' as const,
      lines: range,
      category: STATIC_RULE_CATEGORY[f.code] ?? null,
      severity: null,
      quote: (lines[range[0] - 1] ?? '').trim().slice(0, 300),
      claim: `${f.code}: ${f.message}`,
    };
  });
}
