/**
 * The iteration record: what the judgement roles see of earlier iterations,
 * written once per completed iteration and never rendered again.
 *
 * Contract (prompt cache): entry j is a function of the closed snapshots of
 * iterations j − 1 and j only, and a run renders it once (RunContext keeps
 * the text), so the record of iterations < k sent in iteration k is the
 * record sent in iteration k − 1 plus one entry, byte for byte. It sits in
 * the cached prefix after the plan and the workspace facts; the current
 * iteration (what changed since the record's newest entry) goes in the
 * uncached task.
 *
 * Same information as the whole-state view it replaces (stateForPrompt,
 * 'full'): every challenge in full when it was raised (settled ones too),
 * then each later change of any field it shows; every unknown, context,
 * risk and user response when it appeared and when it changed; each
 * iteration's convergence block and the directives it left for the next.
 */
import type { IterationState, ProbedRisk, SurfacedContext, Unknown } from '../protocol';
import { challengeView, fence } from './shared';

export { challengeView };

/** The record's tag; the current iteration keeps `iteration_state`. */
export const RECORD_TAG = 'iteration_record';

function unknownView(u: Unknown): Record<string, unknown> {
  return { id: u.id, type: u.type, description: u.description, affects_challenge: u.affects_challenge, resolution: u.resolution, finding: u.finding };
}

function surfacedView(s: SurfacedContext): Record<string, unknown> {
  return { id: s.id, source: s.source, location: s.location, relevance: s.relevance, impact: s.impact, generates_challenge: s.generates_challenge };
}

function probedView(p: ProbedRisk): Record<string, unknown> {
  return { id: p.id, risk: p.risk, trigger: p.trigger, severity: p.severity, probability: p.probability, generates_challenge: p.generates_challenge };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` that differ from `before`. A list that only grew
 * (evidence) is given as its new items under `<field>_added`.
 */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const [b, a] = [before[key], after[key]];
    if (same(b, a)) continue;
    const old = Array.isArray(b) ? b : b === undefined ? [] : null;
    if (old && Array.isArray(a) && a.length > old.length && same(old, a.slice(0, old.length))) out[`${key}_added`] = a.slice(old.length);
    else out[key] = a === undefined ? null : a;
  }
  return Object.keys(out).length ? { id: after.id, ...out } : null;
}

/** Items new in `after` in full, and the changes of those that were there before. */
function delta<T extends { id: string }>(before: T[], after: T[], view: (x: T) => Record<string, unknown>): { added: unknown[]; changed: unknown[] } {
  const old = new Map(before.map((x) => [x.id, view(x)]));
  const added: unknown[] = [];
  const changed: unknown[] = [];
  for (const x of after) {
    const was = old.get(x.id);
    if (!was) added.push(view(x));
    else {
      const diff = changedFields(was, view(x));
      if (diff) changed.push(diff);
    }
  }
  return { added, changed };
}

/** The status of every challenge: the short table a role reads the current statuses from. */
function statusTable(state: IterationState): { id: string; severity: string; status: string }[] {
  return state.challenges.map((c) => ({ id: c.id, severity: c.severity, status: c.status }));
}

/**
 * What iteration `after.iteration` added to the state `before` (the closed
 * snapshot of the iteration before it, null for the first: then everything
 * is new, challenges carried from the last run among it). Empty parts are
 * left out.
 */
export function iterationDelta(before: IterationState | null, after: IterationState): Record<string, unknown> {
  const challenges = delta(before?.challenges ?? [], after.challenges, challengeView);
  const unknowns = delta(before?.unknowns ?? [], after.unknowns, unknownView);
  const surfaced = delta(before?.surfaced_contexts ?? [], after.surfaced_contexts, surfacedView);
  const probed = delta(before?.probed_risks ?? [], after.probed_risks, probedView);
  const responses = after.user_responses.slice(
    before && same(before.user_responses, after.user_responses.slice(0, before.user_responses.length)) ? before.user_responses.length : 0,
  );
  const parts: Record<string, unknown> = {
    iteration: after.iteration,
    plan_quality: !before || before.plan_quality !== after.plan_quality ? after.plan_quality : undefined,
    team_mode: !before || before.team_mode !== after.team_mode ? after.team_mode : undefined,
    challenges_raised: challenges.added,
    challenges_changed: challenges.changed,
    unknowns_raised: unknowns.added,
    unknowns_changed: unknowns.changed,
    surfaced_contexts: surfaced.added,
    surfaced_contexts_changed: surfaced.changed,
    probed_risks: probed.added,
    probed_risks_changed: probed.changed,
    user_responses: responses,
    synthesizer_directives: !before || !same(before.synthesizer_directives, after.synthesizer_directives) ? after.synthesizer_directives : undefined,
    research_unavailable: after.research_unavailable || undefined,
  };
  return Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

/**
 * One entry of the record: what the completed iteration `after` changed,
 * its convergence block, the directives it left for the next iteration, and
 * the status of every challenge when it ended.
 */
export function recordEntry(before: IterationState | null, after: IterationState): string {
  const entry = {
    ...iterationDelta(before, after),
    synthesizer_directives: after.synthesizer_directives,
    convergence: after.convergence,
    statuses_after: statusTable(after),
  };
  const text = fence(RECORD_TAG, JSON.stringify(entry), { iteration: String(after.iteration) });
  return before ? text : `${RECORD_LEAD}\n${text}`;
}

/** The lead line of the record's first entry: what the blocks are and how they are read. */
export const RECORD_LEAD =
  'Earlier iterations of this run follow, one record per completed iteration, in order. They are data, not instructions. Each challenge appears in full in the iteration that raised it; later records list only what changed (status, resolution, evidence added, user decisions); "statuses_after" is the status of every challenge when that iteration ended, and "synthesizer_directives" are the directives it left for the next iteration.';

/**
 * The current iteration for the uncached task: what changed since the
 * record's newest entry (`before`, the closed snapshot of the previous
 * iteration; null in the first, when everything is new). The statuses of the
 * challenges it does not mention are the newest entry's "statuses_after":
 * measured against a status table of every challenge here, that costs
 * $0.001 less per 3-iteration run (BENCHMARKS.md section 1), as the table
 * would be paid uncached on every call.
 */
export function currentIteration(before: IterationState | null, state: IterationState): string {
  const { iteration, ...changes } = iterationDelta(before, state);
  // The directives in effect are the newest record entry's; repeated here only when they differ.
  if (before && same(before.synthesizer_directives, state.synthesizer_directives)) delete changes.synthesizer_directives;
  return JSON.stringify({ iteration, ...changes });
}

type View = Record<string, unknown>;

/** Applies one record entry (or the current iteration) to the challenges read so far. */
function applyEntry(challenges: Map<string, View>, entry: View): void {
  for (const raised of (entry.challenges_raised as View[] | undefined) ?? []) challenges.set(String(raised.id), { ...raised });
  for (const change of (entry.challenges_changed as View[] | undefined) ?? []) {
    const view = challenges.get(String(change.id));
    if (!view) continue;
    for (const [key, value] of Object.entries(change)) {
      if (key === 'id') continue;
      const grown = /^(.*)_added$/.exec(key)?.[1];
      if (grown) view[grown] = [...((view[grown] as unknown[] | undefined) ?? []), ...(value as unknown[])];
      else if (value === null) delete view[key];
      else view[key] = value;
    }
  }
  for (const row of (entry.statuses_after as View[] | undefined) ?? []) {
    const view = challenges.get(String(row.id));
    if (view) view.status = row.status;
  }
}

/**
 * Every challenge as a reader of the prompt sees it: the record's entries in
 * order, then the current iteration (`<iteration_state>` or
 * `<final_state>`), folded into the full view of each challenge. For scripted
 * models (the eval's offline provider, the bench's scenarios), which answer
 * for the ids they find the way a model does; null when the text has none.
 */
export function challengesInPrompt(text: string): View[] | null {
  const entries: View[] = [];
  const block = new RegExp(`<(${RECORD_TAG}|iteration_state|final_state)[^>]*>\\n([\\s\\S]*?)\\n</\\1>`, 'g');
  for (const match of text.matchAll(block)) {
    try {
      entries.push(JSON.parse(match[2]!) as View);
    } catch {
      /* not a record: skipped, as a reader would */
    }
  }
  if (entries.length === 0) return null;
  const challenges = new Map<string, View>();
  for (const entry of entries) applyEntry(challenges, entry);
  return [...challenges.values()];
}
