/**
 * The engine's check of every citation an agent makes ("evidence or it does
 * not count"): a file citation is looked up in the workspace, a citation of
 * the plan (a quote with no path) is looked up in the plan text. Whatever
 * the agent wrote in `checked` is discarded first.
 */
import type { Evidence, Unknown } from '../protocol';
import type { RunContext } from './run-context';
import { checkEvidence } from '../research';
import { flattenQuote } from '../convergence/grounds';

/** Plan quotes shorter than this prove nothing ("the", "Step 1"). */
const MIN_PLAN_QUOTE_WORDS = 3;

export async function checkedEvidence(ctx: RunContext, evidence: Evidence[]): Promise<Evidence[]> {
  const reset = evidence.map((e) => ({ ...e, checked: 'unchecked' as const }));
  const withPlan = reset.map((e) => (e.path ? e : { ...e, checked: planQuoteHolds(ctx.plan.text, e.quote) }));
  const root = ctx.options.workspaceRoot;
  if (!root || !withPlan.some((e) => e.path)) return withPlan;
  try {
    const files = await checkEvidence(
      root,
      withPlan.filter((e) => e.path),
      { denyGlobs: ctx.options.config.denyGlobs },
    );
    let k = 0;
    return withPlan.map((e) => (e.path ? files[k++]! : e));
  } catch {
    return withPlan;
  }
}

/** 'verified' when the quote (case and whitespace aside) occurs in the plan; 'unchecked' when there is no usable quote. */
export function planQuoteHolds(planText: string, quote: string | undefined): Evidence['checked'] {
  const needle = flattenQuote(quote ?? '');
  if (needle.split(' ').filter(Boolean).length < MIN_PLAN_QUOTE_WORDS) return 'unchecked';
  return flattenQuote(planText).includes(needle) ? 'verified' : 'not_found';
}

/**
 * Evidence that names an unknown ("per U3") stands on that unknown's
 * citations: it counts as verified when the unknown was raised for
 * `challengeId` (seed 002 §2 `affects_challenge`: "which challenge this
 * unblocks") and the resolver answered it with at least one citation the
 * engine verified. An unknown raised for another challenge, or for none,
 * answers a different question.
 */
export function creditResolvedUnknowns(evidence: Evidence[], unknowns: Unknown[], challengeId: string): Evidence[] {
  const grounded = new Set(
    unknowns
      .filter((u) => u.affects_challenge === challengeId && u.resolution !== null && u.resolution !== 'UNRESOLVABLE' && u.evidence.some((e) => e.checked === 'verified'))
      .map((u) => u.id),
  );
  if (grounded.size === 0) return evidence;
  return evidence.map((e) => {
    if (e.checked === 'verified') return e;
    const named = `${e.source} ${e.finding}`.match(/\bU\d+\b/g) ?? [];
    return named.some((id) => grounded.has(id)) ? { ...e, checked: 'verified' as const } : e;
  });
}
