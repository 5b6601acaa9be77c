/**
 * "What to change": the one list every surface that shows a verdict puts
 * first (the Markdown report, the panel's verdict card, the status-bar
 * hover, the Claude Code hook's deny reason, the GitHub job summary).
 *
 * Contract:
 * - `deciding` is exactly the BLOCKING and SIGNIFICANT challenges that are
 *   OPEN or UNRESOLVED in the final state — the counts seed 002 §7 computes
 *   the verdict from — most severe first, then by plan line. Each carries
 *   its plan line, the quoted passage and ONE recommended change: the
 *   synthesizer's resolution where it wrote one for an UNRESOLVED challenge
 *   (the prompt asks it to put the mitigation there), otherwise the
 *   challenger's alternative (also for a challenge the final audit reopened:
 *   the resolution it had is the settlement the audit rejected).
 * - `deferred`: BLOCKING and SIGNIFICANT challenges the §8 caps deferred
 *   (DEFERRED_SURFACED), never dropped silently.
 * - `staticErrors`: error-level static findings, when the caller has them.
 *
 * Browser-safe (the panel imports it): plain data in, plain data out.
 */
import type { Challenge, ChallengeStatus, DeferredSurfaced, IterationState, Severity } from '../protocol';
import type { VerdictLabel } from '../run-types';
import { proposesNoChange } from '../wording/no-change';

export interface ChangeItem {
  id: string;
  severity: Severity;
  status: ChallengeStatus;
  /** 1-based plan line, or null when the quote no longer anchors. */
  line: number | null;
  quote: string;
  concern: string;
  change: string;
  /** Whose words `change` is. */
  changeFrom: 'synthesizer' | 'challenger';
  /** Reopened by the final audit (seed 001 Step 4), with the audit's reason. */
  reopenedByAudit: string | null;
  /** Carried over from the last run ("still open"); `quoteRemoved` when its quoted text is gone. */
  carried: 'still open' | 'quoted text removed' | null;
}

export interface DeferredItem {
  severity: Severity;
  claim: string;
  quote: string;
  reason: string;
}

export interface StaticErrorItem {
  line: number;
  code: string;
  message: string;
}

export interface WhatToChange {
  deciding: ChangeItem[];
  deferred: DeferredItem[];
  staticErrors: StaticErrorItem[];
}

const RANK: Record<Severity, number> = { BLOCKING: 0, SIGNIFICANT: 1, MINOR: 2 };

/**
 * Against the last run (continuity.ts carries its unsettled challenges in):
 * open and carried → still open; open and raised in this run → new; carried
 * and settled in this run (RESOLVED or WITHDRAWN, which needs grounds) →
 * fixed. A challenge is never "fixed" by going missing.
 */
export function changeSinceLastRun(c: Pick<Challenge, 'status' | 'carried'>): 'new' | 'still open' | 'fixed' | null {
  if (c.status === 'OPEN' || c.status === 'UNRESOLVED') return c.carried ? 'still open' : 'new';
  return c.carried && (c.status === 'RESOLVED' || c.status === 'WITHDRAWN') ? 'fixed' : null;
}

/** The BLOCKING/SIGNIFICANT challenges seed 002 §7 counts: OPEN or UNRESOLVED. */
export function decidesVerdict(c: Pick<Challenge, 'severity' | 'status'>): boolean {
  return c.severity !== 'MINOR' && (c.status === 'OPEN' || c.status === 'UNRESOLVED');
}

/**
 * A resolution that only records that no mitigation was found ("None.", "No
 * viable mitigation identified") proposes no change: the prompt's UNRESOLVED
 * definition invites it, and "Change: No mitigation found" tells the reader
 * nothing, so the challenger's alternative is shown instead (wording/no-change.ts).
 */
export function recommendedChange(c: Challenge): { change: string; from: 'synthesizer' | 'challenger' } {
  const resolution = c.resolution.trim();
  if (c.status === 'UNRESOLVED' && resolution && !proposesNoChange(resolution) && !c.reopened_by_audit) return { change: resolution, from: 'synthesizer' };
  return { change: c.alternative.trim(), from: 'challenger' };
}

export function whatToChange(
  state: Pick<IterationState, 'challenges' | 'deferred_surfaced'> | null | undefined,
  options: { lines?: ReadonlyMap<string, number> | Readonly<Record<string, number>>; staticErrors?: readonly StaticErrorItem[] } = {},
): WhatToChange {
  const lineOf = (id: string): number | null => {
    const lines = options.lines;
    if (!lines) return null;
    const n: unknown = lines instanceof Map ? lines.get(id) : (lines as Readonly<Record<string, number>>)[id];
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
  };
  const deciding = (state?.challenges ?? [])
    .filter(decidesVerdict)
    .map((c): ChangeItem => {
      const { change, from } = recommendedChange(c);
      return {
        id: c.id,
        severity: c.severity,
        status: c.status,
        line: lineOf(c.id),
        quote: c.quote,
        concern: c.concern,
        change,
        changeFrom: from,
        reopenedByAudit: c.reopened_by_audit ?? null,
        carried: c.carried ? (c.carried.quoteRemoved ? 'quoted text removed' : 'still open') : null,
      };
    })
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.line ?? Infinity) - (b.line ?? Infinity) || idNumber(a.id) - idNumber(b.id));
  const deferred = (state?.deferred_surfaced ?? [])
    .filter((d: DeferredSurfaced) => d.severity !== 'MINOR')
    .sort((a, b) => RANK[a.severity] - RANK[b.severity])
    .map((d) => ({ severity: d.severity, claim: d.claim, quote: d.quote, reason: d.reason }));
  const staticErrors = [...(options.staticErrors ?? [])].sort((a, b) => a.line - b.line);
  return { deciding, deferred, staticErrors };
}

function idNumber(id: string): number {
  const n = Number(/^C(\d+)$/.exec(id)?.[1]);
  return Number.isFinite(n) ? n : Infinity;
}

/** Words shown beside an item's id: severity, status and where it comes from. */
export function itemTags(item: ChangeItem): string[] {
  return [item.severity, item.status, ...(item.carried ? [item.carried] : []), ...(item.reopenedByAudit !== null ? ['reopened by the final audit'] : [])];
}

/** The sentence under the verdict that points at the list (no surface says "the changes listed" unless it lists them). */
export function whatToChangeLead(verdict: VerdictLabel | null, w: WhatToChange): string | null {
  const n = w.deciding.length;
  if (n === 0) return null;
  const what = n === 1 ? 'this challenge' : `these ${n} challenges`;
  const why = verdict === 'RETHINK' ? 'decide the RETHINK' : verdict?.startsWith('REVISE') ? 'decide the REVISE' : 'are still open';
  return `Change the plan for ${what}; ${n === 1 ? `it ${why.replace(/^are/, 'is').replace(/^decide/, 'decides')}` : `they ${why}`}. Most severe first:`;
}
