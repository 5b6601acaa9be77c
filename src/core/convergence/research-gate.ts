/**
 * Seed 002 §7.5: the synthesizer may ask for RE-SWEEP (Mode 2) and RE-PROBE
 * (Mode 3) in the next iteration; the engine grants a request only when a
 * trigger holds and no SHOULD-NOT condition does.
 */
import type { IterationState, UnknownResolution, UserResponse } from '../protocol';
import { isOpenOrUnresolved } from './counting';
import { netResolution } from './progress';

export interface ResearchGateInput {
  requested: { re_sweep: boolean; re_probe: boolean };
  /** This iteration's state after synthesis. */
  state: IterationState;
  previous: IterationState | null;
  iteration: number;
  maxIterations: number;
}

export interface ResearchGateResult {
  re_sweep: boolean;
  re_probe: boolean;
  /** One line per requested directive: why it was granted or refused. */
  reasons: string[];
}

/**
 * Words that mark a finding as revealing a dependency chain. A heuristic:
 * the resolver writes free text, and a false positive costs one extra probe.
 */
const DEPENDENCY_WORDS =
  /\b(depend(s|ed|ent|ency|encies|ing)?|dependant|requires?|required|relies|rely|prerequisites?|upstream|downstream|cascad\w*|chain(s|ed)?|coupled|transitive)\b/i;

const RESOLVED_UNKNOWN: readonly UnknownResolution[] = ['CONFIRMED', 'PARTIALLY_RESOLVED'];
const SCOPE_CHANGING_ACTIONS: readonly UserResponse['action'][] = ['provide_context', 'override'];

export function gateResearchDirectives(input: ResearchGateInput): ResearchGateResult {
  const { requested, state, previous, iteration } = input;
  const result: ResearchGateResult = { re_sweep: false, re_probe: false, reasons: [] };
  if (!requested.re_sweep && !requested.re_probe) return result;

  const refusal = shouldNot(input);
  if (refusal) {
    if (requested.re_sweep) result.reasons.push(`RE-SWEEP refused: ${refusal}`);
    if (requested.re_probe) result.reasons.push(`RE-PROBE refused: ${refusal}`);
    return result;
  }

  if (requested.re_sweep) {
    const trigger = reSweepTrigger(state, previous, iteration);
    result.re_sweep = trigger !== null;
    result.reasons.push(
      trigger ? `RE-SWEEP granted: ${trigger}` : 'RE-SWEEP refused: no trigger holds (no new BLOCKING challenge contradicting surfaced context, no scope-changing user response)',
    );
  }
  if (requested.re_probe) {
    const trigger = reProbeTrigger(state, previous);
    result.re_probe = trigger !== null;
    result.reasons.push(
      trigger
        ? `RE-PROBE granted: ${trigger}`
        : 'RE-PROBE refused: no trigger holds (no resolved unknown revealing a dependency, no unprobed UNRESOLVED BLOCKING/SIGNIFICANT challenge)',
    );
  }
  return result;
}

/** The §7.5 SHOULD-NOT conditions; the first that holds, in words, or null. */
function shouldNot({ state, previous, iteration, maxIterations }: ResearchGateInput): string | null {
  if (iteration >= maxIterations) return `iteration ${iteration} is the last (max ${maxIterations}); no further iteration would use it`;
  const remaining = state.challenges.filter(isOpenOrUnresolved);
  if (!remaining.some((c) => c.severity !== 'MINOR')) return 'only MINOR challenges remain open';
  const { resolved } = netResolution(previous?.challenges ?? [], state.challenges, iteration);
  if (resolved > 0 && !state.challenges.some((c) => c.status === 'UNRESOLVED')) {
    return `all challenges are progressing (${resolved} resolved this iteration, none UNRESOLVED)`;
  }
  return null;
}

function reSweepTrigger(state: IterationState, previous: IterationState | null, iteration: number): string | null {
  const contradicting = state.surfaced_contexts.filter((s) => s.impact === 'contradicts_plan');
  for (const c of state.challenges) {
    if (c.severity !== 'BLOCKING' || c.iteration_introduced !== iteration || !isOpenOrUnresolved(c)) continue;
    const source = state.surfaced_contexts.find((s) => s.generates_challenge === c.id) ?? contradicting[0];
    if (source) return `new BLOCKING ${c.id} contradicts surfaced context ${source.id}`;
  }
  const earlier = new Set((previous?.user_responses ?? []).map((r) => JSON.stringify(r)));
  const scopeChange = state.user_responses.find((r) => SCOPE_CHANGING_ACTIONS.includes(r.action) && !earlier.has(JSON.stringify(r)));
  if (scopeChange) return `user response (${scopeChange.action}) changes the plan's scope or constraints`;
  return null;
}

function reProbeTrigger(state: IterationState, previous: IterationState | null): string | null {
  const isResolved = (r: UnknownResolution | null | undefined) => r != null && RESOLVED_UNKNOWN.includes(r);
  const resolvedBefore = new Set((previous?.unknowns ?? []).filter((u) => isResolved(u.resolution)).map((u) => u.id));
  const revealing = state.unknowns.find((u) => isResolved(u.resolution) && !resolvedBefore.has(u.id) && DEPENDENCY_WORDS.test(u.finding ?? ''));
  if (revealing) return `resolved unknown ${revealing.id} revealed a dependency chain`;

  const probed = new Set(state.probed_risks.map((p) => p.generates_challenge).filter((id) => id !== null));
  const unprobed = state.challenges.find((c) => c.status === 'UNRESOLVED' && c.severity !== 'MINOR' && !probed.has(c.id));
  if (unprobed) return `UNRESOLVED ${unprobed.severity} ${unprobed.id} has implications no probe explored`;
  return null;
}
