/**
 * Matching predictions (challenges, static findings) to seeded flaws.
 *
 * Contract (documented in eval/README.md):
 * - A prediction covers plan lines [start, end] (1-based): a challenge its
 *   anchored quote (anchorQuote), a static finding its range. A prediction
 *   without lines (quote not found in the plan) matches nothing.
 * - It MATCHES a flaw when its category equals the flaw's and its lines
 *   overlap one of the flaw's ranges (`lines` or `also`) widened by
 *   LINE_TOLERANCE lines on each side.
 * - It is a LINE-ONLY hit when the lines overlap but the category differs;
 *   such a prediction still counts as unmatched (and goes to hand review),
 *   the count is reported so category mistakes are visible.
 * - A flaw is FOUND in a run when at least one prediction matches it. One
 *   prediction may match several flaws (two flaws on the same lines with the
 *   same category); several predictions may match one flaw (all count as
 *   true for precision, the flaw counts once for recall).
 */
import type { Severity } from '../protocol';
import type { Flaw, FlawCategory, LineRange } from './truth';

export const LINE_TOLERANCE = 2;

export type PredictionSource = 'challenge' | 'static';

export interface Prediction {
  /** Unique within a run: a challenge id (C3), "deferred-2", or "static-5". */
  id: string;
  source: PredictionSource;
  lines: LineRange | null;
  category: FlawCategory | null;
  severity: Severity | null;
  /** The plan excerpt the prediction is about (challenge quote, or the finding's line). */
  quote: string;
  /** The claim (challenge) or message (static finding). */
  claim: string;
}

export interface MatchResult {
  /** prediction id → ids of the flaws it matches (empty when unmatched). */
  matchedFlaws: Record<string, string[]>;
  /** prediction id → flaws hit by line only (category differs). */
  lineOnly: Record<string, string[]>;
  /** Flaw ids found (matched by at least one prediction). */
  found: string[];
}

export function overlaps(a: LineRange, b: LineRange, tolerance = LINE_TOLERANCE): boolean {
  return a[0] <= b[1] + tolerance && a[1] >= b[0] - tolerance;
}

function touches(prediction: Prediction, flaw: Flaw): boolean {
  const lines = prediction.lines;
  return lines !== null && [flaw.lines, ...flaw.also].some((range) => overlaps(lines, range));
}

export function matchPredictions(predictions: readonly Prediction[], flaws: readonly Flaw[]): MatchResult {
  const matchedFlaws: Record<string, string[]> = {};
  const lineOnly: Record<string, string[]> = {};
  const found = new Set<string>();
  for (const p of predictions) {
    const near = flaws.filter((f) => touches(p, f));
    const same = near.filter((f) => p.category !== null && f.category === p.category);
    matchedFlaws[p.id] = same.map((f) => f.id);
    lineOnly[p.id] = near.filter((f) => !same.includes(f)).map((f) => f.id);
    for (const f of same) found.add(f.id);
  }
  return { matchedFlaws, lineOnly, found: flaws.map((f) => f.id).filter((id) => found.has(id)) };
}
