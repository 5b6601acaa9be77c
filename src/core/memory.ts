/**
 * Memory of past runs. `carryForward` turns the last run of a plan into what
 * the next run needs: the user's decisions and the earlier challenges that
 * still concern the plan (so they are not re-raised), and a bounded diff of
 * the plan since then (so challengers focus on what changed).
 * `createStoreMemorySource` backs the `memory_search` research tool.
 *
 * Past runs are untrusted input too (a file on disk): everything here reads
 * them defensively and treats their text as data.
 */
import { createTwoFilesPatch } from 'diff';
import { anchorQuote } from './anchor';
import { parsePlan, type Plan } from './plan';
import type { Challenge, IterationState } from './protocol';
import type { RunResult } from './run-types';
import type { FileRunStore } from './store';

export type UserDecision = 'acknowledged' | 'overridden' | 'answered';

export interface CarriedDecision {
  /** The challenge the decision settled; null for answers to general questions. */
  challengeId: string | null;
  decision: UserDecision;
  /** The plan text the challenge quoted (null without a challenge). */
  quote: string | null;
  claim: string | null;
  /** What the user wrote, if anything. */
  text: string | null;
  iteration: number;
  runId: string;
}

export interface CarryForward {
  decisions: CarriedDecision[];
  /** Challenges of the last run whose quote still occurs in the plan (any status). */
  priorChallenges: Challenge[];
  /** Challenges dropped because the plan text they quoted is gone. */
  droppedChallengeIds: string[];
  /** Unified diff of the plan since the last run, bounded; null when unchanged or unknown. */
  diff: string | null;
  /** true / false when the last run stored its plan text; null when it did not. */
  planChanged: boolean | null;
  /** A short account for prompts and the report. */
  summary: string;
}

export const MAX_DIFF_CHARS = 8000;
const ACTION_DECISION: Partial<Record<string, UserDecision>> = {
  acknowledge_risk: 'acknowledged',
  override: 'overridden',
  provide_context: 'answered',
};

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** The quote still anchors (anchor.ts), or its words still occur verbatim (a quote repeated in the plan is ambiguous to anchor but still present). */
function stillQuoted(plan: Plan, planWords: string, quote: string): boolean {
  if (typeof quote !== 'string' || quote.trim() === '') return false;
  if (anchorQuote(plan, quote).found) return true;
  const needle = words(quote);
  return needle !== '' && ` ${planWords} `.includes(` ${needle} `);
}

export function carryForward(previous: RunResult, planText: string): CarryForward {
  const plan = parsePlan(planText);
  const planWords = words(plan.text);
  const iterations: IterationState[] = Array.isArray(previous.iterations) ? previous.iterations : [];
  const last = iterations[iterations.length - 1];
  const challenges = last?.challenges ?? [];

  const priorChallenges: Challenge[] = [];
  const droppedChallengeIds: string[] = [];
  for (const challenge of challenges) {
    if (stillQuoted(plan, planWords, challenge.quote)) priorChallenges.push(challenge);
    else droppedChallengeIds.push(challenge.id);
  }
  const kept = new Map(priorChallenges.map((c) => [c.id, c]));
  const known = new Map(challenges.map((c) => [c.id, c]));

  const decisions = new Map<string, CarriedDecision>();
  for (const state of iterations) {
    for (const response of state.user_responses ?? []) {
      const decision = ACTION_DECISION[response.action];
      if (!decision) continue;
      const challenge = response.challenge_id ? known.get(response.challenge_id) : undefined;
      if (response.challenge_id && !kept.has(response.challenge_id)) continue;
      const key = response.challenge_id ?? `general-${state.iteration}-${decisions.size}`;
      decisions.set(key, {
        challengeId: response.challenge_id,
        decision,
        quote: challenge?.quote ?? null,
        claim: challenge?.claim ?? null,
        text: response.text ?? null,
        iteration: response.iteration,
        runId: previous.runId,
      });
    }
  }
  for (const challenge of priorChallenges) {
    if (!challenge.user_decision || decisions.get(challenge.id)?.decision === challenge.user_decision) continue;
    decisions.set(challenge.id, {
      challengeId: challenge.id,
      decision: challenge.user_decision,
      quote: challenge.quote,
      claim: challenge.claim,
      text: decisions.get(challenge.id)?.text ?? null,
      iteration: challenge.history.at(-1)?.iteration ?? challenge.iteration_introduced,
      runId: previous.runId,
    });
  }

  const { diff, planChanged } = planDiff(previous.planText, plan.text);
  const result = { decisions: [...decisions.values()], priorChallenges, droppedChallengeIds, diff, planChanged };
  return { ...result, summary: summarise(previous, result) };
}

function planDiff(before: string | undefined, after: string): { diff: string | null; planChanged: boolean | null } {
  if (typeof before !== 'string') return { diff: null, planChanged: null };
  const old = parsePlan(before).text;
  if (old === after) return { diff: null, planChanged: false };
  const patch = createTwoFilesPatch('plan (last run)', 'plan (now)', old, after, undefined, undefined, { context: 2, timeout: 1000, maxEditLength: 4000 });
  if (patch === undefined) return { diff: '[the plan changed too much to diff; treat it as rewritten]', planChanged: true };
  const body = patch
    .split('\n')
    .filter((line) => !line.startsWith('===='))
    .join('\n');
  if (body.length <= MAX_DIFF_CHARS) return { diff: body, planChanged: true };
  const cut = body.lastIndexOf('\n', MAX_DIFF_CHARS);
  return { diff: `${body.slice(0, cut)}\n[diff truncated: ${body.length - cut} more characters]`, planChanged: true };
}

function summarise(previous: RunResult, r: Omit<CarryForward, 'summary'>): string {
  const lines = [`Last run ${previous.runId} (${previous.startedAt}) ended ${previous.verdict}.`];
  if (r.planChanged === null) lines.push('The last run did not store the plan text, so what changed is unknown.');
  else if (!r.planChanged) lines.push('The plan has not changed since then.');
  else {
    const added = (r.diff?.match(/^\+(?!\+\+)/gm) ?? []).length;
    const removed = (r.diff?.match(/^-(?!--)/gm) ?? []).length;
    lines.push(`The plan changed since then (+${added} / -${removed} lines); focus on the changed parts.`);
  }
  const open = r.priorChallenges.filter((c) => c.status === 'OPEN' || c.status === 'UNRESOLVED').length;
  lines.push(
    `${r.priorChallenges.length} earlier challenge(s) quote text still in the plan (${open} not settled); ${r.droppedChallengeIds.length} quote text that is gone. The unsettled ones are carried into this run under their ids and judged again.`,
  );
  for (const d of r.decisions) {
    const about = d.challengeId ? `${d.challengeId} ("${(d.claim ?? d.quote ?? '').slice(0, 120)}")` : 'a general question';
    const note = d.text ? `: ${d.text.slice(0, 300)}` : '';
    lines.push(`User ${d.decision} ${about}${note}. This stands unless the changed plan text makes it obsolete.`);
  }
  return lines.join('\n');
}

// ── memory_search ───────────────────────────────────────────────────────────

export interface MemoryHit {
  runId: string;
  runStartedAt: string;
  planPath: string;
  kind: 'challenge' | 'decision';
  /** Challenge id (C3) or the decided challenge's id. */
  id: string;
  text: string;
  score: number;
}

export interface MemorySource {
  search(query: string, signal?: AbortSignal): Promise<MemoryHit[]>;
}

export interface StoreMemoryOptions {
  /** Search this plan's history first (all kept runs) besides the latest run of every plan. */
  planPath?: string;
  maxHits?: number;
}

/** memory_search over the runs in a FileRunStore: term overlap over challenge text, resolutions and user decisions. */
export function createStoreMemorySource(store: Pick<FileRunStore, 'loadHistory' | 'loadAllLatest'>, options: StoreMemoryOptions = {}): MemorySource {
  const maxHits = options.maxHits ?? 8;
  return {
    async search(query, signal) {
      const terms = [
        ...new Set(
          words(query)
            .split(' ')
            .filter((t) => t.length > 2),
        ),
      ];
      if (terms.length === 0) return [];
      const runs = [...(options.planPath ? await store.loadHistory(options.planPath, 10) : []), ...(await store.loadAllLatest(20))];
      const seen = new Set<string>();
      const hits: MemoryHit[] = [];
      for (const run of runs) {
        if (signal?.aborted || seen.has(run.runId)) continue;
        seen.add(run.runId);
        const last = run.iterations[run.iterations.length - 1];
        for (const c of last?.challenges ?? []) {
          const text = `${c.claim} | status ${c.status}${c.resolution ? ` | ${c.resolution}` : ''}${c.user_decision ? ` | user ${c.user_decision}` : ''} | quote: "${c.quote}"`;
          push(hits, terms, { runId: run.runId, runStartedAt: run.startedAt, planPath: run.planPath, kind: 'challenge', id: c.id, text });
        }
        for (const state of run.iterations) {
          for (const r of state.user_responses) {
            if (!r.text) continue;
            const id = r.challenge_id ?? `iteration ${state.iteration}`;
            push(hits, terms, { runId: run.runId, runStartedAt: run.startedAt, planPath: run.planPath, kind: 'decision', id, text: `${r.action}: ${r.text}` });
          }
        }
      }
      return hits.sort((a, b) => b.score - a.score).slice(0, maxHits);
    },
  };
}

function push(hits: MemoryHit[], terms: string[], hit: Omit<MemoryHit, 'score'>): void {
  const haystack = ` ${words(hit.text)} `;
  const score = terms.filter((t) => haystack.includes(t)).length / terms.length;
  if (score > 0) hits.push({ ...hit, text: hit.text.slice(0, 600), score });
}
