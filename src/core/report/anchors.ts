/**
 * Plan lines for the report: each challenge's verbatim quote pinned to the
 * plan with anchorQuote. Lines are 1-based, as people read them.
 */
import { anchorQuote } from '../anchor';
import { parsePlan, type Plan } from '../plan';
import type { Challenge } from '../protocol';
import type { RunResult } from '../run-types';

/** Challenge id → 1-based plan line; challenges whose quote is not found are absent. Never throws. */
export function anchorsForPlan(result: RunResult, planText: string | undefined = result.planText): Map<string, number> {
  const anchors = new Map<string, number>();
  const challenges = result.iterations.at(-1)?.challenges ?? [];
  if (planText === undefined || challenges.length === 0) return anchors;
  try {
    return linesInPlan(parsePlan(planText), challenges);
  } catch {
    // An unparseable plan only costs the line column; the report still renders.
  }
  return anchors;
}

/** Challenge id → 1-based plan line, for a parsed plan. */
export function linesInPlan(plan: Plan, challenges: readonly Challenge[]): Map<string, number> {
  const anchors = new Map<string, number>();
  for (const c of challenges) {
    if (!c.quote.trim()) continue;
    const hit = anchorQuote(plan, c.quote);
    if (hit.found) anchors.set(c.id, hit.range.startLine + 1);
  }
  return anchors;
}
