/**
 * Steps 3a–3c of seed 001 as functions from state to state. Each applies the
 * agent failure protocol for its own agents; the caller (loop.ts) applies the
 * iteration-wide rules (2+ failures, synthesizer failure → forced exit).
 */
import type {
  Assertion,
  Challenge,
  ChallengerOutput,
  ChallengeDraft,
  ChallengeOrigin,
  DeferredSurfaced,
  Evidence,
  IterationState,
  ProbedRisk,
  RefusedSettlement,
  ResearcherOutput,
  ResolverOutput,
  SurfacedContext,
  SynthesizerOutput,
  Unknown,
  UnknownDraft,
} from '../protocol';
import type { InvokeResult, RunContext } from './run-context';
import type { MemoryContext } from './messages';
import type { AgentSpec } from '../agents/spec';
import { challengerMessage, resolverMessage, researcherMessage, synthesizerMessage } from './messages';
import { challengerAgent, devilsAdvocateAgent, domainExpertAgent, researcherAgent, resolverAgent, synthesizerAgent } from '../agents';
import { admitChallenges, applyUpdates, capPerAgent, dedupeCandidates, settlementGrounds } from '../convergence';
import { challengersFor, roleChallengeCap, type ChallengingRole } from '../teams';
import { checkedEvidence, creditResolvedUnknowns } from './evidence';
import { saveAfterPhase } from './snapshots';

const CHALLENGER_SPECS: Record<ChallengingRole, AgentSpec<ChallengerOutput>> = {
  challenger: challengerAgent,
  'domain-expert': domainExpertAgent,
  'devils-advocate': devilsAdvocateAgent,
};

/** Highest N among ids like "C12" + 1. */
export function nextNumber(ids: string[], prefix: string): number {
  let max = 0;
  for (const id of ids) {
    const n = Number.parseInt(id.replace(/^[A-Z]-?/, ''), 10);
    if (id.startsWith(prefix) && Number.isFinite(n)) max = Math.max(max, n);
  }
  return max + 1;
}

const checked = checkedEvidence;

/** True when the evidence cites files and none of the citations held up. */
export function citationsFailed(evidence: Evidence[]): boolean {
  const cited = evidence.filter((e) => e.checked !== 'unchecked');
  return cited.length > 0 && cited.every((e) => e.checked === 'not_found');
}

// ── 3a: challenge ───────────────────────────────────────────────────────────

export async function challengePhase(ctx: RunContext, state: IterationState, memory: MemoryContext | null, excluded: Challenge[], tighten = false): Promise<IterationState> {
  const { iteration } = state;
  const specs = challengersFor(state.team_mode, iteration, state.synthesizer_directives).map((role) => CHALLENGER_SPECS[role]);
  ctx.emit({ type: 'phase-started', iteration, phase: 'challenge', roles: specs.map((s) => s.role) });
  const nextId = nextNumber(
    state.challenges.map((c) => c.id),
    'C',
  );
  const results = await Promise.all(
    specs.map((spec) =>
      ctx.invoke(
        spec,
        iteration,
        challengerMessage({
          role: spec.role,
          state,
          before: ctx.snapshotOf(iteration - 1),
          iteration,
          maxIterations: ctx.options.config.maxIterations,
          nextChallengeId: nextId,
          assessment: ctx.assessment,
          memory,
          tighten,
        }),
      ),
    ),
  );

  // Refs are namespaced per agent so parallel challengers cannot collide.
  const candidates: { draft: ChallengeDraft; origin: ChallengeOrigin }[] = [];
  const overRoleCap: DeferredSurfaced[] = [];
  const unknownDrafts: UnknownDraft[] = [];
  for (const [k, result] of results.entries()) {
    if (!result.ok) continue; // failure protocol 1: carry forward what exists
    const role = specs[k]!.role as ChallengingRole;
    const refs = new Set(result.value.challenges.map((c) => c.ref));
    const own: { draft: ChallengeDraft; origin: ChallengeOrigin }[] = [];
    for (const draft of result.value.challenges) {
      own.push({ draft: { ...draft, ref: `${k}:${draft.ref}`, evidence: await checked(ctx, draft.evidence) }, origin: role });
    }
    const cap = roleChallengeCap(role);
    const capped = capPerAgent(own, cap, iteration, `per-agent cap: the ${role} may raise at most ${cap} challenges in iteration ${iteration}`);
    candidates.push(...capped.kept);
    overRoleCap.push(...capped.deferred);
    for (const u of result.value.unknowns) {
      const target = u.affects_challenge;
      unknownDrafts.push({ ...u, affects_challenge: target && refs.has(target) ? `${k}:${target}` : target });
    }
  }
  if (candidates.length === 0 && unknownDrafts.length === 0) return state;

  const fresh = dedupeCandidates(candidates, state.challenges, excluded);
  const admission = admitChallenges({ existing: state.challenges, candidates: fresh, iteration, source: 'challengers', nextId, team: state.team_mode });
  const unknowns = [...state.unknowns, ...toUnknowns(unknownDrafts, admission.refToId, state, iteration)];
  return {
    ...state,
    challenges: [...state.challenges, ...admission.admitted],
    unknowns,
    deferred_surfaced: [...state.deferred_surfaced, ...overRoleCap, ...admission.deferred],
    assertions: [...state.assertions, ...toAssertions(fresh, admission.refToId, state.assertions)],
  };
}

function toUnknowns(drafts: UnknownDraft[], refToId: Map<string, string>, state: IterationState, iteration: number): Unknown[] {
  const existingIds = new Set(state.challenges.map((c) => c.id));
  let next = nextNumber(
    state.unknowns.map((u) => u.id),
    'U',
  );
  const out: Unknown[] = [];
  for (const d of drafts) {
    const target = d.affects_challenge;
    const affects = target === null ? null : (refToId.get(target) ?? (existingIds.has(target) ? target : undefined));
    if (affects === undefined) continue; // its challenge was not admitted: nothing to unblock
    out.push({
      id: `U${next++}`,
      description: d.description,
      type: d.type,
      affects_challenge: affects,
      suggested_query: d.suggested_query,
      resolution: null,
      finding: null,
      evidence: [],
      iteration_introduced: iteration,
    });
  }
  return out;
}

function toAssertions(candidates: { draft: ChallengeDraft }[], refToId: Map<string, string>, existing: Assertion[]): Assertion[] {
  let next = nextNumber(
    existing.map((a) => a.id),
    'A',
  );
  const out: Assertion[] = [];
  for (const { draft } of candidates) {
    const id = refToId.get(draft.ref);
    if (!id) continue;
    for (const a of draft.assertions) {
      out.push({ ...a, id: `A-${String(next++).padStart(3, '0')}`, challenge_id: id, status: null, failure_output: null });
    }
  }
  return out;
}

// ── 3b: research ────────────────────────────────────────────────────────────

export async function researchPhase(ctx: RunContext, state: IterationState, directedBy: string[]): Promise<IterationState> {
  const { iteration } = state;
  const pending = state.unknowns.filter((u) => u.resolution === null).map((u) => u.id);
  const modes: ('surface' | 'probe')[] = iteration === 1 ? ['surface', 'probe'] : [...(state.re_sweep ? ['surface' as const] : []), ...(state.re_probe ? ['probe' as const] : [])];
  if (!pending.length && !modes.length) return state;
  // Seed 001 §3b: Mode 1 first, so Modes 2–3 see the resolved unknowns.
  let next: IterationState = { ...state, re_sweep: false, re_probe: false };
  if (pending.length) {
    ctx.emit({ type: 'phase-started', iteration, phase: 'research', roles: ['resolver'] });
    const resolved = await ctx.invoke(resolverAgent, iteration, resolverMessage(state, pending), ['resolve'], {
      unknownTypes: state.unknowns.filter((u) => pending.includes(u.id)).map((u) => u.type),
    });
    next = await applyResolver(ctx, next, pending, resolved);
    if (modes.length) await saveAfterPhase(ctx, next); // Mode 1 is a phase of its own: persist it before Modes 2–3 start
  }
  if (modes.length) {
    ctx.emit({ type: 'phase-started', iteration, phase: 'research', roles: ['researcher'] });
    const researched = await ctx.invoke(
      researcherAgent,
      iteration,
      researcherMessage({ state: next, assessment: ctx.assessment, goal: ctx.plan.goal, reasons: directedBy, modes }),
      modes,
    );
    if (researched.ok) next = await applyResearcher(ctx, next, researched.value);
    else next = { ...next, research_unavailable: true }; // failure protocol 2
  }
  return next;
}

async function applyResolver(ctx: RunContext, state: IterationState, pending: string[], result: InvokeResult<ResolverOutput>): Promise<IterationState> {
  const answers = new Map<string, { resolution: Unknown['resolution']; finding: string; evidence: Evidence[] }>();
  if (result.ok) {
    for (const a of result.value.unknowns) {
      if (!pending.includes(a.id)) continue;
      const evidence = await checked(ctx, a.evidence);
      answers.set(
        a.id,
        citationsFailed(evidence) && a.resolution !== 'UNRESOLVABLE'
          ? { resolution: 'UNRESOLVABLE', finding: `[UNVERIFIED: cited lines not found] ${a.finding}`, evidence }
          : { resolution: a.resolution, finding: a.finding, evidence },
      );
    }
  }
  // Seed 001 3b: unparseable or missing Mode 1 output → every pending unknown is UNRESOLVABLE.
  const missing = result.ok ? 'Not answered by the resolver.' : `Resolver unavailable: ${result.failure.message}`;
  const unknowns = state.unknowns.map((u) => {
    if (!pending.includes(u.id)) return u;
    const a = answers.get(u.id);
    return a ? { ...u, ...a } : { ...u, resolution: 'UNRESOLVABLE' as const, finding: missing };
  });
  return { ...state, unknowns };
}

async function applyResearcher(ctx: RunContext, state: IterationState, value: ResearcherOutput): Promise<IterationState> {
  const surfacedRefs = new Set(value.surfaced.map((s) => s.generates_challenge).filter(Boolean));
  const candidates = [];
  for (const draft of value.new_challenges) {
    const origin: ChallengeOrigin = surfacedRefs.has(draft.ref) ? 'surfaced' : 'probed';
    candidates.push({ draft: { ...draft, evidence: await checked(ctx, draft.evidence) }, origin });
  }
  const fresh = dedupeCandidates(candidates, state.challenges);
  const admission = admitChallenges({
    existing: state.challenges,
    candidates: fresh,
    iteration: state.iteration,
    source: 'research',
    nextId: nextNumber(
      state.challenges.map((c) => c.id),
      'C',
    ),
  });
  const mapRef = (ref: string | null) => (ref ? (admission.refToId.get(ref) ?? null) : null);
  let s = nextNumber(
    state.surfaced_contexts.map((x) => x.id),
    'S',
  );
  let p = nextNumber(
    state.probed_risks.map((x) => x.id),
    'P',
  );
  const surfaced: SurfacedContext[] = value.surfaced.map((x) => ({ ...x, id: `S${s++}`, generates_challenge: mapRef(x.generates_challenge), iteration: state.iteration }));
  const probed: ProbedRisk[] = value.probed.map((x) => ({ ...x, id: `P${p++}`, generates_challenge: mapRef(x.generates_challenge), iteration: state.iteration }));
  return {
    ...state,
    challenges: [...state.challenges, ...admission.admitted],
    surfaced_contexts: [...state.surfaced_contexts, ...surfaced],
    probed_risks: [...state.probed_risks, ...probed],
    deferred_surfaced: [...state.deferred_surfaced, ...admission.deferred],
    assertions: [...state.assertions, ...toAssertions(fresh, admission.refToId, state.assertions)],
  };
}

// ── 3c: synthesis ───────────────────────────────────────────────────────────

export type SynthesisOutcome = { ok: true; state: IterationState; output: SynthesizerOutput; notes: string[] } | { ok: false; state: IterationState; message: string };

export async function synthesisPhase(ctx: RunContext, state: IterationState, notes: string[]): Promise<SynthesisOutcome> {
  const { iteration } = state;
  ctx.emit({ type: 'phase-started', iteration, phase: 'synthesis', roles: ['synthesizer'] });
  const result = await ctx.invoke(
    synthesizerAgent,
    iteration,
    synthesizerMessage({ state, before: ctx.snapshotOf(iteration - 1), iteration, maxIterations: ctx.options.config.maxIterations, notes }),
  );
  if (!result.ok) return { ok: false, state, message: result.failure.message };

  const output = result.value;
  const byId = new Map(state.challenges.map((c) => [c.id, c]));
  const refused: RefusedSettlement[] = [];
  const updates = [];
  for (const update of output.updates) {
    const evidence = creditResolvedUnknowns(await checked(ctx, update.evidence), state.unknowns, update.id);
    const current = byId.get(update.id);
    const grounds = current ? settlementGrounds(current, update.status, evidence, state.user_responses) : { ok: true as const };
    if (!grounds.ok) {
      refused.push({ iteration, id: update.id, status: update.status, reason: grounds.reason });
      continue;
    }
    updates.push({ ...update, evidence });
  }
  const applied = applyUpdates(state.challenges, updates, iteration);
  for (const r of applied.rejected) refused.push({ iteration, id: r.id, status: output.updates.find((u) => u.id === r.id)?.status ?? 'OPEN', reason: r.reason });
  const engineNotes = refused.map((r) => `Engine: ${r.reason}`);
  return {
    ok: true,
    output,
    notes: engineNotes,
    state: {
      ...state,
      challenges: applied.challenges,
      synthesizer_directives: [...output.directives, ...engineNotes],
      refused_settlements: [...state.refused_settlements, ...refused],
      synthesizer_summary: output.summary,
      contradictions: output.contradictions,
    },
  };
}
