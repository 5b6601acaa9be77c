/**
 * Admission of new challenges under the guards of seed 002 §8, and
 * near-duplicate removal before admission (scaled teams run several
 * challengers in parallel and they often raise the same point).
 */
import type { Challenge, ChallengeDraft, ChallengeOrigin, Confidence, DeferredSurfaced, Likelihood, TeamMode } from '../protocol';
import { TEAMS } from '../teams';
import { type AdmissionSource, CAPS, ORIGINS_OF_SOURCE, challengeNumber, compareSeverity, isActive } from './counting';

export interface AdmissionCandidate {
  draft: ChallengeDraft;
  origin: ChallengeOrigin;
}

export interface AdmissionInput {
  existing: Challenge[];
  candidates: AdmissionCandidate[];
  iteration: number;
  source: AdmissionSource;
  /** The next global C-number. Raised past the highest existing id if it is lower, so ids never collide. */
  nextId: number;
  /** The team whose challengers' merged cap applies (TEAMS); base when absent. */
  team?: TeamMode;
}

export interface AdmissionResult {
  /** In rank order (compareAdmission) with increasing ids. */
  admitted: Challenge[];
  /** Candidates cut by a cap, tagged DEFERRED_SURFACED for the report. */
  deferred: DeferredSurfaced[];
  /** Candidate ref → assigned id, for admitted candidates only. A repeated ref is keyed `ref#2`, `ref#3`… in input order. */
  refToId: Map<string, string>;
  nextId: number;
}

const CONFIDENCE_WEIGHT: Record<Confidence, number> = { HIGH: 3, MED: 2, LOW: 1 };
const LIKELIHOOD_WEIGHT: Record<Likelihood, number> = { HIGH: 3, MED: 2, LOW: 1 };

/**
 * Seed 002 §8: "If new challenges would exceed the cap, rank by severity."
 * Severity ranks first, always; confidence × probability (MED when not
 * stated) only orders challenges of the same severity. A BLOCKING raised
 * with LOW confidence and LOW probability still ranks above a MINOR held
 * with HIGH/HIGH: a black swan is unlikely by definition, and its severity
 * is what the cap must keep.
 */
export function compareAdmission(a: Pick<ChallengeDraft, 'severity' | 'confidence' | 'probability'>, b: Pick<ChallengeDraft, 'severity' | 'confidence' | 'probability'>): number {
  return compareSeverity(a.severity, b.severity) || tieBreakWeight(b) - tieBreakWeight(a);
}

/** Confidence × probability: how sure and how likely, the tie-break within one severity. */
export function tieBreakWeight(draft: Pick<ChallengeDraft, 'confidence' | 'probability'>): number {
  return CONFIDENCE_WEIGHT[draft.confidence] * LIKELIHOOD_WEIGHT[draft.probability ?? 'MED'];
}

/**
 * Ranks candidates (compareAdmission, then input order), keeps the
 * top ones allowed by the per-iteration cap of `source` and then by the
 * active-total cap, and turns them into OPEN challenges.
 *
 * The per-iteration cap counts challenges of the same source already
 * introduced in this iteration, so calling twice in one iteration cannot
 * exceed it.
 */
export function admitChallenges(input: AdmissionInput): AdmissionResult {
  const { existing, candidates, iteration, source } = input;
  if (!Number.isInteger(iteration) || iteration < 1) {
    throw new RangeError(`admitChallenges: iteration must be an integer >= 1, got ${String(iteration)}`);
  }

  const perIterationCap = source === 'challengers' ? TEAMS[input.team ?? 'base'].challengerCapPerIteration : CAPS.perIterationFromResearch;
  const sourceOrigins = ORIGINS_OF_SOURCE[source];
  // Challenges carried over from the last run were not added by this iteration's agents.
  const alreadyThisIteration = existing.filter((c) => c.iteration_introduced === iteration && !c.carried && sourceOrigins.includes(c.origin)).length;
  const perIterationRoom = Math.max(0, perIterationCap - alreadyThisIteration);
  const activeRoom = Math.max(0, CAPS.activeTotal - existing.filter(isActive).length);

  const refs = uniqueRefs(candidates.map((c) => c.draft.ref));
  const ranked = candidates
    .map((candidate, index) => ({ candidate, index, ref: refs[index] ?? '' }))
    .sort((a, b) => compareAdmission(a.candidate.draft, b.candidate.draft) || a.index - b.index);

  let nextId = Math.max(1, Math.floor(Number.isFinite(input.nextId) ? input.nextId : 1), highestId(existing) + 1);
  const admitted: Challenge[] = [];
  const deferred: DeferredSurfaced[] = [];
  const refToId = new Map<string, string>();

  ranked.forEach(({ candidate, ref }, rank) => {
    const { draft, origin } = candidate;
    if (rank >= perIterationRoom) {
      deferred.push(deferredEntry(candidate, iteration, perIterationReason(source, perIterationCap, alreadyThisIteration)));
      return;
    }
    if (admitted.length >= activeRoom) {
      deferred.push(deferredEntry(candidate, iteration, `active-total cap: at most ${CAPS.activeTotal} active (OPEN or UNRESOLVED) challenges at any time`));
      return;
    }
    const id = `C${nextId++}`;
    refToId.set(ref, id);
    admitted.push(openChallenge(draft, id, origin, iteration));
  });

  return { admitted, deferred, refToId, nextId };
}

/** The OPEN challenge an admitted draft becomes: its own copy of the draft's fields and evidence, history starting at `iteration`. */
export function openChallenge(draft: ChallengeDraft, id: string, origin: ChallengeOrigin, iteration: number): Challenge {
  return {
    id,
    origin,
    quote: draft.quote,
    claim: draft.claim,
    concern: draft.concern,
    failure_scenario: draft.failure_scenario,
    alternative: draft.alternative,
    severity: draft.severity,
    confidence: draft.confidence,
    ...(draft.probability ? { probability: draft.probability } : {}),
    status: 'OPEN',
    resolution: '',
    iteration_introduced: iteration,
    evidence: structuredClone(draft.evidence ?? []),
    history: [{ iteration, status: 'OPEN' }],
  };
}

/**
 * One agent's own limit (seed agent definitions): its `cap` strongest drafts
 * by compareAdmission (input order on ties) are kept in input order, the
 * rest are DEFERRED_SURFACED with `reason`.
 */
export function capPerAgent<T extends AdmissionCandidate>(candidates: T[], cap: number, iteration: number, reason: string): { kept: T[]; deferred: DeferredSurfaced[] } {
  const order = candidates.map((c, index) => ({ c, index })).sort((a, b) => compareAdmission(a.c.draft, b.c.draft) || a.index - b.index);
  const keep = new Set(order.slice(0, Math.max(0, cap)).map((x) => x.index));
  return {
    kept: candidates.filter((_, i) => keep.has(i)),
    deferred: candidates.filter((_, i) => !keep.has(i)).map((c) => deferredEntry(c, iteration, reason)),
  };
}

function perIterationReason(source: AdmissionSource, cap: number, already: number): string {
  const who = source === 'challengers' ? 'challengers' : 'research (surface + probe)';
  const taken = already > 0 ? `; ${already} already added this iteration` : '';
  return `per-iteration cap: ${who} may add at most ${cap} new challenges per iteration${taken}`;
}

function deferredEntry(candidate: AdmissionCandidate, iteration: number, reason: string): DeferredSurfaced {
  return {
    origin: candidate.origin,
    severity: candidate.draft.severity,
    confidence: candidate.draft.confidence,
    ...(candidate.draft.probability ? { probability: candidate.draft.probability } : {}),
    claim: candidate.draft.claim,
    quote: candidate.draft.quote,
    iteration,
    reason,
  };
}

function highestId(challenges: Challenge[]): number {
  let max = 0;
  for (const c of challenges) max = Math.max(max, challengeNumber(c.id) ?? 0);
  return max;
}

/** First occurrence keeps its ref; later repeats (and empty refs) get `ref#k` with the smallest free k >= 2. */
function uniqueRefs(refs: string[]): string[] {
  const seen = new Set<string>();
  return refs.map((ref) => {
    let key = ref;
    for (let k = 2; key === '' || seen.has(key); k++) key = `${ref}#${k}`;
    seen.add(key);
    return key;
  });
}

// ── Near-duplicates ─────────────────────────────────────────────────────────

/** Claims whose token sets overlap at least this much (Jaccard) are the same point. */
export const CLAIM_SIMILARITY_THRESHOLD = 0.6;
/** Share of the shorter text's content words the other one repeats for two concerns to be the same (and at least MIN_SHARED_WORDS of them). */
export const CONCERN_OVERLAP_THRESHOLD = 0.6;
const MIN_SHARED_WORDS = 4;

/** Words that carry no meaning of their own in a challenge ("the plan assumes that it will …"). */
const FILLER = new Set(
  'a an and are as at be been but by can could does for from has have if in into is it its may might not of on or plan plans assumes assume assumption should so than that the their then there these this those to under when which while will with would without x y z'.split(
    ' ',
  ),
);

interface MeaningKey {
  quote: string;
  quoteTokens: Set<string>;
  claim: Set<string>;
  concern: Set<string>;
}

function meaningKey(draft: Pick<ChallengeDraft, 'quote' | 'claim' | 'concern'>): MeaningKey {
  const quote = normaliseText(draft.quote);
  return { quote, quoteTokens: tokenSet(draft.quote), claim: tokenSet(draft.claim), concern: contentWords(`${draft.claim} ${draft.concern}`) };
}

/** Same plan passage: equal quotes, one inside the other, or mostly the same words. */
function samePassage(a: MeaningKey, b: MeaningKey): boolean {
  if (a.quote === b.quote) return true;
  if (a.quote.length >= 8 && b.quote.length >= 8 && (a.quote.includes(b.quote) || b.quote.includes(a.quote))) return true;
  return jaccard(a.quoteTokens, b.quoteTokens) >= CLAIM_SIMILARITY_THRESHOLD;
}

/** Same concern: near-identical claims, or the shorter claim + concern mostly repeated by the other. */
function sameConcern(a: MeaningKey, b: MeaningKey): boolean {
  return jaccard(a.claim, b.claim) >= CLAIM_SIMILARITY_THRESHOLD || overlap(a.concern, b.concern) >= CONCERN_OVERLAP_THRESHOLD;
}

/**
 * Drops duplicates by meaning: two challenges are the same when they are
 * about the same plan passage AND raise the same concern (see samePassage,
 * sameConcern). Among candidates the one ranked first by compareAdmission
 * wins, then the earlier one; a candidate that duplicates an existing
 * non-WITHDRAWN challenge, or any `suppressed` one (settled on a user
 * decision in an earlier run), is dropped. Survivors keep their input order.
 */
export function dedupeCandidates<T extends { draft: ChallengeDraft }>(candidates: T[], existing: Challenge[], suppressed: Challenge[] = []): T[] {
  const existingKeys = [...existing.filter((c) => c.status !== 'WITHDRAWN'), ...suppressed].map(meaningKey);
  const order = candidates
    .map((candidate, index) => ({ candidate, index, key: meaningKey(candidate.draft) }))
    .sort((a, b) => compareAdmission(a.candidate.draft, b.candidate.draft) || a.index - b.index);

  const keptKeys: MeaningKey[] = [];
  const keptIndexes = new Set<number>();
  for (const { index, key } of order) {
    const same = (other: MeaningKey) => samePassage(other, key) && sameConcern(other, key);
    if (existingKeys.some(same) || keptKeys.some(same)) continue;
    keptKeys.push(key);
    keptIndexes.add(index);
  }
  return candidates.filter((_, index) => keptIndexes.has(index));
}

/** Case, accents' composition, punctuation and whitespace do not matter. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function tokenSet(text: string): Set<string> {
  const normalised = normaliseText(text);
  return new Set(normalised === '' ? [] : normalised.split(' '));
}

/** Tokens minus filler words, each cut to its first 5 letters so "retries"/"retry" and "expire"/"expires" meet. */
function contentWords(text: string): Set<string> {
  return new Set([...tokenSet(text)].filter((t) => !FILLER.has(t) && t.length > 1).map((t) => t.slice(0, 5)));
}

/** Token Jaccard similarity of two claims, 0..1, after normaliseText. */
export function claimSimilarity(a: string, b: string): number {
  return jaccard(tokenSet(a), tokenSet(b));
}

/** |A ∩ B| / |A ∪ B|; two empty sets are identical (1). */
function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** |A ∩ B| / min(|A|, |B|); 0 when they share fewer than MIN_SHARED_WORDS words (too little to call it the same concern). */
function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared < MIN_SHARED_WORDS ? 0 : shared / Math.min(a.size, b.size);
}
